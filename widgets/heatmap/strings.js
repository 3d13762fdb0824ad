// Every string <attn-heatmap> shows, in both languages (the fan-out arcs' strings are spread in:
// the shared FanOutArcs looks them up through the widget's t()).
import { line } from '../../web/mathml.js';
import { weightMath } from '../../web/formulas.js';
import { FAN_OUT_STRINGS } from '../../web/views/fan-out-arcs.js';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    ...FAN_OUT_STRINGS['zh-CN'],
    title: '注意力热力图',
    corner: '查询↓ 键→',
    help: '行是查询（发起注意的 token），列是键（被注意的 token）；颜色越亮权重越大。悬停或用方向键移动看读数。',
    'help:touch':
      '行是查询（发起注意的 token），列是键（被注意的 token）；颜色越亮权重越大。点格子看读数。',
    /** @param {string} q @param {string} k @param {string} w @param {string} s */
    readout: (q, k, w, s) => `「${q}」看「${k}」：${w}${s}`,
    hidden: '被因果掩码遮住（未来）',
    /** @param {string} _q @param {string} s */
    rowSum: (_q, s) => `；这一行和 = ${s}`,
    formula: line(weightMath('d'), '，每行和为 1；因果掩码下 j > i 的格子恰为 0'),
    inlineNote: '数据由页面直接给出（手写的示意数字），不是引擎算的。',
    unmasked:
      '这张图没有因果掩码：每个 token 都看得见整段输入，包括它后面的 token（像原始 Transformer 的编码器那样）。',
    worldsLegend: '换一句话（同一个词，不同的上下文）',
    switchTitle: '同一个词，两种上下文：它看向哪里？',
    /** @param {string} m */
    badData: (m) => `热力图数据不对：${m}`,
    /** @param {string | null} head @param {number} heads */
    badHead: (head, heads) =>
      `head="${head}" 不是 0 … ${heads - 1} 之间的头编号（heads="${heads}"）`,
  },
  en: {
    ...FAN_OUT_STRINGS.en,
    title: 'Attention heatmap',
    worldsLegend: 'Switch the sentence (the same word, another context)',
    switchTitle: 'One word, two contexts: where does it look?',
    corner: 'Q↓ K→',
    help: 'Rows are queries (the token attending), columns are keys (the token attended to); brighter means more weight. Hover or use the arrow keys for the read-out.',
    'help:touch':
      'Rows are queries (the token attending), columns are keys (the token attended to); brighter means more weight. Tap a cell for the read-out.',
    /** @param {string} q @param {string} k @param {string} w @param {string} s */
    readout: (q, k, w, s) => `${q} looks at ${k}: ${w}${s}`,
    hidden: 'hidden by the causal mask (future)',
    /** @param {string} _q @param {string} s */
    rowSum: (_q, s) => `; this row sums to ${s}`,
    formula: line(
      weightMath('d'),
      ', each row sums to 1; under the causal mask cells with j > i are exactly 0',
    ),
    inlineNote:
      'Data given by the page (hand-written illustrative numbers), not computed by the engine.',
    unmasked:
      'This map has no causal mask: every token sees the whole input, the tokens after it too (as in the original Transformer’s encoder).',
    /** @param {string} m */
    badData: (m) => `The heatmap data is wrong: ${m}`,
    /** @param {string | null} head @param {number} heads */
    badHead: (head, heads) =>
      `head="${head}" is not a head index 0 … ${heads - 1} (heads="${heads}")`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'rows sum to 1 (±1e-6)': '每行和为 1（±1e-6）',
  'future weights exactly 0': '未来的权重恰为 0',
};
