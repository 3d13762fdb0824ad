// What the course's text must never say again (docs/corrections.md has each finding with its
// page, why it was wrong and the fix), and what counts as TeX source in text a student reads.
// Used by tests/js/corrections.test.mjs (the built pages' HTML and every string table) and
// tests/browser/page-text.test.mjs (every page as drawn, widgets included, in both languages).

import { ROUND_2_LESSONS } from './round2-lessons.mjs';
import { ROUND_2_LEDGER } from './round2-ledger.mjs';
import { ROUND_2_LAB } from './round2-lab.mjs';
import { ROUND_3 } from './round3.mjs';
import { ROUND_5 } from './round5.mjs';
import { ROUND_6 } from './round6.mjs';

/**
 * The corrected quotes: [id from docs/corrections.md, language, the wrong wording]. A pattern is
 * written to match the wording as it reaches a page (numbers filled in) and as a string table
 * holds it (numbers as arguments), never the fixed sentence.
 * @type {[string, 'zh-CN' | 'en', RegExp][]}
 */
const ROUND_1 = [
  // W1: 40/30/30 is the gut-feel guess; the proportional split is 33/29/38
  ['W1', 'zh-CN', /不是按比例的\s*40%/],
  ['W1', 'en', /not the proportional 40%/],
  // W2: 4 tasks, 5 passes, 15 positions do not add up
  ['W2', 'zh-CN', /道「只看前缀」的题（逐个前缀喂要/],
  ['W2', 'en', /prefix-only tasks \(feeding prefix by prefix takes/],
  // W3: in an unmasked row, keys after the query are ahead, not back
  ['W3', 'zh-CN', /「was」（位置 8，往回/],
  ['W3', 'en', /was \(position 8, \d+ back\)/],
  ['W3', 'zh-CN', /一步注意力直接够到前面任何一个 token/],
  ['W3', 'en', /one attention step reaches every earlier token directly/],
  // W5: the learned gain of RMSNorm changes the direction
  ['W5', 'zh-CN', /向量的尺度被钉住，方向不变/],
  ['W5', 'en', /its scale is pinned, its direction kept/],
  // M1: with RoPE, distance does enter the score
  ['M1', 'zh-CN', /打分的公式里没有距离/],
  ['M1', 'en', /The score has no distance in it/],
  ['M1', 'zh-CN', /打分本身不看距离/],
  ['M1', 'en', /scoring itself ignores distance/],
  ['M1', 'zh-CN', /权重只看 q·k 的匹配/],
  ['M1', 'en', /only the match q·k counts/],
  // M2: RoPE makes position enter only as j − i; the content still matters
  ['M2', 'zh-CN', /只看相对距离/],
  ['M2', 'en', /sees? only the relative distance/],
  // M4: GQA is an MHA with K/V tied within a group, not only fewer copies
  ['M4', 'zh-CN', /省掉的只是重复存的那几份/],
  ['M4', 'en', /saves only the duplicate copies/],
  // M5: MLA's cache is the size of GQA with 2.25 groups, not near MQA's
  ['M5', 'zh-CN', /接近 MQA 的缓存/],
  ['M5', 'en', /a cache near MQA’s/],
  // M6: DeepSeek LLM 67B at a million tokens, past its context, without saying so
  ['M6', 'zh-CN', /token 单条请求 [^（）。]*。/],
  ['M6', 'en', /for one request of [\d,]+ tokens\./],
  // M7: only training and prefill are parallel; generation stays one token per step
  ['M7', 'zh-CN', /(?<!时，\s*)注意力把「T 步串行」/],
  ['M7', 'en', /(?<!prefill\s*,\s*)[Aa]ttention trades T sequential steps/],
  // M8: a star for this lesson's model in another model's ablation; two units on one page
  ['M8', 'zh-CN', /★ 本课模型/],
  ['M8', 'en', /★ the G of this lesson/],
  ['M8', 'zh-CN', /每 token KV（float32）/],
  ['M8', 'en', /KV per token \(float32\)/],
  // M9: linear attention has an implicit (unnormalised) map; it is not a softmax map
  ['M9', 'zh-CN', /没有 softmax，也就画不出注意力图/],
  ['M9', 'en', /no softmax there is no attention map/],
  // M11: GQA does not show in a heatmap; only the head labels show the groups
  ['M11', 'zh-CN', /GQA（同一组的查询头共用一份 K、V，头名里写着组号）/],
  [
    'M11',
    'en',
    /GQA \(query heads of one group share one K and V; each head’s name says its group\)/,
  ],
  // M12: lesson 7 (and now 5) teach the residual add
  ['M12', 'zh-CN', /残差相加\s*[（(]还没学[)）]/],
  ['M12', 'en', /Residual add\s*\(not yet\)/],
  // M13: 外推 is length extrapolation in the literature, not arithmetic past a limit
  ['M13', 'zh-CN', /用超过模型训练或配置上下文长度的输入去算/],
  ['M13', 'en', /Running past the context length a model was trained or configured for/],
  // the lab's "Try this" promised thicker far arcs that its default row does not show
  ['C2', 'zh-CN', /远处的 token 常比紧挨着的拿到更粗的弧/],
  ['C2', 'en', /a far token often gets a thicker arc than the adjacent one/],
  // the language pass (review section 4)
  ['L1', 'en', /查询↓ 键→/],
  ['L2', 'en', /[「」、]/],
  ['L3', 'en', /apple\),\d/],
  ['L4', 'zh-CN', /4,096\.0|32,768\.00/],
  ['L4', 'en', /4,096\.0|32,768\.00/],
  ['L5', 'zh-CN', /汇点|奈特/],
  ['L6', 'zh-CN', /交不给/],
  ['L7', 'zh-CN', /降 −\d/],
  ['L8', 'zh-CN', /global KV cache footprint/],
  ['L9', 'zh-CN', /\[\d+, V\]/],
  ['L9', 'en', /\[\d+, V\]|vocab_size \(V\)/],
  ['L10', 'zh-CN', /\d+ 个 key(?![\w_])/],
];

