// What a check reports: a line per input (✓ or ✗, with the largest difference or the wrong
// shape), how many are right, and one hint: the classic mistake the answer matches, else where
// it first differs.
/** @import { Runtime } from '../../../web/runtime.js' */
/** @import { Reported } from '../../playground/logic.js' */
/** @import { AttentionCase, Verdict } from '../logic.js' */
import { expectedOutput, compare, diagnose, checkGrouping } from '../logic.js';

/** @typedef {(key: string, ...args: any[]) => any} Translate the widget's t() */
/**
 * A graded check: its per-input lines, right of total, the hint, no error.
 * @typedef {{ lines: { ok: boolean, text: string }[], right: number, total: number,
 *   hint: string | null, error: null }} Report
 */

/** Largest differences as the report writes them: 0.021, or 3.0e−8 when tiny. @param {number} d */
const diffText = (d) =>
  (d === 0 ? '0' : d >= 1e-3 ? d.toPrecision(2) : d.toExponential(1)).replace('-', '−');

/**
 * The attention task's report.
 * @param {Translate} t
 * @param {Runtime} rt
 * @param {AttentionCase[]} cases
 * @param {Reported} value one output per case
 * @returns {Report}
 */
export function gradeAttention(t, rt, cases, value) {
  const outs = Array.isArray(value) ? value : [];
  /** @type {string | null} */
  let hint = null;
  let right = 0;
  const lines = cases.map((c, i) => {
    const want = expectedOutput(rt.engine, c);
    /** @type {Verdict} */
    const v = compare(outs[i], want);
    const name = t('caseName')[c.name](c.Q.length);
    if (v.ok) right++;
    else if (hint === null) {
      // A mistake can change the shape too (K's rows summed are K's width).
      const mistake = diagnose(rt.engine, c, outs[i]);
      hint = mistake
        ? t('hint')[mistake]
        : 'shape' in v
          ? t('hint').shape(v.shape, want.length, want[0].length)
          : t('hint').other(name, v.row, diffText(v.maxDiff));
    }
    const text =
      'shape' in v
        ? t('caseShape', v.shape)
        : t(v.ok ? 'caseOk' : 'caseWrong', diffText(v.maxDiff));
    return { ok: v.ok, text: `${name}: ${text}` };
  });
  return { lines, right, total: cases.length, hint, error: null };
}

/**
 * The GQA task's report.
 * @param {Translate} t
 * @param {Runtime} rt
 * @param {Reported} value one table of K/V heads per configuration
 * @returns {Report}
 */
export function gradeGqa(t, rt, value) {
  const rows = checkGrouping(rt.engine, value);
  const wrong = rows.find((r) => !r.ok);
  const hint = !wrong
    ? null
    : wrong.interleaved
      ? t('hint').interleaved
      : t('hint').gqaOther(wrong.n, wrong.g);
  return {
    lines: rows.map((r) => ({
      ok: r.ok,
      text: t('gqaRow', r.n, r.g, r.want.join(', '), (r.got ?? []).join(', ')),
    })),
    right: rows.filter((r) => r.ok).length,
    total: rows.length,
    hint,
    error: null,
  };
}
