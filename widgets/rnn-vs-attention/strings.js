// Every string <attn-rnn-vs-attention> shows, in both languages (the help line and two cells of
// the counts table are MathML lines around the recurrence h_t = f(h_{t−1}, x_t)).
import { line, row, sub, paren } from '../../web/mathml.js';
/** @import { MathLine } from '../../web/mathml.js' */
import { subscript } from './logic.js';
import { plural } from '../../web/plural.js';

/**
 * h_{t−1} (or h_{T−1}): the state one step before t.
 * @param {string} t
 */
const H_BEFORE = (t) => sub('h', row(t, '−', 1));
/** h_t = f(h_{t−1}, x_t) */
const RECURRENCE_MATH = row(sub('h', 't'), '=', 'f', paren(H_BEFORE('t'), ',', sub('x', 't')));

/**
 * The strings of one language (both languages have every key).
 * @typedef {{
 *   title: string,
 *   help: MathLine,
 *   tPicture: string,
 *   back: string,
 *   step: string,
 *   reset: string,
 *   play: string,
 *   pause: string,
 *   stepper: string,
 *   status: (s: number, T: number) => string,
 *   rnnTitle: string,
 *   rnnNow: (s: number) => string,
 *   rnnReach: (s: number) => string,
 *   hLabel: (t: number, kind: string) => string,
 *   kindDone: string,
 *   kindCurrent: string,
 *   kindWaiting: string,
 *   kindInitial: string,
 *   legendDone: string,
 *   legendCurrent: string,
 *   legendWaiting: string,
 *   attnTitle: string,
 *   attnHelp: string,
 *   queryPick: string,
 *   queryBtn: (l: string, i: number) => string,
 *   arcsLabel: (T: number, n: string) => string,
 *   weightsTitle: (q: string, s: string) => string,
 *   key: string,
 *   weight: string,
 *   sumLine: (terms: string, s: string) => string,
 *   noWeights: (T: number, n: number) => string,
 *   worldNote: string,
 *   gloss: string,
 *   countsTitle: string,
 *   countT: string,
 *   colWhat: string,
 *   colRnn: string,
 *   colAttn: string,
 *   rowSteps: string,
 *   rowPath: string,
 *   rowReads: string,
 *   rowPairs: string,
 *   rnnSteps: (T: string) => MathLine,
 *   attnSteps: (T: string) => string,
 *   rnnPath: (T: string, n: string) => string,
 *   attnPath: (ok: boolean) => string,
 *   rnnReadsBig: string,
 *   rnnReads: MathLine,
 *   attnReads: (n: string) => string,
 *   rnnPairs: string,
 *   attnPairs: (T: string, n: string) => string,
 *   tradeoff: string,
 *   bottleneck: string,
 *   chainLabel: (T: number) => string
 * }} RnnStrings
 */