/**
 * Every round's quotes (docs/corrections.md: round 1 the review, round 2 the independent readers).
 * @type {[string, 'zh-CN' | 'en', RegExp][]}
 */
export const WRONG_QUOTES = [
  ...ROUND_1,
  ...ROUND_2_LESSONS,
  ...ROUND_2_LEDGER,
  ...ROUND_2_LAB,
  ...ROUND_3,
  ...ROUND_5,
  ...ROUND_6,
];

/**
 * TeX source in text: a braced script (h_{t−1}, e^{x}), a backslash command (\frac), a caret
 * between symbols (e^20, T^2), or a one-character or Chinese subscript written with an
 * underscore (W_O, q_i, d_k, K_小明). Longer subscripts are names as configs and code write them
 * (d_model, head_dim, q_norm, k_rope, vocab_size) and stay.
 */
export const TEX =
  /_\{|\^\{|\\[A-Za-z]+|[\w)\]]\^[\w(]|(?<![\w])[A-Za-zα-ωΑ-ΩΣ]_(?:[A-Za-z0-9](?![\w])|\p{Script=Han})/u;

/** Elements that never hold children. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr']);

/**
 * A page's text in one language: the course pages carry both languages in <span lang>; this
 * keeps the text inside `lang` (or outside any language span) of the page's <body>, with the
 * tooltips of the elements kept.
 * @param {string} html
 * @param {'zh-CN' | 'en'} lang
 */
export function htmlTextIn(html, lang) {
  const body = html.slice(html.indexOf('<body'), html.lastIndexOf('</body>'));
  const cleaned = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<annotation[\s\S]*?<\/annotation>/g, ' ');
  /** @type {(string | null)[]} the language of each open element (null: inherited) */
  const stack = [];
  const inLang = () => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]) return stack[i];
    return null;
  };
  let out = '';
  for (const part of cleaned.split(/(<[^>]+>)/)) {
    if (!part.startsWith('<')) {
      const l = inLang();
      if (!l || l === lang) out += part;
      continue;
    }
    const close = /^<\/([a-z][\w-]*)/i.exec(part);
    if (close) {
      stack.pop();
      continue;
    }
    const open = /^<([a-z][\w-]*)/i.exec(part);
    if (!open) continue;
    const own = /\slang="([^"]+)"/.exec(part)?.[1] ?? null;
    const title = /\stitle="([^"]*)"/.exec(part)?.[1];
    const l = own ?? inLang();
    if (title && (!l || l === lang)) out += ` ${title} `;
    if (!VOID.has(open[1].toLowerCase()) && !part.endsWith('/>')) stack.push(own);
  }
  return out
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
