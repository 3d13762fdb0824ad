// <attn-gqa> — lesson 9, MHA → GQA → MQA on the anchor's 24 query heads.
// Pick how many KV heads G the 24 query heads of Qwen3.8-27B share (a divisor of 24: 24 is MHA,
// 1 is MQA, the anchor itself uses 4). The diagram groups the query heads by the KV head they
// read (group = KV head: 组数 = KV 头数), coloured and labelled; the engine's ledger gives the
// cache per token and at 262,144 tokens for that G. Below: the GQA paper's reported T5-XXL
// numbers (quoted, not computed), and GQA = MHA with copied K/V checked on the zh-gift world.
// Attributes: lang (zh-CN | en); kv-heads (initial G, default the anchor's 4).
/** @import { Runtime } from '../../web/runtime.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, bytes, exactBytes, num } from '../../web/dom.js';
import { tokenLabels } from '../../web/world.js';
import { rowsOf } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';
import { kvHeadsKind } from '../../web/kv-heads.js';
import {
  ANCHOR_ID,
  CONTEXT,
  GQA_PAPER,
  kvHeadChoices,
  kindLabel,
  ledgerFor,
  linearStateBytes,
  groupOf,
  sharedKvExperiment,
  courseNumbers,
} from './logic.js';

// Okabe–Ito, colour-blind safe; past 8 groups the colours repeat with a hatch and the labels tell
// the groups apart (text is always the main cue).
/** 3.0e-7, or 0 when the difference is exactly 0. */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));

const PALETTE = [
  ['#0072B2', '#fff'],
  ['#E69F00', '#000'],
  ['#009E73', '#000'],
  ['#CC79A7', '#000'],
  ['#56B4E9', '#000'],
  ['#D55E00', '#000'],
  ['#F0E442', '#000'],
  ['#1b1b1b', '#fff'],
];

const CSS = `
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
fieldset { border: 0; padding: 0; margin: 6px 0; min-width: 0; }
legend { padding: 0; font-weight: 600; margin-bottom: 4px; }
.choices { display: flex; flex-wrap: wrap; gap: 6px; }
.choices label { border: 1px solid var(--_control-border); border-radius: 6px; padding: 2px 8px 2px 4px; min-height: 36px; cursor: pointer; background: var(--_surface); }
.choices label.on { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
.choices input { min-height: 0; margin: 0 2px 0 0; accent-color: var(--_focus); }
.choices input:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.choices .kind { font-size: 0.8em; opacity: 0.9; }
.groups { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.group { border: 2px solid var(--c); border-radius: 6px; padding: 3px; display: grid; gap: 3px; justify-items: start; background: var(--_bg); }
.group .qs { display: flex; flex-wrap: wrap; gap: 3px; }
.head { min-width: 2.4em; height: 1.9em; padding: 0 3px; border-radius: 4px; display: inline-grid; place-items: center;
  font-size: 0.78em; font-variant-numeric: tabular-nums; background: var(--c); color: var(--t); }
.group.hatch .head { background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.5) 0 3px, transparent 3px 7px); }
.kvhead { font-weight: 700; border: 2px solid var(--_fg); background: var(--_bg); color: var(--_fg); min-width: 3.2em; }
.group.hatch .kvhead { background-image: none; }
.summary { font-weight: 600; }
.big { font-weight: 700; font-size: 1.1em; font-variant-numeric: tabular-nums; }
.cards { display: grid; gap: 8px; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); }
.card { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.rel { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 6px; align-items: center; font-size: 0.85em; }
table.all td { white-space: nowrap; }
table.all tr.current td, table.all tr.current th { background: var(--_accent-soft); font-weight: 700; }
table.all tr.own th::after { content: " ★"; }
table.paper tr.current td, table.paper tr.current th { background: var(--_accent-soft); }
.reported { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_warn-bg); color: var(--_warn-fg); }
.mats { display: flex; flex-wrap: wrap; gap: 10px; }
.mats table { font-size: 0.85em; }
.mats caption { text-align: left; font-weight: 600; font-size: 0.9em; caption-side: top; }
.ok { color: var(--_ok); font-weight: 600; }
@media (max-width: 420px) { .head { min-width: 2.1em; font-size: 0.72em; } }
`;

