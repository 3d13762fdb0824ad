// Every string <attn-residual> shows, in both languages. Numbers come in as arguments. W_Q and
// W_O are MathML subscripts (lines of web/mathml.js, drawn by h()), never W_Q typed as text.
import { line, sub } from '../../web/mathml.js';

const WQ = sub('W', 'Q');
const WO = sub('W', 'O');
/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: line('多头之后：拼接 → ', WO, ' → 加回残差流'),
    help: line(
      '注意力的输出还不是 token 的新表示。两个头各算出一小段，拼起来，乘输出投影 ',
      WO,
      ' 混合，再加回这个 token 原来的向量 x（残差流）。选一个 token 看这一路的每个数。',
    ),
    pick: '选 token',
    sharedTitle: line('① 同一个 ', WQ, ' 用在每个位置'),
    sharedHelp: line(
      '投影矩阵只学一份、整条序列共用：所有 token 的 x 排成矩阵 X，一次矩阵乘 Q = X·',
      WQ,
      ' 就得到每个 token 的 q。投影本身不知道 token 在哪个位置（位置由 RoPE 另外注入，第 6 课）。',
    ),
    wq: line(WQ, '（所有位置共用这一份）'),
    qTable: line('Q = X · ', WQ, '，每行一个 token'),
    headsTitle: '② 每个头各出一段',
    /** @param {string} h @param {string} v */
    head: (h, v) => `头 ${h} 的输出 = ${v}`,
    /** @param {string} v @param {string[]} names */
    concat: (v, names) => `拼起来 o = [${names.map((x) => `头 ${x}`).join(' ‖ ')}] = ${v}`,
    mixTitle: line('③ 乘 ', WO, '：把各头的结果混到一起'),
    wo: line(WO, '（手工给的教学矩阵）'),
    /** @param {string} v */
    mixed: (v) => line('o · ', WO, ` = ${v}`),
    /** @param {string} terms @param {string} v */
    perHead: (terms, v) => line(`= ${terms} = ${v}（每个头只乘 `, WO, ' 里属于它的那几行）'),
    addTitle: '④ 加回残差流',
    /** @param {string} x @param {string} m @param {string} v */
    add: (x, m, v) => line('x + o·', WO, ` = ${x} + ${m} = ${v}`),
    addNote:
      '加，不是替换：x 原来带的信息还在，注意力只是往上加了一份从别的 token 取回来的东西。之后 FFN 再加上它自己的改动，下一层读的是这个和经过归一化（RMSNorm）之后的向量。',
    worldNote: line('手工构造的教学向量和矩阵（', WO, ' 也是），不是模型学到的。'),
  },
  en: {
    title: line('After the heads: concatenate → ', WO, ' → add back to the residual stream'),
    help: line(
      'The attention output is not yet the token’s new representation. Each head computes a short piece; the pieces are concatenated, mixed by the output projection ',
      WO,
      ', and added back to the token’s own vector x (the residual stream). Pick a token and follow every number.',
    ),
    pick: 'Pick a token',
    sharedTitle: line('① One ', WQ, ' at every position'),
    sharedHelp: line(
      'A projection is learned once and shared by the whole sequence: stack every token’s x into X and one product Q = X·',
      WQ,
      ' gives every token its q. The projection itself knows nothing of position (RoPE adds that separately, lesson 6).',
    ),
    wq: line(WQ, ' (one copy, shared by every position)'),
    qTable: line('Q = X · ', WQ, ', one row per token'),
    headsTitle: '② Each head gives one piece',
    /** @param {string} h @param {string} v */
    head: (h, v) => `head ${h} output = ${v}`,
    /** @param {string} v @param {string[]} names */
    concat: (v, names) => `concatenated o = [${names.map((x) => `head ${x}`).join(' ‖ ')}] = ${v}`,
    mixTitle: line('③ Times ', WO, ': the heads’ results mixed together'),
    wo: line(WO, ' (a hand-made teaching matrix)'),
    /** @param {string} v */
    mixed: (v) => line('o · ', WO, ` = ${v}`),
    /** @param {string} terms @param {string} v */
    perHead: (terms, v) =>
      line(`= ${terms} = ${v} (each head times only its own rows of `, WO, ')'),
    addTitle: '④ Added back to the residual stream',
    /** @param {string} x @param {string} m @param {string} v */
    add: (x, m, v) => line('x + o·', WO, ` = ${x} + ${m} = ${v}`),
    addNote:
      'Added, not replaced: what x carried is still there; attention adds what it fetched from other tokens. The FFN then adds its own change, and the next layer reads the normalised sum (RMSNorm).',
    worldNote: line(
      'Hand-made teaching vectors and matrices (',
      WO,
      ' too), not learned by any model.',
    ),
  },
};

/** The self-check names in Chinese, by their English names. */
export const CHECK_NAMES_ZH = {
  'concat · W_O = Σ_h head_h · W_O[rows of h], every token (±1e-6)':
    '拼接 · W_O = Σ_h 头_h · W_O[它的行]，每个 token（±1e-6）',
  'Q = X · W_Q in one product equals each token’s own q, max |Δ|':
    'Q = X · W_Q 一次矩阵乘，等于每个 token 自己的 q，最大差',
};
