// npm run export-hf -- --out DIR [--model FILE]
// The lab's all-full-attention model (course-data/lab-model-full.bin, the hybrid ablation's
// comparison model; the shipped hybrid's Gated DeltaNet layers have no Qwen3 layout) as a real
// checkpoint, in the two layouts
// the open-model widget reads, so that the widget's whole path (file picker → parsers → engine)
// can be checked against the lab without downloading anything:
//   DIR/hf/    config.json (Qwen3 + "attn_output_gate": true), model.safetensors (F16, the
//              values the lab computes with, exactly), tokenizer.json, tokenizer_config.json
//   DIR/lab-model-f16.gguf   general.architecture "qwen3" (+ qwen3.attention.output_gate),
//              2-D tensors F16, 1-D gains F32, the vocabulary as tokenizer.ggml.* ("llama" model)
// The weights come from the engine (labLoad + labTensors), not from a second parser of the
// lab's file format: the engine already checks the file (magic, version, CRC-32, shapes), and
// what it computes with is by definition the model to export.
//
// Mapping (cpp/include/attn/models/lab_model.hpp → HF Qwen3, row-vector x·W → torch Linear
// [out, in]):
//   embedding → model.embed_tokens.weight (tied LM head); per layer attn_norm →
//   input_layernorm; wq [D, H·d] and w_gate [D, H·d] → q_proj [2·H·d, D] with the rows of head h
//   = [wqᵀ rows of h (d); w_gateᵀ rows of h (d)] (Qwen3-Next's per-head [query; gate]); wk, wv →
//   k_proj, v_proj (transposed); q_norm, k_norm → self_attn.q_norm / k_norm; wo → o_proj
//   (transposed); mlp_norm → post_attention_layernorm; w1 → gate_proj, w3 → up_proj, w2 →
//   down_proj (transposed); final_norm → model.norm. rms_norm_eps 1e-6 (attn::kRmsNormEps),
//   rope_theta = rope_base.
// Tokens: the lab's vocabulary as a char-level tokenizer (<bos> = 0, <unk> = 1, then one
// character per id). Who adds <bos>: the files declare it (tokenizer.json's TemplateProcessing
// post-processor puts <bos> first, as Llama's does; the GGUF has tokenizer.ggml.add_bos_token
// and bos_token_id 0); the loader encodes without special tokens and prepends that bosId, which
// gives LabModel::encode's ids.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { writeSafetensors } from '../tests/model-files/safetensors-writer.js';
import { labToHf, hfConfigJson, charTokenizerJson, ggufOf, GGUF_NAME } from './lab-checkpoint.mjs';

export {
  labToHf,
  hfConfigJson,
  charTokenizerJson,
  labModelGguf,
  GGUF_NAME,
} from './lab-checkpoint.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Writes DIR/hf/{config.json, model.safetensors, tokenizer.json, tokenizer_config.json} and
 * DIR/lab-model-f16.gguf. Returns { config, tensors, vocab, hfDir, ggufPath }.
 */
export function exportLabModel(engine, labBytes, outDir) {
  const lab = engine.labLoad(labBytes);
  try {
    const { config, tensors } = labToHf(lab, engine.labTensors(lab.id));
    const hfDir = join(outDir, 'hf');
    mkdirSync(hfDir, { recursive: true });
    const json = (name, o) => writeFileSync(join(hfDir, name), JSON.stringify(o, null, 2) + '\n');
    json('config.json', hfConfigJson(config));
    json('tokenizer.json', charTokenizerJson(lab.vocab));
    json('tokenizer_config.json', {
      bos_token: lab.vocab[0],
      unk_token: lab.vocab[1],
      add_bos_token: true,
      model_max_length: config.context,
      tokenizer_class: 'PreTrainedTokenizerFast',
    });
    const list = [...tensors].map(([name, t]) => ({
      name,
      dtype: 'F16',
      shape: t.rows === 1 ? [t.cols] : [t.rows, t.cols],
      data: t.data,
    }));
    writeSafetensors(hfDir, list);
    const ggufPath = join(outDir, GGUF_NAME);
    writeFileSync(ggufPath, ggufOf(config, tensors, lab.vocab));
    return { config, tensors, vocab: lab.vocab, hfDir, ggufPath };
  } finally {
    engine.labUnload(lab.id);
  }
}

async function main() {
  const i = process.argv.indexOf('--out');
  if (i < 0 || !process.argv[i + 1]) {
    console.error('usage: npm run export-hf -- --out DIR [--model FILE]');
    process.exit(2);
  }
  const out = resolve(process.argv[i + 1]);
  const engine = await createRequire(import.meta.url)(
    process.env.ATTN_ENGINE_JS ?? `${root}dist/attn-engine.js`,
  )();
  const m = process.argv.indexOf('--model');
  const model = m >= 0 ? resolve(process.argv[m + 1]) : `${root}course-data/lab-model-full.bin`;
  const r = exportLabModel(engine, new Uint8Array(readFileSync(model)), out);
  console.log(
    `wrote ${r.hfDir}/ (config.json, model.safetensors, tokenizer.json, tokenizer_config.json)`,
  );
  console.log(`wrote ${r.ggufPath}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
