// A small typed use of the engine's API: `tsc --noEmit` fails if web/attn-engine.d.ts and the
// way the course uses the engine drift apart. (Compiled only, never run.)
import type { AttnEngine, Tensor } from '../../web/attn-engine.js';
import createAttnEngine from '../../web/attn-engine.js';

async function causalGqa(): Promise<Tensor> {
  const engine: AttnEngine = await createAttnEngine();
  const r = engine.attention({
    q: { shape: [5, 8], data: new Float32Array(40) }, // [Tq, H·d] = [5, 4·2]
    k: { shape: [5, 4], data: new Float32Array(20) }, // [Tk, G·d] = [5, 2·2]
    v: [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]],
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
  return r.output;
}
void causalGqa;
