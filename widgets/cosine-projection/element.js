// <attn-cosine-projection world="zh-gift" query="3"> — lesson 1: why project into Q, K, V.
// Pick a query token; compare it with every token either by the cosine of the raw embeddings
// (it is most like itself) or by q_i·k_j after projecting into Q and K (in zh-gift, 给了 then
// ranks itself last and 苹果 first), optionally scaled by 1/√d. Ranked bars, each with its
// formula and the engine's numbers in it. Below: the two names' K are nearly parallel
// (cos 0.995) while their V are not — why retrieval needs its own V.
// Attributes: world (default zh-gift), query (token index, default the world's query), lang.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { World, Mode, Pair } from './logic.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { row, sub, formula } from '../../web/mathml.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, num, redraw } from '../../web/dom.js';
import { worldTensors, tokenLabels, hasRoles, roleIndex } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';
import {
  MODES,
  DIGITS,
  scoreRow,
  ranking,
  formulaFor,
  trackRange,
  keyValuePair,
  pairFormula,
  vectorMath,
  courseChecks,
  ROLES,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { barTrack } from './views/bar-track.js';

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
/**
 * A token label short enough for a subscript: "ba (object marker)" → "ba".
 * @param {string} label
 */
const subscript = (label) => label.replace(/\s*\(.*\)$/, '');

/**
 * @tag attn-cosine-projection
 * @summary Lesson 1: why Q, K, V — cosine of raw embeddings vs learned projections.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} query - query token index (default: the world's query, zh-gift: 给了)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query (token index), mode}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart formula - each formula line
 */
export class CosineProjection extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {number | undefined} the query token; undefined: read it from the attribute */
  #query;
  /** @type {Mode} */
  #mode = 'cosine';
  /** @type {HTMLInputElement[]} */
  #radios = [];
  /** @type {HTMLLabelElement[]} */
  #radioLabels = [];
  /** @type {ReturnType<typeof toggleButtons<string>> | null} */
  #modes = null;
  #vector = h('p', {});
  #caption = h('p', {});
  #bars = h('ol', {});
  #summary = h('p', {});
  #kv = h('section', {});

  static get observedAttributes() {
    return ['lang', 'query', 'world'];
  }

  get worldId() {
    return this.world;
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'query' || name === 'world') this.#query = undefined; // re-read from the attribute
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * The query attribute as a token index, clamped to the world; without one, the world's query
   * (zh-gift: 给了), or its last token.
   * @param {World} w
   */
  attrQuery(w) {
    const n = w.tokens.length;
    const q = Number.parseInt(this.getAttribute('query') ?? '', 10);
    if (Number.isFinite(q)) return Math.max(0, Math.min(n - 1, q));
    return hasRoles(w, ['query']) ? roleIndex(w, 'query') : n - 1;
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.#query, mode: this.#mode };
  }

  /** @param {Runtime} rt */
  build(rt) {
    /** @type {World} */
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const query = (this.#query ??= this.attrQuery(w));
    const name = `q-${Math.random().toString(36).slice(2, 8)}`;
    this.#radios = labels.map((l, i) => {
      const input = h('input', {
        type: 'radio',
        name,
        value: String(i),
        'data-i': i,
        onchange: () => {
          this.#query = i;
          this.update();
        },
      });
      input.checked = i === query;
      return input;
    });
    this.#radioLabels = this.#radios.map((r, i) => h('label', {}, [r, labels[i]]));
    this.#modes = toggleButtons({
      values: MODES,
      data: 'mode',
      pressed: this.#mode,
      label: (m) => formula(this.t(m)),
      onPick: (m) => {
        this.#mode = m;
        this.update();
      },
    });

    this.#vector = h('p', { class: 'formula' });
    this.#caption = h('p', { id: 'bars-caption', class: 'muted' });
    this.#bars = h('ol', { class: 'bars', 'aria-labelledby': 'bars-caption' });
    this.#summary = h('p', { class: 'summary', 'aria-live': 'polite' });
    this.#kv = h('section', { class: 'kv' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('fieldset', { class: 'picker' }, [
        h('legend', {}, this.t('query')),
        h('div', { class: 'opts' }, this.#radioLabels),
      ]),
      h('div', { class: 'row', role: 'group', 'aria-label': this.t('modes') }, this.#modes.buttons),
      this.#vector,
      this.#caption,
      this.#bars,
      this.#summary,
      this.#kv,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    /** @type {World} */
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    /** @param {number} j */
    const lab = (j) => subscript(labels[j]);
    const n = labels.length;
    const query = this.#query ?? this.attrQuery(w);
    const mode = this.#mode;
    this.#radios.forEach((r, i) => {
      r.checked = i === query;
      this.#radioLabels[i].classList.toggle('on', i === query);
    });
    this.#modes?.set(mode);
    const x = sub('x', lab(query));
    redraw(
      this.#vector,
      formula(
        mode === 'cosine'
          ? row(x, '=', vectorMath(rowOf(w.x, query)))
          : row(
              sub('q', lab(query)),
              '=',
              x,
              '·',
              sub('W', 'Q'),
              '=',
              vectorMath(rowOf(w.q, query)),
            ),
      ),
    );
    redraw(this.#caption, formula(this.t('ranked', this.t(mode), n)));

    const values = scoreRow(e, w, query, mode);
    const order = ranking(values);
    const { lo, hi } = trackRange(values);
    const digits = DIGITS[mode];
    redraw(
      this.#bars,
      order.map((j, r) => {
        const v = values[j];
        const text = num(v, digits);
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
            barTrack(v, lo, hi),
            h('span', { class: 'val' }, text),
            h('p', { class: 'formula' }, formula(formulaFor(e, w, mode, query, j, v, lab))),
          ],
        );
      }),
    );
    this.#summary.textContent = this.t(
      'summary',
      labels[query],
      labels[order[0]],
      order.indexOf(query) + 1,
      n,
    );
    this.renderKeyValue(e, w, labels);
  }

  /**
   * The K-versus-V pair below the bars (hidden when the world has no such pair).
   * @param {AttnEngine} e
   * @param {World} w
   * @param {string[]} labels
   */
  renderKeyValue(e, w, labels) {
    const kv = keyValuePair(e, w);
    if (!kv) {
      this.#kv.hidden = true;
      return;
    }
    this.#kv.hidden = false;
    const la = subscript(labels[kv.a]),
      lb = subscript(labels[kv.b]);
    const { lo, hi } = trackRange([kv.k.cos, kv.v.cos, 1]);
    /** @param {string} letter @param {Pair} p */
    const line = (letter, p) => {
      const text = num(p.cos, 3);
      return h(
        'li',
        { 'data-pair': letter, 'aria-label': `cos(${letter}_${la}, ${letter}_${lb}) = ${text}` },
        [
          h('span', { class: 'rank', 'aria-hidden': 'true' }, letter),
          h('span', { class: 'tok' }, `cos(${letter})`),
          barTrack(p.cos, lo, hi),
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
    redraw(this.#kv, [
      h('h3', {}, this.t('kvTitle')),
      h('p', { class: 'muted' }, this.t('kvHelp', labels[kv.a], labels[kv.b])),
      h('ol', { class: 'bars', 'aria-label': this.t('kvTitle') }, [
        line('K', kv.k),
        line('V', kv.v),
      ]),
    ]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // The lesson's numbers hold for a world that says which token is its query and which its
    // two names; another world has none to check.
    if (!hasRoles(worldTensors(rt, this.worldId), [...ROLES])) return [];
    return courseChecks(rt, this.worldId);
  }
}
