// <attn-dot-product world="zh-gift"> — lesson 2: how Q and K are matched, and why by a dot product.
// Pick a query token and a key token (default 给了 → 苹果): q·k written out term by term with the
// engine's q and k rows, each term and the total from the engine; its geometric reading
// |q| |k| cos θ (cos θ from engine.cosine) drawn as k's shadow on q; the whole QKᵀ in one engine
// call (every pair at once, the chosen cell outlined); beside it Bahdanau's additive score
// v · tanh(q W1 + k W2) for the same pair (engine.additiveScore, illustrative W1, W2, v with
// d_a = 4), and the memory each needs at a length T the student picks: naive additive attention
// materialises T × T × d_a numbers, dot-product attention T × T scores (engine.scoreMemory, with
// the formula shown).
// Attributes: world (default zh-gift), query, key (token indices; default the world's query and key
// roles), lang.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { PairWorld, Expansion } from './logic.js' */
/** @import { MemoryPanel, TSource } from './views/memory.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, num, redraw, svg } from '../../web/dom.js';
import { formula } from '../../web/mathml.js';
import { rowOf } from '../../web/tensor.js';
import { worldTensors, tokenLabels, hasRoles, roleIndex } from '../../web/world.js';
import { glossLine, longColumnsClass } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import {
  COURSE,
  short,
  expansion,
  expansionLines,
  geometryLines,
  scoreMatrix,
  ranking,
  additive,
  clampT,
  memoryFormulas,
  courseChecks,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { DOT_PRODUCT_CSS } from './styles.js';
import { geometryDrawing } from './views/geometry.js';
import { termBars } from './views/terms.js';
import { scoreGrid } from './views/score-grid.js';
import { dotCard, additiveCard } from './views/cards.js';
import { memoryPanel, showMemory } from './views/memory.js';

/**
 * @tag attn-dot-product
 * @summary Lesson 2: the dot-product score vs the additive one.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} query - query token index (default: the world's query, zh-gift: 给了)
 * @attr {number} key - key token index (default: the world's key, zh-gift: 苹果)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query, key (token indices), sequenceLength (the bytes section's T)}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class DotProduct extends AttnWidget {
  static css = DOT_PRODUCT_CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number | undefined} the query token's index (undefined: from the attribute) */
  #query;
  /** @type {number | undefined} the key token's index (undefined: from the attribute) */
  #key;
  /** @type {number} the length of the bytes section */
  #T = COURSE.T;
  /** @type {TSource | undefined} the control that set #T last (it keeps what the student typed) */
  #tSource;
  /** @type {TokenPicker} */
  #qPicker = emptyPicker();
  /** @type {TokenPicker} */
  #kPicker = emptyPicker();
  #vecLines = h('div', {});
  #expLines = h('div', { class: 'expansion', 'aria-live': 'polite', 'data-role': 'expansion' });
  #terms = h('ol', { class: 'terms' });
  #geoSvg = svg('svg', { viewBox: '0 0 300 150', role: 'img', 'data-role': 'geometry-img' });
  #geoLines = h('div', { class: 'lines' });
  #matrix = h('table', { class: 'scores', role: 'grid' });
  #rankLine = h('p', { 'data-role': 'rank' });
  #dotCard = h('div', { class: 'card' });
  #addCard = h('div', { class: 'card', 'data-role': 'additive' });
  /** @type {MemoryPanel | undefined} */
  #memory;

  static get observedAttributes() {
    return ['lang', 'world', 'query', 'key'];
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
    if (name === 'query') this.#query = undefined;
    if (name === 'key') this.#key = undefined;
    if (name === 'world') this.#query = this.#key = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * Attribute `name` as a token index clamped to the world, else the token that plays that role
   * in the world (zh-gift: query 给了, key 苹果), else the first token.
   * @param {PairWorld} w
   * @param {'query' | 'key'} name
   */
  attrIndex(w, name) {
    const n = w.tokens.length;
    const a = Number.parseInt(this.getAttribute(name) ?? '', 10);
    if (Number.isFinite(a)) return Math.max(0, Math.min(n - 1, a));
    return hasRoles(w, [name]) ? roleIndex(w, name) : 0;
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      query: this.#query,
      key: this.#key,
      sequenceLength: this.#T,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.#query ??= this.attrIndex(w, 'query');
    this.#key ??= this.attrIndex(w, 'key');
    const uid = Math.random().toString(36).slice(2, 8);
    /** @param {'query' | 'key'} role @param {number} i */
    const pick = (role, i) => {
      if (role === 'query') this.#query = i;
      else this.#key = i;
      this.update();
    };
    this.#qPicker = tokenPicker('query', this.t('query'), labels, uid, pick);
    this.#kPicker = tokenPicker('key', this.t('key'), labels, uid, pick);
    this.#terms.setAttribute('aria-label', this.t('termsLabel'));
    this.#matrix.setAttribute('aria-label', this.t('matTitle'));
    this.#matrix.onkeydown = (e) => this.#onGridKey(e);
    this.#memory = memoryPanel(
      uid,
      (k) => this.t(k),
      (v, source) => this.#setT(v, source),
    );

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      this.#qPicker.el,
      this.#kPicker.el,
      h('section', {}, [
        h('h3', {}, this.t('expTitle')),
        this.#vecLines,
        this.#expLines,
        this.#terms,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('geoTitle')),
        h('p', { class: 'muted' }, this.t('geoHelp')),
        h('div', { class: 'geo' }, [this.#geoSvg, this.#geoLines]),
      ]),
      h('section', {}, [
        h('h3', {}, this.t('matTitle')),
        h('p', { class: 'muted' }, this.t('matHelp', w.tokens.length)),
        scrollRegion(this.#matrix, { label: this.t('matTitle'), lang: this.lang }),
        ...glossLine(tokenLabels(w, this.lang)),
        this.#rankLine,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('addTitle')),
        h('div', { class: 'compare' }, [this.#dotCard, this.#addCard]),
      ]),
      this.#memory.section,
    );
  }

  /**
   * @param {string | number} value
   * @param {TSource} source
   */
  #setT(value, source) {
    const raw = Number(value);
    if (source === 'input' && !(Number.isFinite(raw) && raw >= 1)) return; // mid-typing: keep the last valid T
    this.#T = clampT(value);
    this.#tSource = source;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const query = this.#query ?? 0,
      key = this.#key ?? 0;
    const lq = labels[query],
      lk = labels[key];
    this.#qPicker.select(query);
    this.#kPicker.select(key);

    const ex = expansion(e, w, query, key);
    this.#drawExpansion(ex, lq, lk);
    this.#geoSvg.setAttribute('aria-label', this.t('geoImg', ex.theta.toFixed(1), num(ex.cos, 3)));
    redraw(this.#geoSvg, geometryDrawing(ex));
    const g = geometryLines(ex);
    redraw(this.#geoLines, [
      h('p', { class: 'formula total', 'data-role': 'geometry' }, formula(g.main)),
      h('p', { class: 'formula' }, formula(g.norms)),
      h('p', { class: 'formula' }, formula(g.angle)),
    ]);

    this.#drawScoreMatrix(scoreMatrix(e, w), labels, lq);
    redraw(
      this.#dotCard,
      dotCard(ex.total, (k) => this.t(k)),
    );
    redraw(
      this.#addCard,
      additiveCard(additive(e, ex.q, ex.k), (k) => this.t(k)),
    );
    if (this.#memory)
      showMemory(this.#memory, this.#T, memoryFormulas(e, this.#T), this.#tSource, (k, ...a) =>
        this.t(k, ...a),
      );
    this.#tSource = undefined;
  }

  /**
   * q · k term by term: the two vectors, the expansion lines, one bar per product q_m k_m.
   * @param {Expansion} ex
   * @param {string} lq the query's label
   * @param {string} lk the key's label
   */
  #drawExpansion(ex, lq, lk) {
    /** @param {Float32Array} r */
    const vec = (r) => `[${Array.from(r, (x) => short(x)).join(', ')}]`;
    redraw(this.#vecLines, [
      h('p', { class: 'formula' }, formula(this.t('vecQ', lq, vec(ex.q)))),
      h('p', { class: 'formula' }, formula(this.t('vecK', lk, vec(ex.k)))),
    ]);
    const [l1, l2, l3] = expansionLines(ex);
    redraw(this.#expLines, [
      h('p', { class: 'formula' }, `${this.t('pair', lq, lk)}:  ${l1}`),
      h('p', { class: 'formula' }, l2),
      h('p', { class: 'formula total' }, l3),
    ]);
    redraw(
      this.#terms,
      termBars(ex, (m, v) => this.t('termLabel', m, v)),
    );
  }

  /**
   * The whole score matrix (every cell a button that picks the pair) and the query's ranking.
   * @param {import('../../web/attn-engine.js').Tensor} S QKᵀ
   * @param {string[]} labels
   * @param {string} lq the query's label
   */
  #drawScoreMatrix(S, labels, lq) {
    const query = this.#query ?? 0;
    const hadFocus = this.shadowRoot?.activeElement?.classList.contains('cell');
    this.#matrix.replaceChildren(
      ...scoreGrid({
        S,
        labels,
        query,
        key: this.#key ?? 0,
        scale: this.scale,
        corner: this.t('corner'),
        cellName: (a, b) => this.t('cellName', a, b),
        onPick: (i, j) => {
          this.#query = i;
          this.#key = j;
          this.update();
        },
      }),
    );
    this.#matrix.className = `scores ${longColumnsClass(labels)}`.trim();
    if (hadFocus) this.#focusSelected();
    const scores = rowOf(S, query);
    const order = ranking(scores);
    this.#rankLine.textContent = this.t(
      'rank',
      lq,
      order.map((j) => `${labels[j]} ${num(scores[j])}`).join(' > '),
    );
  }

  /** @param {KeyboardEvent} e */
  #onGridKey(e) {
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = moves[e.key];
    const target = /** @type {Element | null} */ (e.target);
    if (!m || !target?.closest?.('button.cell')) return;
    e.preventDefault();
    const n = this.#qPicker.radios.length;
    /** @param {number} x */
    const clamp = (x) => Math.max(0, Math.min(n - 1, x));
    this.#query = clamp((this.#query ?? 0) + m[0]);
    this.#key = clamp((this.#key ?? 0) + m[1]);
    this.update();
    this.#focusSelected();
  }

  #focusSelected() {
    /** @type {HTMLElement | null} */ (
      this.#matrix.querySelector(`button[data-i="${this.#query}"][data-j="${this.#key}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseChecks(rt, this.worldId);
  }
}

