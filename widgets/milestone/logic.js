// The project milestone (seed 004, 「项目推进：实现注意力层」) without any DOM: the six unit tests
// of the seed run live by the engine on a loaded lab model
// (cpp/include/attn/course/milestone_checks.hpp: engine.labCheck*), each with the fault that
// breaks its property; the decisions and their evidence, the baseline config and the KV-bytes
// arithmetic of acceptance test 3 (engine.kvLedger).
// The c3-attention.json export is export.js (it carries the schema's validator, which the course
// facts importing this file need not). <attn-milestone>, widgets/facts/facts.js and
// tests/js/milestone.test.mjs use it.
/**
 * @import { AttnEngine, MilestoneFault, LedgerResult } from '../../web/attn-engine.js'
 * @import { MilestoneDiffResult, MilestoneGreedyResult } from '../../web/attn-engine.js'
 * @import { MilestoneCacheBytesResult, MilestoneCausalResult } from '../../web/attn-engine.js'
 * @import { LabModel } from '../lab/logic.js'
 */
import { DEFAULT_STEPS } from '../lab/logic.js';

/** @typedef {'gqa-tied' | 'mha' | 'incremental' | 'greedy' | 'cache-bytes' | 'causal'} CheckId */
/**
 * One of the seed's unit tests: the Python test it mirrors, the faults that break it, the lesson
 * that teaches its property.
 * @typedef {{ id: CheckId, test: string, faults: MilestoneFault[], lesson: string }} CheckSpec
 */
/**
 * A check's result: which, under which fault, whether it passed, and the engine's figures.
 * @typedef {{ id: 'gqa-tied' | 'mha' | 'incremental', fault: MilestoneFault, ok: boolean,
 *     r: MilestoneDiffResult }
 *   | { id: 'greedy', fault: MilestoneFault, ok: boolean, r: MilestoneGreedyResult }
 *   | { id: 'cache-bytes', fault: MilestoneFault, ok: boolean, r: MilestoneCacheBytesResult }
 *   | { id: 'causal', fault: MilestoneFault, ok: boolean, r: MilestoneCausalResult }} CheckResult
 */

/** @type {CheckSpec[]} in the seed's order */
export const CHECKS = [
  {
    id: 'gqa-tied',
    test: 'TestGQA.test_gqa_equals_mha_with_shared_kv_weights',
    faults: ['untie-kv'],
    lesson: '09-gqa',
  },
  {
    id: 'mha',
    test: 'TestGQA.test_kv_heads_equal_heads_is_mha',
    faults: ['reshape-heads'],
    lesson: '07-multi-head',
  },
  {
    id: 'incremental',
    test: 'TestKVCache.test_incremental_matches_full_forward',
    faults: ['perturb-cache'],
    lesson: '08-kv-cache',
  },
  {
    id: 'greedy',
    test: 'TestKVCache.test_generate_with_and_without_cache',
    faults: ['perturb-cache'],
    lesson: '08-kv-cache',
  },
  {
    id: 'cache-bytes',
    test: 'TestKVCache.test_gqa_cache_is_smaller',
    faults: ['repeat-kv-before-cache'],
    lesson: '09-gqa',
  },
  {
    id: 'causal',
    test: 'TestModelShapes.test_attention_weights_are_causal',
    faults: ['drop-mask', 'mask-after-softmax'],
    lesson: '04-causal-mask',
  },
];

/**
 * The text the checks run on: the export's longest sentence (the chapter's sentence and its
 * question); greedy decoding starts from the export's prompt.
 * @param {LabModel} lab
 */
export function checkText(lab) {
  return lab.export.sentences.reduce(
    (a, s) => (Array.from(s.text).length > Array.from(a).length ? s.text : a),
    '',
  );
}

/**
 * Runs check `id` on the model, with `fault` (default none).
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @param {CheckId} id
 * @param {MilestoneFault} [fault]
 * @returns {CheckResult}
 */
