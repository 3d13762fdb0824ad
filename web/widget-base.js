// The base of every widget: a custom element with a shadow root, the shared stylesheet, the
// language switch (`lang="zh-CN"` default, or `lang="en"`), inline errors, and the self-check
// panel (its own strings: COMMON, exported for the language test), shown in the teacher view
// only (the `teacher` attribute). A widget subclass implements:
//   static strings = STRINGS       from its strings.js: {'zh-CN': {...}, en: {...}}
//   static checkNamesZh = CHECK_NAMES_ZH   its strings.js too: self-check names, English → Chinese
//   static css     extra CSS text for this widget only (optional; adopted after the shared sheet)
//   build(rt)      make the controls once the runtime is ready (optional)
//   render(rt)     ask the engine and draw; called on start and after every interaction
//   checks(rt)     [{name, expected, actual, ok}] for the course numbers it shows (optional)
//   updateDetail() the detail of its attn-update event: super.updateDetail() plus its own state
//                  after the draw (optional; plain JSON-able values)
// and calls this.update() after an interaction. Every attention number a student sees comes
// from rt.engine; shape arithmetic, counting and formatting may be JS. Whatever colours a weight
// takes `this.scale` (the site's --attn-scale, read once per update) as an argument.
/** @import { Runtime } from './runtime.js' */
import { widgetSheet, sheetFor } from './styles.js';
import { SCALE_PROPERTY } from './theme.js';
import { scaleNamed } from './color.js';
/** @import { ColorScale } from './color.js' */
import { h } from './dom.js';
// Widgets import check() from here or, DOM-free, from check-row.js.
export { check, checkNamed } from './check-row.js';
import { englishVars, fillName } from './check-row.js';
import { COURSE_WORLD } from './world.js';

export const COMMON = {
  'zh-CN': { loading: '正在加载注意力引擎…', error: '出错了', checks: '数字自检', passed: '通过' },
  en: {
    loading: 'Loading the attention engine…',
    error: 'Something is wrong',
    checks: 'Self-check of the numbers',
    passed: 'passed',
  },
};

/** @import { CheckRow } from './check-row.js' */
/** @typedef {Record<string, any>} StringTable strings, functions of counts → strings, or lists */
/** @typedef {{ 'zh-CN': StringTable, en: StringTable }} WidgetStrings its strings.js STRINGS */

/**
 * The ::part() names every widget puts on its main regions, the same name for the same role in
 * every widget, so one site rule (`attn-mask-grid::part(controls)`) styles them all. body, error
 * and checks are the base's own boxes; the others are found by role after each draw (the
 * outermost match only, so a part is never inside another of the same name).
 * @type {[string, string][]} [part name, the selector of the elements that have that role]
 */
export const PARTS = [
  ['title', 'h2'],
  ['controls', '.row, .controls, fieldset.picker'],
  ['figure', 'table, svg, canvas, .chart'],
  ['formula', '.formula'],
  ['note', '.note'],
];

/** @type {MediaQueryList | null | undefined} */
let coarse;
/**
 * Whether the page is on a touch screen (its main pointer is a finger: `pointer: coarse`), where
 * a widget's instructions say "tap" (a string table's `key:touch` entries, web/widget-base.js t()).
 */
export function onTouchScreen() {
  coarse ??= globalThis.matchMedia?.('(pointer: coarse)') ?? null;
  return coarse?.matches ?? false;
}

