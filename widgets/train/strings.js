// <attn-train>'s text in both languages. Every number is an argument (logic.js and the engine
// compute them): nothing here goes stale when the trainer changes.
/** @import { WidgetStrings } from '../../web/widget-base.js' */
import { grouped } from '../../web/dom.js';
import { plural } from '../../web/plural.js';
import { line, row, mi, mo, mn, frac, sum, sub, paren } from '../../web/mathml.js';

/** L = −(1/N) Σ_t ln p(x_(t+1)): the mean cross-entropy the curve draws. */
const LOSS = row(
  mi('L'),
  mo('='),
  mo('−'),
  frac(mn('1'), mi('N')),
  sum(mi('t')),
  mi('ln'),
  mi('p'),
  paren(sub(mi('x'), row(mi('t'), mo('+'), mn('1')))),
);

// The model's input, the same in both languages (the model reads Chinese characters):
/** The sentence whose attention every snapshot shows: a story of the kind the text has. */
export const SNAPSHOT_SENTENCE = '小明把苹果给了小王，小王谢谢小明。';
/** The prompt of each snapshot's greedy sample (the lab's prompt). */
export const SAMPLE_PROMPT = '小明把苹果给了';

/** @type {WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '自己训练它',
    help: '在你的浏览器里从零训练一个小语言模型（与实验课同一家族），看注意力在训练中成形。训练在后台线程（Web Worker）里跑，页面不卡；它就是原生的 C++ 训练器编译成 WebAssembly，同一种子得到逐字节相同的权重。',
    corpus: (
      /** @type {number} */ poems,
      /** @type {number} */ stories,
      /** @type {number} */ train,
    ) =>
      `训练文本：唐诗三百首与宋词（fortunes-zh，GPL）的 ${grouped(poems)} 个字，加上 ${grouped(stories)} 个生成的「谁把什么给了谁」小故事的字；训练集共 ${grouped(train)} 个字符。`,
    choices: '这次训练',
    steps: '步数',
    seed: '种子',
    layers: '层数',
    layerTypes: '层的类型',
    full: '全部全注意力',
    hybrid: '混合（线性 + 全注意力交替）',
    kvHeads: (/** @type {number} */ h) => `KV 头数（${h} 个查询头共享）`,
    start: '开始',
    trainAgain: '再训练一次',
    pause: '暂停',
    resume: '继续',
    reset: '重置',
    idle: '选好后按「开始」。',
    starting: '正在启动训练线程…',
    status: (/** @type {number} */ step, /** @type {number} */ steps, /** @type {number} */ tps) =>
      `第 ${grouped(step)} / ${grouped(steps)} 步 · 每秒约读 ${grouped(Math.round(tps))} 个字的文本`,
    paused: '已暂停',
    finished: '训练完成',
    model: (/** @type {number} */ params, /** @type {string} */ types, /** @type {number} */ g) =>
      `模型：${grouped(params)} 个参数；各层 ${types}；${g} 个 KV 头。`,
    curveTitle: '损失曲线',
    curveHelp:
      '每一步的训练损失（细线）、每个快照的验证损失（圆点），与一元模型基线（虚线：只按字频猜下一个字）。低于基线，说明模型开始利用上下文。',
    lossFormula: line('损失 ', LOSS, '：真正的下一个字 x 的概率取 ln 再平均，单位：nats/字'),
    trainLoss: '训练损失',
    validLoss: '验证损失',
    unigram: '一元基线',
    previousRuns: '之前的训练（灰色）',
    validBelow: (/** @type {string} */ n, /** @type {number} */ b, /** @type {number} */ ctx) =>
      `为什么验证损失比训练损失低？圆点是在同一份 ${n} 个留出的字上算的，这份样本碰巧比平均的训练批次容易（生成的小故事多，更好猜）；细线是每一步自己那一批（${b} 段 × ${ctx} 个字）、在这一步更新之前算的，起伏也大。所以这个差距说的是哪份文本更难，不是模型在没见过的文本上做得更好。`,
    stepAxis: '步',
    lossAxis: '损失',
    curveSummary: (
      /** @type {number} */ step,
      /** @type {string} */ train,
      /** @type {string} */ valid,
      /** @type {string} */ base,
      /** @type {string} */ n,
    ) =>
      `第 ${step} 步：训练损失 ${train}（这一步的一批），验证损失 ${valid}（同一份 ${n} 个留出的字），一元基线 ${base}（在同一份字上）。`,
    snapshots: '快照：注意力如何成形',
    snapshotHelpBefore: '每个快照上，同一句话「',
    snapshotHelpAfter:
      '」在每个全注意力层、每个头上的注意力。来回拖动快照滑块，把下面的数和「均匀地看」时的水平比一比：最像「看前一个字」的头放在前一个字上多少（热力图里对角线正下方的格子），有多少权重落在 <bos> 上（第一列）。默认这么短的训练里，预计只能看到一个略高于均匀水平的头，还没有 attention sink：干净的模式要训练得久得多；实验课的模型训练得更久，在它的短句上也还离均匀水平不远。',
    snapshotAt: (/** @type {number} */ step, /** @type {string} */ valid) =>
      `第 ${step} 步 · 验证损失 ${valid}`,
    layer: '层',
    head: '头',
    linearLayer: (/** @type {number} */ l) =>
      `第 ${l} 层是线性层（Gated DeltaNet）：没有注意力矩阵，只有固定大小的状态 S。下面是每个头在句末的 ‖S‖。`,
    stateNorm: (/** @type {number} */ h, /** @type {string} */ v) => `头 ${h}：‖S‖ = ${v}`,
    prevHead: (
      /** @type {number} */ l,
      /** @type {number} */ h,
      /** @type {string} */ w,
      /** @type {string} */ u,
    ) =>
      `最像「看前一个字」的头：第 ${l} 层第 ${h} 头，平均把 ${w} 的权重放在前一个字上（均匀地看所有能看的字时是 ${u}）。`,
    sink: (
      /** @type {string} */ mean,
      /** @type {number} */ l,
      /** @type {number} */ h,
      /** @type {string} */ w,
      /** @type {string} */ u,
    ) =>
      `放在 <bos> 上的权重（attention sink）：全注意力层各头平均 ${mean}；最多的是第 ${l} 层第 ${h} 头，${w}（均匀地看所有能看的字时是 ${u}）。`,
    patternTitle: '每个头的模式',
    patternCols: ['头', '前一个字', '<bos>', '自己', '其余'],
    snapshot: '快照',
    layerKinds: { full: '全注意力', linear: '线性' },
    sample: (/** @type {string} */ prompt, /** @type {string} */ text) =>
      `贪心生成：「${prompt}」 → 「${text}」`,
    runs: '你的对照实验',
    runsHelp:
      '每次训练完成（或暂停后重置、再训练一次）都留在这里，它的曲线也以灰色留在图上：换 KV 头数或层的类型再训练一次，比较验证损失与每个 token 的 KV 字节（引擎的账本，BF16）。这就是实验课消融表的做法，只是数据来自你自己的训练；实验课的表用的是课程模型更大的文本和全部留出文本，数值和这里不能直接比。',
    runsEmpty: '还没有完成的训练。',
    colRun: '训练',
    colConfig: '配置',
    colSteps: '步数',
    colValid: '验证损失',
    colKv: 'KV 字节/token',
    runConfig: (
      /** @type {number} */ layers,
      /** @type {string} */ kind,
      /** @type {number} */ g,
    ) => `${layers} 层 ${kind} · ${g} 个 KV 头`,
    kindFull: '全注意力',
    kindHybrid: '混合',
    handOver: '带走这个模型',
    openInLab: '在实验课里打开',
    downloadBin: '下载权重（实验课格式 .bin）',
    downloadGguf: '下载 GGUF（「打开你自己的模型」一课可读）',
    noGguf: '混合模型的线性层没有 Qwen3 布局，只能下载 .bin。',
    storageFull: '浏览器拒绝保存模型（存储已关闭或已满），请改用下载。',
    seedTooBig: (/** @type {string} */ max) =>
      `种子最大只能是 ${max}：更大的整数在浏览器里会被悄悄舍入成另一个数，训练用的就不是你填的种子了。`,
  },
  en: {
    title: 'Train it yourself',
    help: 'Train a small language model (the lab model’s family) from zero in your browser and watch attention form while it learns. The training runs in a background thread (a Web Worker), so the page stays responsive; it is the native C++ trainer compiled to WebAssembly: the same seed gives byte-identical weights.',
    corpus: (
      /** @type {number} */ poems,
      /** @type {number} */ stories,
      /** @type {number} */ train,
    ) =>
      `Training text: ${grouped(poems)} characters of Tang and Song poems (fortunes-zh, GPL) and ${grouped(stories)} characters of generated “who gave what to whom” stories; ${grouped(train)} characters in the training split.`,
    choices: 'This run',
    steps: 'Steps',
    seed: 'Seed',
    layers: 'Layers',
    layerTypes: 'Layer types',
    full: 'all full attention',
    hybrid: 'hybrid (linear and full alternate)',
    kvHeads: (/** @type {number} */ h) => `KV heads (shared by ${h} query heads)`,
    start: 'Start',
    trainAgain: 'Train again',
    pause: 'Pause',
    resume: 'Resume',
    reset: 'Reset',
    idle: 'Choose, then press Start.',
    starting: 'Starting the training thread…',
    status: (/** @type {number} */ step, /** @type {number} */ steps, /** @type {number} */ tps) =>
      `Step ${grouped(step)} of ${grouped(steps)} · reading about ${grouped(Math.round(tps))} characters of text a second`,
    paused: 'Paused',
    finished: 'Training finished',
    model: (/** @type {number} */ params, /** @type {string} */ types, /** @type {number} */ g) =>
      `Model: ${grouped(params)} parameters; layers ${types}; ${plural(g, 'KV head')}.`,
    curveTitle: 'Loss curve',
    curveHelp:
      'Training loss at every step (thin line), validation loss at every snapshot (dots), and the unigram baseline (dashed: guessing the next character from character counts alone). Below the baseline, the model has started to use the context.',
    lossFormula: line(
      'loss ',
      LOSS,
      ': the ln of the probability of the real next character x, averaged, in nats per character',
    ),
    trainLoss: 'training loss',
    validLoss: 'validation loss',
    unigram: 'unigram baseline',
    previousRuns: 'earlier runs (grey)',
    validBelow: (/** @type {string} */ n, /** @type {number} */ b, /** @type {number} */ ctx) =>
      `Why is validation below training here? The dots are measured on one fixed sample of ${n} held-out characters, and that sample happens to be easier than the average training batch (more of the predictable generated stories); the line is each step’s own batch (${b} windows of ${ctx} characters), measured before that step’s update, and it jumps about. So the gap says which text is harder, not that the model does better on text it has not seen.`,
    stepAxis: 'step',
    lossAxis: 'loss',
    curveSummary: (
      /** @type {number} */ step,
      /** @type {string} */ train,
      /** @type {string} */ valid,
      /** @type {string} */ base,
      /** @type {string} */ n,
    ) =>
      `Step ${step}: training loss ${train} (this step’s batch), validation loss ${valid} (one fixed sample of ${n} held-out characters), unigram baseline ${base} (on that sample).`,
    snapshots: 'Snapshots: attention taking shape',
    snapshotHelpBefore: 'At each snapshot, the attention of one sentence, “',
    snapshotHelpAfter:
      '”, in every full layer and head. Drag the snapshot slider back and forth and compare the numbers below with their level under uniform attention: how much the most previous-character head puts on the character just before (in the heatmap, the cells just below the diagonal), and how much weight goes to <bos> (the first column). In a run as short as the default, expect one head only somewhat above that level and no sink yet: clean patterns take far longer training; the lab’s model, trained longer, still stays near the uniform level on its short sentences.',
    snapshotAt: (/** @type {number} */ step, /** @type {string} */ valid) =>
      `Step ${step} · validation loss ${valid}`,
    layer: 'Layer',
    head: 'Head',
    linearLayer: (/** @type {number} */ l) =>
      `Layer ${l} is linear (Gated DeltaNet): no attention matrix, only a fixed-size state S. Below, each head’s ‖S‖ at the end of the sentence.`,
    stateNorm: (/** @type {number} */ h, /** @type {string} */ v) => `head ${h}: ‖S‖ = ${v}`,
    prevHead: (
      /** @type {number} */ l,
      /** @type {number} */ h,
      /** @type {string} */ w,
      /** @type {string} */ u,
    ) =>
      `The most previous-character head: layer ${l}, head ${h}, with ${w} of its weight on the previous character on average (attending uniformly to every visible character would give ${u}).`,
    sink: (
      /** @type {string} */ mean,
      /** @type {number} */ l,
      /** @type {number} */ h,
      /** @type {string} */ w,
      /** @type {string} */ u,
    ) =>
      `Weight on <bos> (the sink): ${mean} on average over the full layers’ heads; the most, layer ${l}, head ${h}: ${w} (attending uniformly gives ${u}).`,
    patternTitle: 'Each head’s pattern',
    patternCols: ['Head', 'previous character', '<bos>', 'itself', 'the rest'],
    snapshot: 'Snapshot',
    layerKinds: { full: 'full', linear: 'linear' },
    sample: (/** @type {string} */ prompt, /** @type {string} */ text) =>
      `Greedy generation: “${prompt}” → “${text}”`,
    runs: 'Your ablation',
    runsHelp:
      'Every finished run stays here (and a paused one when you reset or train again), its curve in grey on the chart: train again with other KV heads or layer types and compare validation loss with KV bytes per token (the engine’s ledger, BF16). The lab’s ablation tables are made this way; these rows come from your own runs. The lab’s tables used the course model’s larger text and all of its held-out text, so their numbers and these do not compare directly.',
    runsEmpty: 'No finished run yet.',
    colRun: 'Run',
    colConfig: 'Configuration',
    colSteps: 'Steps',
    colValid: 'Validation loss',
    colKv: 'KV bytes/token',
    runConfig: (
      /** @type {number} */ layers,
      /** @type {string} */ kind,
      /** @type {number} */ g,
    ) => `${plural(layers, 'layer')} ${kind} · ${plural(g, 'KV head')}`,
    kindFull: 'full attention',
    kindHybrid: 'hybrid',
    handOver: 'Take the model with you',
    openInLab: 'Open in the lab',
    downloadBin: 'Download the weights (lab format, .bin)',
    downloadGguf: 'Download a GGUF (the “open your own model” page reads it)',
    noGguf: 'A hybrid model’s linear layers have no Qwen3 layout: .bin only.',
    storageFull:
      'The browser refused to keep the model (storage off or full): download it instead.',
    seedTooBig: (/** @type {string} */ max) =>
      `seed must be at most ${max}: a larger whole number is silently rounded to another one in the browser, and the run would not use the seed you typed.`,
  },
};

/** Self-check names in Chinese, by English name. */
export const CHECK_NAMES_ZH = {};
