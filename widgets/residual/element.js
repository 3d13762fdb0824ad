// <attn-residual> — lesson 7, after the heads: the same W_Q at every position (Q = X·W_Q in one
// product), each head's piece of the output, their concatenation times W_O, and the residual add
// x + o·W_O, for the token the student picks. Numbers from the engine (logic.js).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, num } from '../../web/dom.js';
import { rowOf } from '../../web/tensor.js';
import { worldTensors, tokenLabels, roleIndex } from '../../web/world.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { residualRow, courseChecks, WORLD } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';

const CSS = `
.tokens { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 10px; }
.tokens button { min-height: 36px; min-width: 44px; }
.tokens button[aria-pressed="true"] { font-weight: 700; outline: 2px solid var(--_accent, #1f4e9c); }
table.mat { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 4px 0; }
table.mat th, table.mat td { padding: 2px 8px; text-align: right; }
table.mat th { font-weight: 600; }
table.mat tr.on td, table.mat tr.on th { background: var(--_accent-soft-f4f6fb, #eef2fb); font-weight: 700; }
.vec { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
`;

/** A vector as printed: [0.50, −1.00, …]. @param {ArrayLike<number>} v */
const vec = (v) => `[${Array.from(v, (x) => num(x).replace('-', '−')).join(', ')}]`;

/**
 * A matrix as a small table, row `on` highlighted.
 * @param {Matrix} m @param {string[]} [labels] @param {number} [on]
 */
function matTable(m, labels, on = -1) {
  const [r] = m.shape;
  return h(
    'table',
    { class: 'mat' },
    h(
      'tbody',
      {},
      Array.from({ length: r }, (_, i) =>
        h('tr', { class: i === on ? 'on' : '' }, [
          ...(labels ? [h('th', { scope: 'row' }, labels[i])] : []),
          ...Array.from(rowOf(m, i), (x) => h('td', {}, num(x).replace('-', '−'))),
        ]),
      ),
    ),
  );
}

/**
 * @tag attn-residual
 * @summary Lesson 7: the heads concatenated, times W_O, added back to the residual stream;
 *   one W_Q at every position.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} token - the token whose path is shown first (default: the world's query, 给了)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, row (the token's index)}
 * @csspart title - the heading
 * @csspart formula - each formula line
 */
export class Residual extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** the token shown (index); -1 until the first build reads the attribute */
  #row = -1;
  #box = h('div', {});
  /** @type {HTMLButtonElement[]} */
  #buttons = [];
  /** @type {ReturnType<typeof toggleButtons<number>> | null} */
  #tokens = null;

  static get observedAttributes() {
    return ['lang', 'token'];
  }

  updateDetail() {
    return { ...super.updateDetail(), row: this.#row };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, WORLD);
    if (this.#row < 0) {
      const want = this.getAttribute('token');
      const i = want ? w.tokens.indexOf(want) : roleIndex(w, 'query');
      if (i < 0) throw new Error(`token="${want}" is not a token of ${w.tokens.join(' ')}`);
      this.#row = i;
    }
    const labels = tokenLabels(w, this.lang);
    this.#tokens = toggleButtons({
      values: labels.map((_, i) => i),
      data: 'row',
      pressed: this.#row,
      roving: true,
      label: (i) => labels[i],
      attrs: (i) => ({
        onkeydown: (/** @type {KeyboardEvent} */ e) => {
          const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
          if (!step) return;
          e.preventDefault();
          const next = (i + step + labels.length) % labels.length;
          this.#pick(next);
          this.#buttons[next]?.focus();
        },
      }),
      onPick: (i) => this.#pick(i),
    });
    this.#buttons = this.#tokens.buttons;
    this.#box = h('div', {});
    this.body.append(
      h('h2', { part: 'title' }, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'tokens', role: 'group', 'aria-label': this.t('pick') }, this.#buttons),
      this.#box,
      h('p', { class: 'muted' }, this.t('worldNote')),
    );
  }

  /** @param {number} i */
  #pick(i) {
    this.#row = i;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const r = residualRow(rt, this.#row);
    const labels = tokenLabels(r.w, this.lang);
    this.#tokens?.set(this.#row);
    const names = r.heads.map((_, hh) => String.fromCharCode(65 + hh));
    const f = (/** @type {string} */ text) =>
      h('p', { class: 'formula vec', part: 'formula' }, text);
    const wo = /** @type {Matrix} */ (r.w.wo);
    this.#box.replaceChildren(
      h('h3', {}, this.t('sharedTitle')),
      h('p', { class: 'muted' }, this.t('sharedHelp')),
      h('p', {}, this.t('wq')),
      scrollRegion([matTable(r.w.wq)], { label: this.t('wq'), lang: this.lang }),
      h('p', {}, this.t('qTable')),
      scrollRegion([matTable(r.Q, labels, this.#row)], {
        label: this.t('qTable'),
        lang: this.lang,
      }),
      h('h3', {}, this.t('headsTitle')),
      ...r.heads.map((v, hh) => f(this.t('head', names[hh], vec(v)))),
      f(this.t('concat', vec(r.concat), names)),
      h('h3', {}, this.t('mixTitle')),
      h('p', {}, this.t('wo')),
      scrollRegion([matTable(wo)], { label: this.t('wo'), lang: this.lang }),
      f(this.t('mixed', vec(r.mixed))),
      f(this.t('perHead', r.perHead.map(vec).join(' + '), vec(r.mixed))),
      h('h3', {}, this.t('addTitle')),
      f(this.t('add', vec(r.x), vec(r.mixed), vec(r.after))),
      h('p', { class: 'muted' }, this.t('addNote')),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseChecks(rt);
  }
}