/**
 * The base of every widget. Its theme (web/theme.js) is what the @cssprop lines list; a site sets
 * them on the element or above it. `theme` is read by the theme's CSS only (:host([theme])).
 * @attr {string} theme - `light` or `dark`: this theme whatever the system prefers (default: the
 *   system's, prefers-color-scheme)
 * @attr {boolean} teacher - show the self-check panel (every course number recomputed against
 *   the printed one); students do not see it. The course pages' teacher view sets it.
 * @cssprop [--attn-fg=#1b1b1b] - text
 * @cssprop [--attn-fg-2=#3d3d3d] - secondary text: formulas, axis labels
 * @cssprop [--attn-muted=#555] - help lines and notes
 * @cssprop [--attn-bg=#fff] - the widget background
 * @cssprop [--attn-surface=#f4f4f4] - buttons, bar tracks, panels
 * @cssprop [--attn-surface-1=#fafafa] - faint panels (code, cards)
 * @cssprop [--attn-surface-3=#e6e6e6] - masked and empty cells
 * @cssprop [--attn-border=#d0d0d0] - the widget frame and card borders
 * @cssprop [--attn-rule=#e3e3e3] - table rules and grid lines
 * @cssprop [--attn-control-border=#6b6b6b] - control borders and axes
 * @cssprop [--attn-accent=#0b3d91] - pressed buttons, links, selection
 * @cssprop [--attn-on-accent=#fff] - text on the accent
 * @cssprop [--attn-accent-soft=#e8eefb] - a light wash of the accent (badges, rows)
 * @cssprop [--attn-focus=#E69F00] - the focus ring
 * @cssprop [--attn-error=#b00020] - error borders and marks
 * @cssprop [--attn-error-fg=#7a0015] - error text
 * @cssprop [--attn-error-bg=#fdecee] - error panels
 * @cssprop [--attn-ok=#006d2c] - right answers, passed checks
 * @cssprop [--attn-ok-bg=#eef8f0] - right-answer panels
 * @cssprop [--attn-warn-fg=#6b4200] - warning and "reported" text
 * @cssprop [--attn-warn-bg=#fff1d6] - warning and note panels
 * @cssprop [--attn-warn-border=#8a5a00] - warning borders
 * @cssprop [--attn-font=system-ui] - the text font
 * @cssprop [--attn-font-mono=ui-monospace] - formulas and code
 * @cssprop [--attn-scale=cividis] - the heatmap colour scale: `cividis` or `viridis`
 * @csspart body - everything the widget draws
 * @csspart error - the inline error box
 * @csspart checks - the self-check panel
 */