/**
 * A radio group choosing the query (or key) token; select(i) shows token i as chosen.
 * @typedef {{ radios: HTMLInputElement[], el: HTMLFieldSetElement,
 *   select: (i: number) => void }} TokenPicker
 */

/** @returns {TokenPicker} a picker with no tokens (before build) */
function emptyPicker() {
  return { radios: [], el: h('fieldset'), select: () => {} };
}

/**
 * @param {'query' | 'key'} role
 * @param {string} legend
 * @param {string[]} labels the tokens
 * @param {string} uid makes the radio group's name unique on the page
 * @param {(role: 'query' | 'key', i: number) => void} onPick
 * @returns {TokenPicker}
 */
function tokenPicker(role, legend, labels, uid, onPick) {
  const radios = labels.map((_, i) =>
    h('input', {
      type: 'radio',
      name: `${role}-${uid}`,
      value: String(i),
      'data-role': role,
      'data-i': i,
      onchange: () => onPick(role, i),
    }),
  );
  const lbls = radios.map((r, i) => h('label', {}, [r, labels[i]]));
  return {
    radios,
    el: h('fieldset', { class: 'picker' }, [
      h('legend', {}, legend),
      h('div', { class: 'opts' }, lbls),
    ]),
    select: (sel) =>
      radios.forEach((r, i) => {
        r.checked = i === sel;
        lbls[i].classList.toggle('on', i === sel);
      }),
  };
}
