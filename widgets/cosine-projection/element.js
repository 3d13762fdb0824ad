// <attn-cosine-projection world="zh-gift" query="3"> — lesson 1: why project into Q, K, V.
// Pick a query token; compare it with every token either by the cosine of the raw embeddings
// (it is most like itself) or by q_i·k_j after projecting into Q and K (in zh-gift, 给了 then
// ranks itself last and 苹果 first), optionally scaled by 1/√d. Ranked bars, each with its
// formula and the engine's numbers in it. Below: the two names' K are nearly parallel
// (cos 0.995) while their V are not — why retrieval needs its own V.
// Attributes: world (default zh-gift), query (token index, default 3), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, sub, paren, sqrt, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, num } from '../../web/dom.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import {
  MODES,
  DIGITS,
  scoreRow,
  ranking,
  formulaFor,
  barSpan,
  trackRange,
  keyValuePair,
  pairFormula,
  vectorMath,
  courseChecks,
} from './logic.js';

const CSS = `
ol.bars { list-style: none; padding: 0; margin: 8px 0; }
ol.bars li { display: grid; grid-template-columns: 1.4em 6.5em minmax(60px, 1fr) 4.2em; gap: 2px 8px; align-items: center; padding: 6px 0; border-bottom: 1px solid var(--_rule); }
ol.bars .rank { color: var(--_muted); font-variant-numeric: tabular-nums; }
ol.bars .tok { overflow-wrap: break-word; min-width: 0; }
ol.bars li.self .tok { font-weight: 700; }
ol.bars .tag { display: block; font-size: 0.8em; color: var(--_muted); font-weight: 400; line-height: 1.2; }
ol.bars .val { text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
ol.bars .formula { grid-column: 2 / -1; margin: 0; }
.bar-track { min-width: 60px; }
.bar-fill.neg { background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.55) 0 3px, transparent 3px 7px); }
.zero { position: absolute; top: -3px; bottom: -3px; width: 2px; margin-left: -1px; background: var(--_fg); }
.kv { border-top: 1px solid var(--_border); margin-top: 10px; padding-top: 6px; }
.kv h3 { font-size: 1rem; margin: 4px 0; }
.summary { font-weight: 600; }
@media (max-width: 420px) { ol.bars li { grid-template-columns: 1.1em 5.6em minmax(50px, 1fr) 4em; gap: 2px 6px; } }
`;
/** A token label short enough for a subscript: "ba (object marker)" → "ba". */
const subscript = (label) => label.replace(/\s*\(.*\)$/, '');

const QK = row(sub('q', 'i'), '·', sub('k', 'j'));
/** The three comparisons' formulas, for the mode buttons and the caption. */
const MODE_MATH = {
  cosine: row('cos', paren(sub('x', 'i'), ',', sub('x', 'j'))),
  dot: QK,
  scaled: row(QK, '/', sqrt('d')),
};

/**
 * @tag attn-cosine-projection
 * @summary Lesson 1: why Q, K, V — cosine of raw embeddings vs learned projections.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} [query=3] - query token index
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query (token index), mode}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart formula - each formula line
 */