export function runCheck(engine, lab, id, fault = 'none') {
  const text = checkText(lab);
  switch (id) {
    case 'gqa-tied': {
      const r = engine.labCheckGqaTied(lab.id, { text, fault });
      return { id, fault, ok: r.ok, r };
    }
    case 'mha': {
      const r = engine.labCheckMha(lab.id, { text, fault });
      return { id, fault, ok: r.ok, r };
    }
    case 'incremental': {
      const r = engine.labCheckIncremental(lab.id, { text, fault });
      return { id, fault, ok: r.ok, r };
    }
    case 'greedy': {
      const prompt = lab.export.prompt.text;
      const r = engine.labCheckGreedy(lab.id, { text: prompt, steps: DEFAULT_STEPS, fault });
      return { id, fault, ok: r.ok, r };
    }
    case 'cache-bytes': {
      const r = engine.labCheckCacheBytes(lab.id, { text, fault });
      return { id, fault, ok: r.ok, r };
    }
    case 'causal': {
      const r = engine.labCheckCausal(lab.id, { text, fault });
      return { id, fault, ok: r.ok, r };
    }
  }
  throw new Error(`unknown milestone check "${id}"`);
}

/**
 * Every check without a fault, in the seed's order.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 */
export function runAll(engine, lab) {
  return CHECKS.map((c) => runCheck(engine, lab, c.id));
}

// ---- the decisions, the baseline, acceptance test 3 ---------------------------------------------

/** The project's configs/baseline.json (seed 004, 2026-09-26): 8 heads, 8 KV heads, no QK-Norm. */
export const BASELINE = { date: '2026-09-26', config: { n_head: 8, n_kv_head: 8, qk_norm: false } };

/** How the project runs its tests (seed 004, acceptance test 1). */
export const TEST_COMMAND = 'python3.12 -m unittest discover -s tests -v';
/** The seed's number of the acceptance test that asks for the KV bytes of one's own config. */
export const BYTES_ACCEPTANCE_TEST = 3;

/** The seed's example of a width the heads divide (its pitfalls table: 256 ÷ 8 = 32). */
export const EXAMPLE_N_EMBD = 256;

/** The decisions of the milestone and the pages that give their evidence. */
export const DECISIONS = [
  { id: 'heads', lessons: ['07-multi-head'] },
  { id: 'kv-heads', lessons: ['09-gqa', 'lab'] },
  { id: 'qk-norm', lessons: ['03-softmax-and-scaling'] },
];

/** The coding pitfalls (seed 004's table) and the page each one's fix is on. */
export const PITFALLS = [
  { id: 'no-mask', lesson: '04-causal-mask' },
  { id: 'no-scale', lesson: '03-softmax-and-scaling' },
  { id: 'n-embd', lesson: '07-multi-head' },
  { id: 'no-cache', lesson: '08-kv-cache' },
  { id: 'free-cache', lesson: '08-kv-cache' },
  { id: 'mha-forever', lesson: '09-gqa' },
  { id: 'bbycroft', lesson: '08-kv-cache' },
];

/**
 * A config a student types for acceptance test 3: the width, heads and KV heads, and bytes per
 * number. head_dim = n_embd / n_head is the project's convention (so n_head must divide n_embd);
 * n_kv_head must divide n_head (the engine's ledger says so otherwise).
 * @typedef {{ nEmbd: number, nHead: number, nKvHead: number, dtypeBytes: number }} StudentConfig
 * @typedef {{ ok: true, headDim: number, ledger: LedgerResult }
 *   | { ok: false, field: 'n_embd' | 'n_head' | 'n_kv_head', headDim: null, message: string }}
 *   ConfigBytes
 */

/**
 * KV bytes per token and layer of a student's config: 2 × n_kv_head × head_dim × bytes, from the
 * engine's ledger (one layer). A width the heads do not divide is the project's assertion failing.
 * @param {AttnEngine} engine
 * @param {StudentConfig} c
 * @returns {ConfigBytes}
 */
export function configBytes(engine, c) {
  if (!(c.nEmbd >= 1 && c.nHead >= 1 && Number.isInteger(c.nEmbd) && Number.isInteger(c.nHead)))
    return { ok: false, field: 'n_embd', headDim: null, message: 'positive' };
  if (c.nEmbd % c.nHead !== 0)
    return { ok: false, field: 'n_head', headDim: null, message: 'divide' };
  const headDim = c.nEmbd / c.nHead;
  const kind = c.nKvHead === c.nHead ? 'mha' : c.nKvHead === 1 ? 'mqa' : 'gqa';
  try {
    const ledger = engine.kvLedger({
      name: 'your config',
      layers: 1,
      attention: { kind, nHeads: c.nHead, nKvHeads: c.nKvHead, headDim },
      dtypeBytes: c.dtypeBytes,
    });
    return { ok: true, headDim, ledger };
  } catch (e) {
    return {
      ok: false,
      field: 'n_kv_head',
      headDim: null,
      message: /** @type {Error} */ (e).message,
    };
  }
}