export class AttnWidget extends HTMLElement {
  /** @type {WidgetStrings} */
  static strings = { 'zh-CN': {}, en: {} };
  /**
   * Where the widgets get their runtime: set once where the elements are defined (the bundle's
   * entry: courseRuntime(engine factory); the open-model page: a runtime of its own). Until
   * then a widget shows this error.
   * @type {() => Promise<Runtime>}
   */
  static getRuntime = () =>
    Promise.reject(new Error('no runtime: define the widgets with defineCourse(createEngine)'));
  /** @type {Record<string, string>} this widget's self-check names in Chinese, by English name */
  static checkNamesZh = {};
  /** @type {string | undefined} */
  static css;
  /** @type {ColorScale} */
  #scale = scaleNamed(undefined);
  static get observedAttributes() {
    return ['lang'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const own = /** @type {typeof AttnWidget} */ (this.constructor).css;
    root.adoptedStyleSheets = own ? [widgetSheet(), sheetFor(own)] : [widgetSheet()];
    /** @type {Runtime | null} */
    this.rt = null;
    this.body = h('div', { class: 'body', part: 'body' });
    this.errorBox = h('div', { class: 'error', role: 'alert', hidden: true, part: 'error' });
    this.checkBox = h('details', { class: 'checks', part: 'checks' });
    root.append(this.errorBox, this.body, this.checkBox);
    /** @type {string | undefined} the language the checks panel was drawn in */
    this._checksLang = undefined;
    /** @type {() => void} */
    this._resolveReady = () => {};
    // Resolves once the widget has drawn (or shown its error) the first time, with its checks.
    /** @type {Promise<void>} */
    this.ready = new Promise((resolve) => (this._resolveReady = resolve));
  }

  /**
   * The widget's language: its `lang` attribute, else the nearest `lang` above, else zh-CN.
   * @returns {string}
   */
  get lang() {
    return this.getAttribute('lang') || this.closest('[lang]')?.getAttribute('lang') || 'zh-CN';
  }
  /** Sets the `lang` attribute (the widget draws again in that language). */
  set lang(lang) {
    this.setAttribute('lang', lang);
  }

  /** The world of an element without a `world` attribute (the playground has its own). */
  static defaultWorld = COURSE_WORLD;

  /**
   * The teaching world an element with a `world` attribute shows: the attribute, else the
   * element's default. Setting it sets the attribute (the widget draws that world).
   * @returns {string}
   */
  get world() {
    return (
      this.getAttribute('world') || /** @type {typeof AttnWidget} */ (this.constructor).defaultWorld
    );
  }
  set world(id) {
    this.setAttribute('world', id);
  }

  /**
   * The string `key` in the widget's language: its own table first, then the common one.
   * @param {string} key
   * @param {...any} args for a string that is a function (counts, names)
   * @returns {any} a string, or what the table holds (a list of step texts)
   */
  t(key, ...args) {
    const lang = this.lang.startsWith('en') ? 'en' : 'zh-CN';
    const strings = /** @type {typeof AttnWidget} */ (this.constructor).strings;
    const own = strings[lang] ?? {};
    /** @type {StringTable} */
    const common = COMMON[lang];
    // On a touch screen a table's `key:touch` wins: "tap", never only "click" or the arrow keys.
    const touch = onTouchScreen() ? (own[`${key}:touch`] ?? common[`${key}:touch`]) : undefined;
    const s = touch ?? own[key] ?? common[key] ?? strings['zh-CN'][key] ?? key;
    return typeof s === 'function' ? s(...args) : s;
  }

  /** The heatmap colour scale this draw uses (the site's --attn-scale, read at update()). */
  get scale() {
    return this.#scale;
  }

  get isEnglish() {
    return this.lang.startsWith('en');
  }

  connectedCallback() {
    if (this._started) return;
    this._started = true;
    // Read now, while the page's layout is clean: read in the first draw, after the widgets
    // before this one filled their container-query bodies, it forced their layout first.
    this.#readScale();
    this.body.replaceChildren(h('p', { class: 'muted' }, this.t('loading')));
    /** @type {typeof AttnWidget} */ (this.constructor).getRuntime().then(
      (rt) => {
        this.rt = rt;
        this.body.replaceChildren();
        try {
          this.build(rt);
        } catch (e) {
          this.showError(e);
          this._resolveReady();
          return;
        }
        // The checks in a task of their own: the widgets of a page draw together, and the
        // first paint need not wait for every widget's course checks (the quiz's recompute
        // every fact it quotes).
        this.#draw({ checks: false });
        setTimeout(() => {
          try {
            this.#drawChecksOnce();
          } catch (e) {
            this.showError(e);
          }
          this._resolveReady();
        }, 0);
      },
      (e) => {
        this.showError(e);
        this._resolveReady();
      },
    );
  }

  /**
   * @param {string} _name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(_name, old, value) {
    if (old === value || !this.rt) return;
    // A language switch rebuilds the controls so every label changes; any other attribute
    // (world, model, …) can change what the checks compare, so their panel is redrawn too.
    this._checksLang = undefined;
    this.body.replaceChildren();
    try {
      this.build(this.rt);
    } catch (e) {
      this.showError(e);
      return;
    }
    this.update();
  }

  /** Recompute and redraw. Errors from the engine or the data are shown inline, never thrown. */
  update() {
    if (!this.rt) return;
    this.#readScale();
    this.#draw({ checks: true });
  }

  /** The heatmap scale a site chose (--attn-scale), for everything the next draws colour. */
  #readScale() {
    this.#scale = scaleNamed(getComputedStyle(this).getPropertyValue(SCALE_PROPERTY));
  }

