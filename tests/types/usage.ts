// A small typed use of the engine's API: `tsc --noEmit` fails if web/attn-engine.d.ts and the
// way the course uses the engine drift apart. (Compiled only, never run.)
import type { AttnEngine, Tensor } from '../../web/attn-engine.js';
import createAttnEngine from '../../web/attn-engine.js';

async function causalGqa(): Promise<Tensor> {
  const engine: AttnEngine = await createAttnEngine();
  const r = engine.attention({
    q: { shape: [5, 8], data: new Float32Array(40) }, // [Tq, H·d] = [5, 4·2]
    k: { shape: [5, 4], data: new Float32Array(20) }, // [Tk, G·d] = [5, 2·2]
    v: [
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ],
    nHeads: 4,
    nKvHeads: 2,
    causal: true,
  });
  const firstRow: number = r.weights.data[0];
  const s = engine.softmax([8, 7, 9]);
  const e: number = s.entropy + firstRow;
  void e;
  // @ts-expect-error maskMode only takes the two documented values
  engine.attention({ q: [[1]], k: [[1]], v: [[1]], maskMode: 'after' });
  // want: only the parts asked for, typed as such.
  const only = engine.attention({ q: [[1]], k: [[1]], v: [[1]], want: ['output'] });
  const out: Tensor = only.output;
  // @ts-expect-error weights were not asked for
  void only.weights;
  void out;
  return r.output;
}
void causalGqa;

// Byte figures of the course: lesson 2's score memory and MLA's reduction against 67B.
async function courseBytes(): Promise<number> {
  const engine: AttnEngine = await createAttnEngine();
  const m = engine.scoreMemory({ T: 4096, dA: 256, dtypeBytes: 2 });
  // @ts-expect-error dA is required
  engine.scoreMemory({ T: 4096 });
  return m.additiveBytes / m.dotBytes + engine.kvReduction(389120, 69120);
}
void courseBytes;

// The lab's trained model: loaded once, run many times, freed explicitly.
async function labPrompt(bytes: Uint8Array): Promise<string> {
  const engine: AttnEngine = await createAttnEngine();
  const lab = engine.labLoad(bytes);
  const r = engine.labRun(lab.id, { text: '小明把苹果给了', attention: true });
  const layer = r.attention[0];
  // A layer is full (softmax weights) or linear (its state instead): narrowed by its type.
  const first: number = layer.type === 'full' ? layer.weights.data[0] : layer.stateNorms.data[0];
  // @ts-expect-error a linear layer may have no weights: narrow by type first
  void r.attention[1].weights;
  const sink: number = r.sinkShare[3][0] + r.top5[0].prob + first;
  void sink;
  const ledger: number = engine.labLedger(lab.id, { tokens: 4096 }).bytesForContext;
  void ledger;
  const g = engine.labGenerate(lab.id, { tokens: r.tokens, steps: 4 });
  // @ts-expect-error labRun needs tokens or text
  engine.labRun(lab.id, { attention: true });
  // Its weights as the exporter reads them: named f32 tensors.
  const w = engine.labTensors(lab.id)[0];
  const described: string = `${w.name} [${w.shape.join(', ')}] ${w.data[0]}`;
  engine.labUnload(lab.id);
  return g.text + lab.vocab[0] + lab.config.nKvHeads + described;
}
void labPrompt;

// The KV ledger: a sliding window caps the cached tokens; a context past the limit is flagged.
async function mistralLedger(): Promise<number> {
  const engine: AttnEngine = await createAttnEngine();
  const mistral = {
    name: 'Mistral 7B',
    layers: 32,
    attention: { kind: 'gqa' as const, nHeads: 32, nKvHeads: 8, headDim: 128 },
    contextLength: 32768,
    slidingWindow: 4096,
  };
  const rows = engine.kvLedgerVariants(mistral, 65536);
  const flagged: boolean = rows[0].exceedsContext;
  return rows[0].cachedTokens + (flagged ? 1 : 0);
}
void mistralLedger;
