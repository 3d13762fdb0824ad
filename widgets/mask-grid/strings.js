// Every string <attn-mask-grid> shows, in both languages (the formulas are built here with
// web/mathml.js).
import { line, row, sub, frac, sqrt, sum, paren, letters, text } from '../../web/mathml.js';

/** s = q·k / √d */
const SCORE_MATH = row('s', '=', frac(row('q', '·', 'k'), sqrt('d')));
/**
 * w_ij = exp(s_ij) / Σ_{keys} exp(s_ik), keys the words under the Σ ("visible k").
 * @param {string} keys
 */
const maskedWeightMath = (keys) =>
  row(
    sub('w', letters('ij')),
    '=',
    frac(
      row('exp', paren(sub('s', letters('ij')))),
      row(sum(text(keys)), 'exp', paren(sub('s', letters('ik')))),
    ),
  );
/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '注意力矩阵与掩码',
    help: '点格子（或用方向键移动、空格切换）决定「行里的 token 能不能看见列里的 token」。',
    'help:touch': '点格子，决定「行里的 token 能不能看见列里的 token」。',
    causal: '因果掩码',
    none: '不加掩码',
    negInf: 'softmax 之前置 −∞（正确）',
    zeroAfter: 'softmax 之后清零（错误做法）',
    query: '查询↓ 键→',
    rowSum: '行和',
    /** @param {string} q @param {string} k @param {boolean} on */
    cellName: (q, k, on) => `${q} 看 ${k}：${on ? '可见' : '被遮住'}，权重 `,
    formulaNegInf: line(maskedWeightMath('k 可见'), '，', SCORE_MATH, '，被遮住的 s = −∞'),
    formulaZero: line(maskedWeightMath('所有 k'), '，再把被遮住的 w 改成 0：行和 < 1'),
    /** @param {string} t @param {string} p */
    leak: (t, p) => `不加掩码时，「给了」一行有 ${p} 的注意力落在它要预测的答案「${t}」上。`,
    selected: '选中格子的算式',
  },
  en: {
    title: 'The attention matrix and its mask',
    help: 'Click a cell (or move with the arrow keys and toggle with Space) to decide whether the row token may see the column token.',
    'help:touch': 'Tap a cell to decide whether the row token may see the column token.',
    causal: 'Causal mask',
    none: 'No mask',
    negInf: '−∞ before softmax (correct)',
    zeroAfter: 'zero after softmax (the mistake)',
    query: 'Q↓ K→',
    rowSum: 'row sum',
    /** @param {string} q @param {string} k @param {boolean} on */
    cellName: (q, k, on) => `${q} looks at ${k}: ${on ? 'visible' : 'masked'}, weight `,
    formulaNegInf: line(maskedWeightMath('visible k'), ', ', SCORE_MATH, ', masked s = −∞'),
    formulaZero: line(maskedWeightMath('all k'), ', then masked w set to 0: rows sum < 1'),
    /** @param {string} t @param {string} p */
    leak: (t, p) =>
      `Without a mask, the 给了 (gave) row puts ${p} of its attention on the answer it must predict, ${t}.`,
    selected: 'Formula of the selected cell',
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'no mask: {query} → {answer}': '不加掩码：{query} → {answer}',
  'causal: {query} → {object}': '因果掩码：{query} → {object}',
  'causal: {query} → {giver}': '因果掩码：{query} → {giver}',
  'causal: {object} → {objectKeys}': '因果掩码：{object} → {objectKeys}',
  'causal rows sum to 1 (±1e-6)': '因果掩码下每行和为 1（±1e-6）',
};