export class CosineProjection extends AttnWidget {
  static css = CSS;
  static strings = {
    'zh-CN': {
      title: '直接比 embedding，还是先投影成 Q、K？',
      help: '选一个查询 token，再切换比较方式：条形按分数从高到低排，每个数字旁边是它的算式（|a|² = a·a）。',
      query: '查询 token',
      modes: '比较方式',
      cosine: line('原始余弦 ', MODE_MATH.cosine),
      dot: line('投影后打分 ', MODE_MATH.dot),
      scaled: line('缩放打分 ', MODE_MATH.scaled),
      self: '（自己）',
      ranked: (m, n) => line('「', m, `」的 ${n} 个分数，从高到低`),
      rank: (i) => `第 ${i} 名`,
      bar: (r, t, v) => `第 ${r} 名：${t}，${v}`,
      summary: (q, top, r, n) => `排第一的是「${top}」；「${q}」自己排第 ${r} / ${n}。`,
      kvTitle: 'K 几乎一样，V 不一样',
      kvHelp: (a, b) =>
        `「${a}」和「${b}」都是人名：它们的 K 几乎同向，打分时很难区分；V 却明显不同，所以被选中后交出去的要用单独的 V。`,
    },
    en: {
      title: 'Compare raw embeddings, or project into Q and K first?',
      help: 'Pick a query token, then switch the comparison: bars are ranked from the highest score down, each number with its formula (|a|² = a·a).',
      query: 'Query token',
      modes: 'Comparison',
      cosine: line('raw cosine ', MODE_MATH.cosine),
      dot: line('projected score ', MODE_MATH.dot),
      scaled: line('scaled score ', MODE_MATH.scaled),
      self: '(itself)',
      ranked: (m, n) => line(`The ${n} scores of “`, m, '”, highest first'),
      rank: (i) => `rank ${i}`,
      bar: (r, t, v) => `rank ${r}: ${t}, ${v}`,
      summary: (q, top, r, n) => `First: ${top}. ${q} itself ranks ${r} of ${n}.`,
      kvTitle: 'The keys are almost the same, the values are not',
      kvHelp: (a, b) =>
        `${a} and ${b} are both names: their keys point almost the same way, so scoring can hardly tell them apart; their values differ, so what a chosen token hands over needs its own V.`,
    },
  };

  static get observedAttributes() {
    return ['lang', 'query', 'world'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'query' || name === 'world') this.query = undefined; // re-read from the attribute
    super.attributeChangedCallback(name, old, value);
  }