/** @type {{ 'zh-CN': RnnStrings, en: RnnStrings }} */
export const STRINGS = {
  'zh-CN': {
    title: 'RNN 一步一步传状态 vs 注意力一步看完',
    help: line(
      'RNN 一个接一个地读，手里只带一个固定大小的状态 h：',
      RECURRENCE_MATH,
      '，第 t 步要等第 t−1 步算完。注意力里每个 token 一步就直接看到前面所有 token。点「下一步」（或方向键）逐步走 RNN 的链。',
    ),
    tPicture: '图里的 token 数 T',
    back: '← 上一步',
    step: '下一步 →',
    reset: '重来',
    play: '▶ 播放',
    pause: '⏸ 暂停',
    stepper: '逐步走 RNN',
    status: (s, T) => `RNN：第 ${s} / ${T} 步；注意力：1 步就已算完全部 ${T} 行`,
    rnnTitle: 'RNN：一条依赖链',
    rnnNow: (s) =>
      `第 ${s} 步：h${subscript(s)} = f(h${subscript(s - 1)}, x${subscript(s)})——要等 h${subscript(s - 1)} 算完才能开始。`,
    rnnReach: (s) =>
      s > 1
        ? `第 1 个 token 的信息走到这里已经过了 ${s - 1} 次更新（h₁ → … → h${subscript(s)}）。`
        : '第 1 个 token 的信息刚进入 h₁。',
    hLabel: (t, kind) => `h${subscript(t)}：${kind}`,
    kindDone: '已算完',
    kindCurrent: '正在算（本步）',
    kindWaiting: '还在等前一步',
    kindInitial: '初始状态',
    legendDone: '已算完',
    legendCurrent: '本步在算',
    legendWaiting: '等待中',
    attnTitle: '注意力：一步，全部连上',
    attnHelp:
      '每条弧把一个 token 连到它前面（含自己）的一个 token；所有弧在同一步里一起算，谁也不等谁。选一个查询看它的那一行。',
    queryPick: '查询 token（蓝色的弧）',
    queryBtn: (l, i) => `查询 ${i + 1}：${l}`,
    arcsLabel: (T, n) => `${T} 个 token，因果掩码下共 ${n} 条「查询 → 键」连线，在一步里同时算`,
    weightsTitle: (q, s) =>
      `「${q}」这一行的权重（引擎：因果、单头、分数 ÷ √d，「${s}」的教学向量）`,
    key: '键',
    weight: '权重',
    sumLine: (terms, s) => `行和 = ${terms} = ${s}`,
    noWeights: (T, n) =>
      `T = ${T} 比教学世界的 ${n} 个 token 长，这里不画权重：弧只表示每个 token 能直接读到哪些更早的 token（引擎的因果掩码），不表示读多少。`,
    worldNote: '权重来自手工构造的教学向量，不是模型学到的。',
    gloss: '',
    countsTitle: '换成任意长度 T 来数',
    countT: '序列长度 T',
    colWhat: '',
    colRnn: 'RNN',
    colAttn: '注意力',
    rowSteps: '每层必须依次执行的步数',
    rowPath: '第 1 个 token 到第 T 个 token 之间的更新次数（路径长度）',
    rowReads: '第 T 个 token 直接读到的东西',
    rowPairs: '这一层要打分的「查询 → 键」对',
    rnnSteps: (T) => line(`T = ${T}（`, sub('h', 't'), ' 要等 ', H_BEFORE('t'), '）'),
    attnSteps: (T) => `所有 ${T} 行同时算，没有一行等另一行`,
    rnnPath: (T, n) => `T − 1 = ${T} − 1 = ${n}`,
    attnPath: (ok) =>
      ok ? '因果掩码第 T 行第 1 列 = 1：直接读，1 步' : 'T = 1：第 1 个 token 就是第 T 个',
    rnnReadsBig: '1 个状态',
    rnnReads: line('固定大小的 ', H_BEFORE('T'), '（和 T 无关）'),
    attnReads: (n) => `全部 ${n} 个键（因果掩码第 T 行里 1 的个数）`,
    rnnPairs: '没有打分；代价是 T 步串行',
    attnPairs: (T, n) => `1 + 2 + … + T = T(T+1)/2 = ${n}（T = ${T}）`,
    tradeoff:
      '训练和预填充（prefill）时，注意力把「T 步串行」换成了「一步里 T(T+1)/2 对并行打分」：路径短了，要打分的配对数却随 T² 增长（第 2 课的 T×T 分数矩阵）。生成时仍是一步出一个 token（第 8 课）。',
    bottleneck:
      '翻译时还有第二个问题：RNN 编码器把整句源语言挤进一个定长向量交给解码器——Bahdanau 2014 说的瓶颈。注意力让解码器每一步回头给源句的每个位置打分、加权取回（第 2 课的加性注意力）。',
    chainLabel: (T) => `RNN 的依赖链：h₀ → h₁ → … → h${subscript(T)}`,
  },
  en: {
    title: 'An RNN passes its state step by step; attention sees everything in one step',
    help: line(
      'An RNN reads one token after another, carrying one fixed-size state h: ',
      RECURRENCE_MATH,
      ', so step t waits for step t − 1. In attention every token reaches every earlier token directly, in one step. Press Step (or the arrow keys) to walk the RNN’s chain.',
    ),
    tPicture: 'Tokens in the picture T',
    back: '← Back',
    step: 'Step →',
    reset: 'Reset',
    play: '▶ Play',
    pause: '⏸ Pause',
    stepper: 'Walk the RNN',
    status: (s, T) =>
      `RNN: step ${s} of ${T}; attention: ${T === 1 ? 'its 1 row' : `all ${T} rows`} done in 1 step`,
    rnnTitle: 'RNN: a chain of dependencies',
    rnnNow: (s) =>
      `Step ${s}: h${subscript(s)} = f(h${subscript(s - 1)}, x${subscript(s)}), which cannot start before h${subscript(s - 1)} is done.`,
    rnnReach: (s) =>
      s > 1
        ? `Token 1’s information has gone through ${s - 1} update${s - 1 === 1 ? '' : 's'} to get here (h₁ → … → h${subscript(s)}).`
        : 'Token 1’s information has just entered h₁.',
    hLabel: (t, kind) => `h${subscript(t)}: ${kind}`,
    kindDone: 'done',
    kindCurrent: 'running (this step)',
    kindWaiting: 'waiting for the step before',
    kindInitial: 'initial state',
    legendDone: 'done',
    legendCurrent: 'running this step',
    legendWaiting: 'waiting',
    attnTitle: 'Attention: one step, every link at once',
    attnHelp:
      'Each arc joins a token to one token at or before it; all arcs are computed in the same step, none waits for another. Pick a query to see its row.',
    queryPick: 'Query token (blue arcs)',
    queryBtn: (l, i) => `query ${i + 1}: ${l}`,
    arcsLabel: (T, n) =>
      `${plural(T, 'token')}, ${plural(n, 'query → key link')} under the causal mask, computed together in one step`,
    weightsTitle: (q, s) =>
      `The ${q} row’s weights (engine: causal, one head, scores ÷ √d, the teaching vectors of “${s}”)`,
    key: 'Key',
    weight: 'Weight',
    sumLine: (terms, s) => `row sum = ${terms} = ${s}`,
    noWeights: (T, n) =>
      `T = ${T} is longer than the teaching world’s ${n} tokens, so no weights here: the arcs only show which earlier tokens each token reads directly (the engine’s causal mask), not how much.`,
    worldNote: 'The weights come from hand-made teaching vectors, not from a trained model.',
    gloss: '小明 Xiaoming · 把 ba (object marker) · 苹果 apple · 给了 gave · 小王 Xiaowang',
    countsTitle: 'Count it for any length T',
    countT: 'Sequence length T',
    colWhat: '',
    colRnn: 'RNN',
    colAttn: 'Attention',
    rowSteps: 'Steps per layer that must run one after another',
    rowPath: 'Updates between token 1 and token T (path length)',
    rowReads: 'What token T reads directly',
    rowPairs: 'Query → key pairs this layer scores',
    rnnSteps: (T) => line(`T = ${T} (`, sub('h', 't'), ' waits for ', H_BEFORE('t'), ')'),
    attnSteps: (T) =>
      String(T) === '1' ? 'its 1 row at once' : `all ${T} rows at once; no row waits for another`,
    rnnPath: (T, n) => `T − 1 = ${T} − 1 = ${n}`,
    attnPath: (ok) =>
      ok ? 'causal mask row T, column 1 = 1: read directly, 1 step' : 'T = 1: token 1 is token T',
    rnnReadsBig: '1 state',
    rnnReads: line('a fixed-size ', H_BEFORE('T'), ' (the same size for any T)'),
    attnReads: (n) => `all ${n} keys (the ones in row T of the causal mask)`,
    rnnPairs: 'no scores; the price is T sequential steps',
    attnPairs: (T, n) => `1 + 2 + … + T = T(T+1)/2 = ${n} (T = ${T})`,
    tradeoff:
      'In training and prefill, attention trades T sequential steps for T(T+1)/2 pairs scored in parallel in one step: the path is short, but the pairs grow as T² (lesson 2’s T×T score matrix). Generation still emits one token per step (lesson 8).',
    bottleneck:
      'Translation adds a second problem: the RNN encoder squeezes the whole source sentence into one fixed-size vector for the decoder, the bottleneck Bahdanau 2014 named. Attention lets the decoder score every source position at every step and take a weighted mix (lesson 2’s additive attention).',
    chainLabel: (T) => `The RNN’s dependency chain: h₀ → h₁ → … → h${subscript(T)}`,
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'T = 4,096: RNN steps per layer that cannot run in parallel': 'T = 4,096：RNN 每层不能并行的步数',
  'T = 4,096: updates from token 1 to token T':
    'T = 4,096：从第 1 个 token 到第 T 个要经过的更新次数',
  'T = 4,096: attention sequential steps per layer': 'T = 4,096：注意力每层的串行步数',
  'T = 4,096: attention path length token 1 → token T (causal mask row T, key 1)':
    'T = 4,096：注意力里第 1 个 token → 第 T 个的路径长度（因果掩码第 T 行、第 1 个键）',
  'T = 4,096: keys token T reads directly (ones in the causal mask row)':
    'T = 4,096：第 T 个 token 直接读的键数（因果掩码那一行里 1 的个数）',
  'T = 4,096: query → key pairs under the causal mask': 'T = 4,096：因果掩码下查询 → 键的配对数',
  '{world} causal: {query} → {object} / {giver}':
    '「{title}」因果掩码：{query} → {object} / {giver}',
  '{world} causal weights: each of the {n} rows sums to 1 (±1e-6)':
    '「{title}」因果权重：{n} 行各自和为 1（±1e-6）',
};