/**
 * @tag attn-gqa
 * @summary Lesson 9: MHA → GQA → MQA.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} kv-heads - KV heads (one of the choices; default: the anchor model's)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, kvHeads (G chosen)}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Gqa extends AttnWidget {
  static css = CSS;

  static strings = {
    'zh-CN': {
      title: 'MHA → GQA → MQA：24 个 Q 头共用几份 K/V',
      help: '锚点 Qwen3.8-27B 每层有 24 个 Q 头。选 KV 头数 G（必须整除 24）：每组 Q 头共用一个 KV 头，组数 = KV 头数。',
      legend: 'KV 头数 G（24 的约数）',
      own: '锚点',
      groupSummary: (H, g, per) =>
        `${H} 个 Q 头 ÷ ${g} 个 KV 头 = 每组 ${per} 个 Q 头；组数 = KV 头数 = ${g}`,
      groupLabel: (i, per) => `组 ${i + 1}：KV 头 ${i + 1}，被 ${per} 个 Q 头共用`,
      qLabel: (q, g) => `Q 头 ${q + 1} 读 KV 头 ${g + 1}`,
      diagramLabel: (H, g) => `${H} 个 Q 头分成 ${g} 组的示意图`,
      kvBox: (i) => `KV${i + 1}`,
      perToken: '每 token 的 KV cache',
      perContext: (t) => `一条 ${t} token 的请求`,
      formulaHead: '存 KV 的层数 × 2（K 和 V）× KV 头数 × head_dim × 每元素字节',
      ctxFormula: (b, t, r) => `${b} × ${t} = ${r}`,
      relMha: (p) => `是 MHA 的 ${p}`,
      stateNote: (s) =>
        `锚点 64 层里另有 48 层线性注意力，它们存的是固定大小的状态（${s}），不是 KV cache，也不随上下文增长（见 KV 账本）。上面只算 16 层全注意力的 KV。`,
      allTitle: '每种 G 的缓存（引擎现算，锚点形状）',
      colG: 'KV 头数',
      colKind: '注意力',
      colPerToken: '每 token',
      colCtx: (t) => `${t} token`,
      paperTitle: 'GQA 论文表 1：质量与速度',
      reported: '论文报告值，不是本页算的',
      paperNote:
        'Ainslie et al. 2023（GQA）表 1，T5-XXL，七个任务的平均分与推理时间，照录原文（MQA 与 GQA-8 由 MHA 检查点用 5% 的预训练算力继续训练得到）。GQA-8 质量接近 MHA，速度接近 MQA。',
      colAttn: '注意力',
      colAvg: '平均分',
      colTime: '推理时间 (s)',
      eqTitle: 'GQA 就是「K/V 复制到每个头」的 MHA',
      eqHelp: (t) =>
        `「${t}」这句话：q 分 2 个头（每头 2 维）。左边只有 1 个 KV 头（头 A 的 K、V 两列），两个 Q 头都读它（GQA，G = 1）；右边把这两列复制一份，变成 2 个 KV 头的 MHA。两边都由引擎做因果注意力。`,
      outGqa: '输出：GQA（1 个 KV 头）',
      outMha: '输出：MHA（K/V 复制成 2 个头）',
      diff: (d) => `两份输出的最大差 = ${d}（< 1e-6）：完全一样，省掉的只是重复存的那份 K/V。`,
      tok: 'token',
      outCol: (j, dv) => `头${'AB'[Math.floor(j / dv)] ?? Math.floor(j / dv) + 1}·${(j % dv) + 1}`,
    },
    en: {
      title: 'MHA → GQA → MQA: how many K/V do 24 query heads share?',
      help: 'The anchor, Qwen3.8-27B, has 24 query heads per layer. Pick the number of KV heads G (it must divide 24): each group of query heads shares one KV head, so the number of groups = the number of KV heads.',
      legend: 'KV heads G (a divisor of 24)',
      own: 'anchor',
      groupSummary: (H, g, per) =>
        `${H} query heads ÷ ${g} KV heads = ${per} query heads per group; groups = KV heads = ${g}`,
      groupLabel: (i, per) =>
        `Group ${i + 1}: KV head ${i + 1}, shared by ${per} query head${per === 1 ? '' : 's'}`,
      qLabel: (q, g) => `query head ${q + 1} reads KV head ${g + 1}`,
      diagramLabel: (H, g) => `Diagram of ${H} query heads in ${g} groups`,
      kvBox: (i) => `KV${i + 1}`,
      perToken: 'KV cache per token',
      perContext: (t) => `One request of ${t} tokens`,
      formulaHead: 'KV layers × 2 (K and V) × KV heads × head_dim × bytes per element',
      ctxFormula: (b, t, r) => `${b} × ${t} = ${r}`,
      relMha: (p) => `${p} of MHA`,
      stateNote: (s) =>
        `48 of the anchor’s 64 layers are linear attention: they keep a fixed-size state (${s}), not a KV cache, and it does not grow with the context (see the KV ledger). Only the 16 full-attention layers’ KV is counted above.`,
      allTitle: 'The cache for every G (computed by the engine, anchor shape)',
      colG: 'KV heads',
      colKind: 'Attention',
      colPerToken: 'Per token',
      colCtx: (t) => `${t} tokens`,
      paperTitle: 'GQA paper, Table 1: quality and speed',
      reported: 'reported in the paper, not computed here',
      paperNote:
        'Ainslie et al. 2023 (GQA), Table 1, T5-XXL: average over seven tasks and inference time, quoted as printed (MQA and GQA-8 are uptrained from the MHA checkpoint with 5% of the pre-training compute). GQA-8 is close to MHA in quality and close to MQA in speed.',
      colAttn: 'Attention',
      colAvg: 'Average',
      colTime: 'Inference time (s)',
      eqTitle: 'GQA is MHA with K/V copied to every head',
      eqHelp: (t) =>
        `The sentence “${t}”: q has 2 heads (2 dims each). Left, a single KV head (head A’s K and V columns) read by both query heads (GQA, G = 1); right, those columns copied once more into MHA with 2 KV heads. The engine runs causal attention on both.`,
      outGqa: 'Output: GQA (1 KV head)',
      outMha: 'Output: MHA (K/V copied to 2 heads)',
      diff: (d) =>
        `Largest difference between the two outputs = ${d} (< 1e-6): the same; all GQA drops is the duplicated K/V.`,
      tok: 'token',
      outCol: (j, dv) => `${'AB'[Math.floor(j / dv)] ?? Math.floor(j / dv) + 1}·${(j % dv) + 1}`,
    },
  };

  static get observedAttributes() {
    return ['lang', 'kv-heads'];
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'kv-heads') this.g = undefined; // re-read from the attribute in build()
    super.attributeChangedCallback(name, old, value);
  }

  updateDetail() {
    return { ...super.updateDetail(), kvHeads: this.g };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const anchor = modelById(rt.models, ANCHOR_ID);
    this.H = anchor.attention.nHeads;
    this.own = anchor.attention.nKvHeads;
    this.choices = kvHeadChoices(this.H);
    const attr = Number(this.getAttribute('kv-heads'));
    this.g ??= this.choices.includes(attr) ? attr : this.own;
    this.radios = this.choices.map((g) => {
      const input = h('input', {
        type: 'radio',
        name: 'kv-heads',
        value: g,
        checked: g === this.g,
        onchange: () => {
          if (input.checked) {
            this.g = g;
            this.update();
          }
        },
      });
      const kind = kindLabel(this.H, g);
      return h('label', { 'data-g': g }, [
        input,
        String(g),
        ' ',
        h('span', { class: 'kind' }, `${kind}${g === this.own ? ` · ${this.t('own')} ★` : ''}`),
      ]);
    });
    this.summary = h('p', { class: 'summary', 'aria-live': 'polite' });
    this.groups = h('div', { class: 'groups', role: 'img' });
    this.perToken = h('div', { class: 'card per-token' });
    this.perCtx = h('div', { class: 'card per-context' });
    this.allTable = h('table', { class: 'all' });
    this.paperTable = h('table', { class: 'paper' });
    this.eqBox = h('div', { class: 'eq' });
    this.stateNote = h('p', { class: 'muted' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('fieldset', {}, [
        h('legend', {}, this.t('legend')),
        h('div', { class: 'choices' }, this.radios),
      ]),
      this.summary,
      this.groups,
      h('div', { class: 'cards' }, [this.perToken, this.perCtx]),
      this.stateNote,
      h('h3', {}, this.t('allTitle')),
      scrollRegion(this.allTable, { label: this.t('allTitle'), lang: this.lang }),
      h('h3', {}, [
        this.t('paperTitle'),
        ' ',
        h('span', { class: 'reported' }, this.t('reported')),
      ]),
      scrollRegion(this.paperTable, { label: this.t('paperTitle'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('paperNote')),
      h('h3', {}, this.t('eqTitle')),
      this.eqBox,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const anchor = modelById(rt.models, ANCHOR_ID);
    const { H, g } = this;
    const per = H / g; // query heads per group: the layout of the diagram
    for (const l of this.radios) {
      const on = Number(l.dataset.g) === g;
      l.querySelector('input').checked = on;
      l.classList.toggle('on', on);
    }
    this.summary.textContent = this.t('groupSummary', H, g, per);
    this.drawGroups(H, g, per);

    const l = ledgerFor(rt.engine, anchor, g);
    const mha = ledgerFor(rt.engine, anchor, H);
    const ctxText = CONTEXT.toLocaleString('en-US');
    this.perToken.replaceChildren(
      h('div', {}, this.t('perToken')),
      h('div', { class: 'big', 'data-value': 'per-token' }, bytes(l.bytesPerToken)),
      h('div', { class: 'formula' }, this.t('formulaHead')),
      h('div', { class: 'formula' }, l.formula),
      h('div', { class: 'rel' }, [
        h(
          'span',
          { class: 'bar-track', 'aria-hidden': 'true' },
          h('span', {
            class: 'bar-fill',
            style: { width: `${((l.bytesPerToken / mha.bytesPerToken) * 100).toFixed(2)}%` },
          }),
        ),
        h('span', {}, this.t('relMha', `${bytes(l.bytesPerToken)} / ${bytes(mha.bytesPerToken)}`)),
      ]),
    );
    this.perCtx.replaceChildren(
      h('div', {}, this.t('perContext', ctxText)),
      h('div', { class: 'big', 'data-value': 'per-context' }, bytes(l.bytesForContext)),
      h(
        'div',
        { class: 'formula' },
        this.t(
          'ctxFormula',
          exactBytes(l.bytesPerToken),
          ctxText,
          `${exactBytes(l.bytesForContext)} = ${bytes(l.bytesForContext)}`,
        ),
      ),
    );
    this.stateNote.textContent = this.t('stateNote', bytes(linearStateBytes(rt.engine, anchor)));
    this.drawAll(rt, anchor);
    this.drawPaper();
    this.drawEquivalence(rt);
  }

  drawGroups(H, g, per) {
    this.groups.setAttribute('aria-label', this.t('diagramLabel', H, g));
    const groups = [];
    for (let i = 0; i < g; i++) {
      const [c, t] = PALETTE[i % PALETTE.length];
      const qs = [];
      for (let q = 0; q < H; q++) {
        if (groupOf(q, H, g) !== i) continue;
        qs.push(h('span', { class: 'head q', title: this.t('qLabel', q, i) }, `Q${q + 1}`));
      }
      groups.push(
        h(
          'div',
          {
            class: Math.floor(i / PALETTE.length) % 2 ? 'group hatch' : 'group',
            'data-group': i,
            title: this.t('groupLabel', i, per),
            style: { '--c': c, '--t': t },
          },
          [h('span', { class: 'qs' }, qs), h('span', { class: 'head kvhead' }, this.t('kvBox', i))],
        ),
      );
    }
    this.groups.replaceChildren(...groups);
  }

  /** @param {Runtime} rt */
  drawAll(rt, anchor) {
    const ctxText = CONTEXT.toLocaleString('en-US');
    const rows = this.choices.map((g) => {
      const l = ledgerFor(rt.engine, anchor, g);
      const cls = [g === this.g ? 'current' : '', g === this.own ? 'own' : '']
        .filter(Boolean)
        .join(' ');
      return h('tr', { class: cls || null, 'data-g': g }, [
        h('th', { scope: 'row' }, String(g)),
        h('td', {}, kindLabel(this.H, g)),
        h('td', {}, bytes(l.bytesPerToken)),
        h('td', {}, bytes(l.bytesForContext)),
      ]);
    });
    this.allTable.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('colG'), this.t('colKind'), this.t('colPerToken'), this.t('colCtx', ctxText)].map(
            (c) => h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h('tbody', {}, rows),
    );
  }

  drawPaper() {
    const kind = kvHeadsKind(this.H, this.g);
    const current = (r) =>
      (r.id === 'mha' && kind === 'mha') ||
      (r.id === 'mqa' && kind === 'mqa') ||
      (r.id === 'gqa-8' && this.g === 8);
    this.paperTable.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('colAttn'), this.t('colAvg'), this.t('colTime')].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        GQA_PAPER.map((r) =>
          h('tr', { class: current(r) ? 'current' : null, 'data-row': r.id }, [
            h('th', { scope: 'row' }, `T5-XXL ${r.label}`),
            h('td', {}, r.average),
            h('td', {}, r.time),
          ]),
        ),
      ),
    );
  }

  /** @param {Runtime} rt */
  drawEquivalence(rt) {
    const e = sharedKvExperiment(rt);
    const labels = tokenLabels(e.world, this.lang);
    const mat = (caption, t, cls) => {
      const rows = rowsOf(t);
      return h('table', { class: cls }, [
        h('caption', {}, caption),
        h(
          'thead',
          {},
          h('tr', {}, [
            h('th', { scope: 'col' }, this.t('tok')),
            ...rows[0].map((_, j) =>
              h('th', { scope: 'col' }, this.t('outCol', j, rows[0].length / e.nHeads)),
            ),
          ]),
        ),
        h(
          'tbody',
          {},
          rows.map((r, i) =>
            h('tr', {}, [
              h('th', { scope: 'row' }, labels[i]),
              ...r.map((x) => h('td', {}, num(x, 3))),
            ]),
          ),
        ),
      ]);
    };
    this.eqBox.replaceChildren(
      h('p', { class: 'muted' }, this.t('eqHelp', e.world.title[this.isEnglish ? 'en' : 'zh-CN'])),
      scrollRegion(
        [mat(this.t('outGqa'), e.gqa, 'out-gqa'), mat(this.t('outMha'), e.mha, 'out-mha')],
        { label: this.t('eqTitle'), lang: this.lang, class: 'mats' },
      ),
      h('p', { class: 'ok eq-diff' }, this.t('diff', tiny(e.maxAbsDiff))),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt);
  }
}
