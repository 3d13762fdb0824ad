// Every string <attn-library-analogy> shows, in both languages (the two formulas they print are
// built here from web/mathml.js).
import { line, row, frac, sqrt, mn, breakBefore } from '../../web/mathml.js';

/**
 * q·k / √4 = ½ q · k = s, the query and key vectors as printed.
 * @param {string} q
 * @param {string} k
 * @param {string} s
 */
const bookScoreMath = (q, k, s) =>
  row(frac(row('q', '·', 'k'), sqrt(4)), '=', frac(1, 2), mn(q), breakBefore('·'), mn(k), '=', s);
/**
 * Σ w·v = o
 * @param {string} o
 */
const readBackMath = (o) => row('Σ', 'w', '·', 'v', '=', mn(o));

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '图书馆里的 Q、K、V：同一个 it，两句话读到不同的书',
    help: '选一句话，再用方向键（或点击）在书架上移动，看 it 的查询卡和每本书书脊上的标签怎么打分、每本书被读了多少。',
    'help:touch':
      '选一句话，再点书架上的书，看 it 的查询卡和每本书书脊上的标签怎么打分、每本书被读了多少。',
    sentence: '句子',
    qTitle: 'Q：查询卡',
    qBody: '读者心里要找的东西。这里的读者是 it。',
    kTitle: 'K：书脊上的标签',
    kBody: '每本书（句子里的每个词）贴一张，让别人能找到它。',
    vTitle: 'V：书里的内容',
    vBody: '被选中以后真正交出去的东西。',
    /** @param {string} q */
    card: (q) => `it 的查询卡 q = ${q}`,
    shelf: '书架：每个词一本书（颜色越亮越黄，读得越多）',
    /** @param {string} t @param {string} q @param {string} k @param {string} s @param {string} w */
    formula: (t, q, k, s, w) => line(`${t}：`, bookScoreMath(q, k, s), `；softmax → 读 ${w}`),
    /** @param {string} t @param {string} v */
    contents: (t, v) => `${t} 的内容 v = ${v}`,
    /** @param {string} o */
    output: (o) => line('it 读回来的 = ', readBackMath(o)),
    /** @param {string} a @param {string} s */
    closer: (a, s) => `和 animal 的内容余弦 ${a}，和 street 的内容余弦 ${s}`,
    compareTitle: '两句话并排',
    /** @param {string} label @param {string} top @param {string} w */
    compare: (label, top, w) => `${label}：it 读得最多的是 ${top}（${w}）`,
    same: 'it 还是那个词，打分的公式也一样；变的是 it 这一层的输入向量（前面的层已经把句末那个词的信息混进来了），于是查询卡变了，读到的书也变了。',
    noMask:
      '这里不加因果掩码：决定 it 指谁的词在 it 后面，这个例子来自原始 Transformer 的编码器，整句互相可见。',
  },
  en: {
    title: 'Q, K, V in a library: one “it”, two sentences, different books',
    help: 'Pick a sentence, then move along the shelf with the arrow keys (or click) to see how the query card of “it” scores against the label on each book’s spine, and how much of each book is read.',
    'help:touch':
      'Pick a sentence, then tap the books along the shelf to see how the query card of “it” scores against the label on each book’s spine, and how much of each book is read.',
    sentence: 'Sentence',
    qTitle: 'Q: the query card',
    qBody: 'What the reader is looking for. The reader here is “it”.',
    kTitle: 'K: the label on the spine',
    kBody: 'One on every book (every word of the sentence), so it can be found.',
    vTitle: 'V: the contents',
    vBody: 'What a book hands over once it is chosen.',
    /** @param {string} q */
    card: (q) => `The query card of “it”: q = ${q}`,
    shelf: 'The shelf: one book per word (brighter, more yellow = read more)',
    /** @param {string} t @param {string} q @param {string} k @param {string} s @param {string} w */
    formula: (t, q, k, s, w) => line(`${t}: `, bookScoreMath(q, k, s), `; softmax → read ${w}`),
    /** @param {string} t @param {string} v */
    contents: (t, v) => `Contents of ${t}: v = ${v}`,
    /** @param {string} o */
    output: (o) => line('What “it” reads back = ', readBackMath(o)),
    /** @param {string} a @param {string} s */
    closer: (a, s) => `cosine with the contents of animal ${a}, of street ${s}`,
    compareTitle: 'The two sentences side by side',
    /** @param {string} label @param {string} top @param {string} w */
    compare: (label, top, w) => `${label}: “it” reads ${top} most (${w})`,
    same: '“it” is the same word and the scoring formula is the same; what changed is the input vector of “it” at this layer (earlier layers have mixed in the last word, tired / wide), so the query card changed, and so did the book it reads.',
    noMask:
      'No causal mask here: the word that decides what “it” refers to comes after it; the example comes from the original Transformer’s encoder, where the whole sentence is visible.',
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  '“…because it was tired”: it → the book it reads most': '句末是 tired 的句子：it 读得最多的书',
  '“…because it was too wide”: it → the book it reads most':
    '另一句（it 指 street）：it 读得最多的书',
  'read back closer to the right noun’s contents (cos)': '读回来的内容更接近该指的那个名词（余弦）',
  'it rows sum to 1 (±1e-6)': 'it 那一行的和为 1（±1e-6）',
};