  /**
   * Render, show or clear the error, draw the checks if asked (and not yet drawn in this
   * language), mark the parts, announce the draw (attn-update).
   * @param {{checks: boolean}} options
   */
  #draw({ checks }) {
    try {
      this.render(/** @type {Runtime} */ (this.rt));
      this.clearError();
      if (checks) this.#drawChecksOnce();
    } catch (e) {
      this.showError(e);
    }
    this.markParts();
    this.dispatchEvent(
      new CustomEvent('attn-update', {
        bubbles: true,
        composed: true,
        detail: this.updateDetail(),
      }),
    );
  }

  /**
   * The detail of attn-update: which widget, its language, the error it shows (or null), the
   * attributes it observes, and whatever the widget adds (override: `{...super.updateDetail(),
   * query: …}`). Plain values only, so a course platform can log or post it as JSON.
   * @returns {Record<string, any>}
   */
  /**
   * The checks reproduce fixed course numbers, independent of what the student clicked: drawn
   * once per language, not after every interaction.
   */
  #drawChecksOnce() {
    if (this._checksLang === this.lang) return;
    this.drawChecks();
    this._checksLang = this.lang;
  }

  updateDetail() {
    const cls = /** @type {typeof AttnWidget} */ (this.constructor);
    /** @type {Record<string, string | null>} */
    const attributes = {};
    for (const a of cls.observedAttributes) if (a !== 'lang') attributes[a] = this.getAttribute(a);
    return {
      widget: this.localName,
      lang: this.isEnglish ? 'en' : 'zh-CN',
      error: this.dataset.error ?? null,
      attributes,
    };
  }

  /**
   * Puts the PARTS names on the regions drawn (again after every draw: render may rebuild).
   * Only where missing: part.add() rewrites the attribute even when the name is there, and a
   * part attribute written restyles and lays out its element again (every table, chart and
   * formula of the widget after each interaction: docs/benchmarks.md, "Figures behind the code").
   */
  markParts() {
    for (const [name, selector] of PARTS)
      for (const el of this.body.querySelectorAll(selector))
        if (!el.part.contains(name) && !el.parentElement?.closest(selector)) el.part.add(name);
  }

  /**
   * Make the controls once the runtime is ready; a widget without controls keeps this no-op.
   * @param {Runtime} _rt
   */
  build(_rt) {}

  /**
   * Ask the engine and draw; every widget overrides this.
   * @param {Runtime} _rt
   */
  render(_rt) {}

  /**
   * The course numbers the widget shows, recomputed; a widget without any keeps this.
   * @param {Runtime} _rt
   * @returns {CheckRow[]}
   */
  checks(_rt) {
    return [];
  }

  /** @param {any} e an engine or data error (or anything thrown) */
  showError(e) {
    const msg = e && e.message ? e.message : String(e);
    const kind = e && e.name && e.name !== 'Error' ? `${e.name}: ` : '';
    this.errorBox.replaceChildren(h('strong', {}, this.t('error')), `${kind}${msg}`);
    this.errorBox.hidden = false;
    this.dataset.error = msg;
  }

  clearError() {
    this.errorBox.hidden = true;
    delete this.dataset.error;
  }

  /**
   * The course numbers this widget reproduces: [{name, expected, actual, ok}].
   * @returns {CheckRow[]}
   */
  selfCheck() {
    if (!this.rt) return [];
    try {
      return this.checks(this.rt);
    } catch (e) {
      const actual = /** @type {Error} */ (e).message;
      return [{ name: 'self-check', expected: 'no error', actual, ok: false }];
    }
  }

  /**
   * A self-check row's name as the panel shows it: English, or Chinese (the widget's
   * strings.js, CHECK_NAMES_ZH, by the row's name template where it has one, filled the same).
   * @param {CheckRow} row
   */
  checkName(row) {
    const zh = /** @type {typeof AttnWidget} */ (this.constructor).checkNamesZh;
    if (this.isEnglish) return row.key ? fillName(row.key, englishVars(row.vars ?? {})) : row.name;
    const name = zh[row.key ?? row.name];
    return name === undefined ? row.name : fillName(name, row.vars ?? {});
  }

  /**
   * A self-check row's values as the panel shows them: the row's own, or its `en` / `zh` ones
   * where it gives the page's language its own (words, glossed tokens).
   * @param {CheckRow} row
   * @returns {import('./check-row.js').CheckValues}
   */
  checkValues(row) {
    return (this.isEnglish ? row.en : row.zh) ?? row;
  }

  drawChecks() {
    const results = this.selfCheck();
    if (!results.length) {
      this.checkBox.hidden = true;
      return;
    }
    const passed = results.filter((r) => r.ok).length;
    this.checkBox.hidden = false;
    this.checkBox.replaceChildren(
      h('summary', {}, `${this.t('checks')}: ${passed}/${results.length} ${this.t('passed')}`),
      h(
        'ul',
        {},
        results.map((r) =>
          h(
            'li',
            { class: r.ok ? 'ok' : 'fail' },
            `${this.checkName(r)}: ${this.checkValues(r).actual} (${this.checkValues(r).expected})`,
          ),
        ),
      ),
    );
  }
}