  /** The query attribute as a token index, clamped to the world. */
  attrQuery(n) {
    const q = Number.parseInt(this.getAttribute('query') ?? '3', 10);
    return Number.isFinite(q) ? Math.max(0, Math.min(n - 1, q)) : Math.min(3, n - 1);
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.query, mode: this.mode };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.query ??= this.attrQuery(w.tokens.length);
    this.mode ??= 'cosine';
    const name = `q-${Math.random().toString(36).slice(2, 8)}`;
    this.radios = labels.map((l, i) => {
      const input = h('input', {
        type: 'radio',
        name,
        value: String(i),
        'data-i': i,
        onchange: () => {
          this.query = i;
          this.update();
        },
      });
      input.checked = i === this.query;
      return input;
    });
    this.radioLabels = this.radios.map((r, i) => h('label', {}, [r, labels[i]]));
    this.modeButtons = MODES.map((m) =>
      h(
        'button',
        {
          type: 'button',
          'data-mode': m,
          'aria-pressed': String(this.mode === m),
          onclick: () => {
            this.mode = m;
            this.update();
          },
        },
        formula(this.t(m)),
      ),
    );
    this.vector = h('p', { class: 'formula' });
    this.caption = h('p', { id: 'bars-caption', class: 'muted' });
    this.bars = h('ol', { class: 'bars', 'aria-labelledby': 'bars-caption' });
    this.summary = h('p', { class: 'summary', 'aria-live': 'polite' });
    this.kv = h('section', { class: 'kv' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('fieldset', { class: 'picker' }, [
        h('legend', {}, this.t('query')),
        h('div', { class: 'opts' }, this.radioLabels),
      ]),
      h('div', { class: 'row', role: 'group', 'aria-label': this.t('modes') }, this.modeButtons),
      this.vector,
      this.caption,
      this.bars,
      this.summary,
      this.kv,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const lab = (j) => subscript(labels[j]);
    const n = labels.length;
    const { query, mode } = this;
    this.radios.forEach((r, i) => {
      r.checked = i === query;
      this.radioLabels[i].classList.toggle('on', i === query);
    });
    this.modeButtons.forEach((b) =>
      b.setAttribute('aria-pressed', String(b.dataset.mode === mode)),
    );
    const x = sub('x', lab(query));
    this.vector.replaceChildren(
      ...formula(
        mode === 'cosine'
          ? row(x, '=', vectorMath(w.x[query]))
          : row(sub('q', lab(query)), '=', x, '·', sub('W', 'Q'), '=', vectorMath(w.q[query])),
      ),
    );
    this.caption.replaceChildren(...formula(this.t('ranked', this.t(mode), n)));

    const values = scoreRow(e, w, query, mode);
    const order = ranking(values);
    const { lo, hi } = trackRange(values);
    const digits = DIGITS[mode];
    this.bars.replaceChildren(
      ...order.map((j, r) => {
        const v = values[j];
        const text = num(v, digits);
        const span = barSpan(v, lo, hi);
        const isSelf = j === query;
        return h(
          'li',
          {
            class: isSelf ? 'self' : undefined,
            'data-token': w.tokens[j],
            'aria-label': this.t('bar', r + 1, labels[j], text),
          },
          [
            h('span', { class: 'rank', 'aria-hidden': 'true' }, String(r + 1)),
            h('span', { class: 'tok' }, [
              labels[j],
              isSelf ? h('span', { class: 'tag' }, this.t('self')) : null,
            ]),
            h('span', { class: 'bar-track', 'aria-hidden': 'true' }, [
              lo < 0
                ? h('span', { class: 'zero', style: { left: `${(span.zero * 100).toFixed(2)}%` } })
                : null,
              h('span', {
                class: v < 0 ? 'bar-fill neg' : 'bar-fill',
                style: {
                  left: `${(span.left * 100).toFixed(2)}%`,
                  width: `${(span.width * 100).toFixed(2)}%`,
                  right: 'auto',
                },
              }),
            ]),
            h('span', { class: 'val' }, text),
            h('p', { class: 'formula' }, formula(formulaFor(e, w, mode, query, j, v, lab))),
          ],
        );
      }),
    );
    this.summary.textContent = this.t(
      'summary',
      labels[query],
      labels[order[0]],
      order.indexOf(query) + 1,
      n,
    );
    this.renderKeyValue(e, w, labels);
  }

  renderKeyValue(e, w, labels) {
    const kv = keyValuePair(e, w);
    if (!kv) {
      this.kv.hidden = true;
      return;
    }
    this.kv.hidden = false;
    const la = subscript(labels[kv.a]),
      lb = subscript(labels[kv.b]);
    const { lo, hi } = trackRange([kv.k.cos, kv.v.cos, 1]);
    const line = (letter, p) => {
      const span = barSpan(p.cos, lo, hi);
      const text = num(p.cos, 3);
      return h(
        'li',
        { 'data-pair': letter, 'aria-label': `cos(${letter}_${la}, ${letter}_${lb}) = ${text}` },
        [
          h('span', { class: 'rank', 'aria-hidden': 'true' }, letter),
          h('span', { class: 'tok' }, `cos(${letter})`),
          h('span', { class: 'bar-track', 'aria-hidden': 'true' }, [
            lo < 0
              ? h('span', { class: 'zero', style: { left: `${(span.zero * 100).toFixed(2)}%` } })
              : null,
            h('span', {
              class: p.cos < 0 ? 'bar-fill neg' : 'bar-fill',
              style: {
                left: `${(span.left * 100).toFixed(2)}%`,
                width: `${(span.width * 100).toFixed(2)}%`,
                right: 'auto',
              },
            }),
          ]),
          h('span', { class: 'val' }, text),
          h('p', { class: 'formula' }, [
            ...formula(row(sub(letter, la), '=', vectorMath(p.a))),
            h('br'),
            ...formula(row(sub(letter, lb), '=', vectorMath(p.b))),
            h('br'),
            ...formula(pairFormula(letter, p, la, lb)),
          ]),
        ],
      );
    };
    this.kv.replaceChildren(
      h('h3', {}, this.t('kvTitle')),
      h('p', { class: 'muted' }, this.t('kvHelp', labels[kv.a], labels[kv.b])),
      h('ol', { class: 'bars', 'aria-label': this.t('kvTitle') }, [
        line('K', kv.k),
        line('V', kv.v),
      ]),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    if (this.worldId !== 'zh-gift') return [];
    return courseChecks(rt.engine, worldTensors(rt, 'zh-gift'));
  }
}
