// <attn-rope world="zh-gift" model="qwen3.8-27b"> — lesson 6: why RoPE rotates Q and K, not V.
// q of 给了 and k of 苹果 (4 dims = 2 rotating pairs) drawn as 2-D arrows per pair; sliders put
// the query at position i and the key at position j, and "both ±1" (or the link checkbox)
// moves them together: the score q_rot·k_rot stays put when both move, changes when one does.
// A table of shifted (i, j) and an 8×8 grid of scores show every diagonal (same j − i) is one
// number. V is never rotated: the retrieved row is the same wherever the sentence sits, while a
// rotated V would make it depend on the absolute position. Partial rotary: the anchor's head of
// 256 dims turns only 64 (a strip of cells, the 32 pair speeds θ_p on a log scale), and a toy
// with rotaryDim 2 of 4 leaves dims 2–3 untouched. Every number is the engine's.
// Attributes: world (default zh-gift), model (default qwen3.8-27b), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Vectors, RopeScore } from './logic.js' */
/** @import { ShiftRow } from './views/score-tables.js' */
import { row, paren, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, num, redraw } from '../../web/dom.js';
import { worldTensors } from '../../web/world.js';
import {
  TOY_BASE,
  POS,
  SAME,
  TOY_ROTARY,
  ANCHOR_ID,
  vectors,
  ropeScore,
  rotate,
  scoreGrid,
  pairs,
  retrieved,
  anchorHead,
  anchorFrequencies,
  recordedBases,
  partialToy,
  courseCheckRows,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { pairPlane } from './views/pair-plane.js';
import { fillInvarianceTable, scoreGridTable, fillToyTable } from './views/score-tables.js';
import { rotaryStrip, frequencyChart } from './views/anchor-head.js';
import { CSS } from './views/style.js';
import { positionControls } from './views/position-controls.js';

/** The score grid's side: positions 0…7 for both the query and the key. */
const GRID = 8;

/**
 * 0.000133 → "1.33e-4"; 1 → "1".
 * @param {number} x
 */
function sci(x) {
  if (x >= 0.01) return num(x, 3).replace(/\.?0+$/, '');
  const [m, e] = x.toExponential(2).split('e');
  return `${m}e${e.replace('+', '')}`;
}

/**
 * [a, b, …] with every number to 2 decimals.
 * @param {ArrayLike<number>} x
 */
const vec = (x) => `[${Array.from(x, (v) => num(v)).join(', ')}]`;

/**
 * @tag attn-rope
 * @summary Lesson 6: RoPE turns Q and K, not V.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {string} [model=qwen3.8-27b] - model id of models.json
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, i, j (the positions of q and k), linked}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class Rope extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** The query's position. */
  #i = SAME[0][0];
  /** The key's position. */
  #j = SAME[0][1];
  /** Whether dragging one slider moves both. */
  #linked = false;

  /** The widget's strings, for the views. */
  #t = (/** @type {string} */ key, /** @type {any[]} */ ...args) => this.t(key, ...args);

  // What build() makes and render() fills.
  #panels = h('div');
  #scoreOut = h('p');
  #scoreFormula = h('p');
  #invTable = h('table');
  #gridBox = h('div');
  #vLines = h('div');
  #strip = h('div');
  #freq = h('div');
  #toyTitle = h('p');
  #toyTable = h('table');
  #anchorLine = h('p');
  #freqFormula = h('p');
  #baseNote = h('p');
  #freqTitle = h('p');
  #sliderI = h('input');
  #sliderJ = h('input');
  #outI = h('output');
  #outJ = h('output');

  static get observedAttributes() {
    return ['lang', 'world', 'model'];
  }

  get worldId() {
    return this.world;
  }

  get modelId() {
    return this.getAttribute('model') || ANCHOR_ID;
  }

  /** The query's position i. */
  get i() {
    return this.#i;
  }

  /** The key's position j. */
  get j() {
    return this.#j;
  }

  /** Whether the two sliders move together. */
  get linked() {
    return this.#linked;
  }

  updateDetail() {
    return { ...super.updateDetail(), i: this.#i, j: this.#j, linked: this.#linked };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const toy = vectors(rt, this.worldId); // a missing world or token: an inline error first
    const head = anchorHead(rt, this.modelId);
    const controls = positionControls({
      i: this.#i,
      j: this.#j,
      linked: this.#linked,
      t: this.#t,
      onPos: (which, value) => this.#setPos(which, value),
      onShift: (delta) => this.#shiftBoth(delta),
      onLink: (linked) => (this.#linked = linked),
    });
    ({ sliderI: this.#sliderI, sliderJ: this.#sliderJ } = controls);
    ({ outI: this.#outI, outJ: this.#outJ } = controls);
    this.#panels = h('div', { class: 'panels' });
    this.#scoreOut = h('p', { class: 'score', 'aria-live': 'polite', 'data-role': 'score' });
    this.#scoreFormula = h('p', { class: 'formula', 'data-role': 'score-formula' });
    this.#invTable = h('table', { class: 'inv', 'data-role': 'invariance' });
    const gridRegion = scrollRegion([], { label: this.t('gridTitle', GRID), lang: this.lang });
    this.#gridBox = gridRegion.box;
    this.#vLines = h('div', { 'data-role': 'v' });
    this.#strip = h('div', { class: 'strip' });
    this.#freq = h('div', { class: 'freq' });
    this.#toyTitle = h('p', {});
    this.#toyTable = h('table', { class: 'toy', 'data-role': 'toy' });
    this.#anchorLine = h('p', { 'data-role': 'anchor' });
    this.#freqFormula = h('p', { class: 'formula' });
    this.#baseNote = h('p', { class: 'muted' });
    this.#freqTitle = h('p', { class: 'muted' });

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help', toy.q.length)),
      ...controls.nodes,
      this.#panels,
      this.#scoreOut,
      this.#scoreFormula,
      h('p', { class: 'muted' }, this.t('why')),
      h('h3', {}, this.t('invTitle')),
      scrollRegion(this.#invTable, { label: this.t('invTitle'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('gridTitle', GRID)),
      gridRegion,
      h('h3', {}, this.t('vTitle')),
      h('p', { class: 'note' }, this.t('vWhy')),
      this.#vLines,
      h('h3', {}, this.t('partialTitle', head.headDim, head.rotaryDim)),
      this.#anchorLine,
      this.#strip,
      this.#freqTitle,
      this.#freq,
      this.#freqFormula,
      this.#baseNote,
      this.#toyTitle,
      scrollRegion(this.#toyTable, { label: this.t('toyRegion'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('toyNote', TOY_ROTARY, toy.q.length)),
    );
  }

  /**
   * A slider moved: that position (and, linked, the other by as much as both can go).
   * @param {'i' | 'j'} which
   * @param {number} value
   */
  #setPos(which, value) {
    /** @param {number} x */
    const clamp = (x) => Math.max(POS.min, Math.min(POS.max, x));
    let [mine, other] = which === 'i' ? [this.#i, this.#j] : [this.#j, this.#i];
    if (this.#linked) {
      const delta = value - mine;
      // Move both by the same amount, as far as both stay on the slider.
      const room = delta > 0 ? Math.min(delta, POS.max - other) : Math.max(delta, POS.min - other);
      mine = clamp(mine + room);
      other = clamp(other + room);
    } else {
      mine = clamp(value);
    }
    [this.#i, this.#j] = which === 'i' ? [mine, other] : [other, mine];
    this.update();
  }

  /** @param {number} delta */
  #shiftBoth(delta) {
    const [i, j] = [this.#i, this.#j];
    if (Math.min(i, j) + delta < POS.min || Math.max(i, j) + delta > POS.max) return;
    this.#i += delta;
    this.#j += delta;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const vecs = vectors(rt, this.worldId);
    const [i, j] = [this.#i, this.#j];
    this.#sliderI.value = String(i);
    this.#sliderJ.value = String(j);
    this.#outI.textContent = String(i);
    this.#outJ.textContent = String(j);
    this.#sliderI.setAttribute('aria-valuetext', `i = ${i}, j − i = ${j - i}`);
    this.#sliderJ.setAttribute('aria-valuetext', `j = ${j}, j − i = ${j - i}`);
    const rotated = ropeScore(rt, i, j, vecs);
    this.#drawPairs(rt, vecs, rotated);
    this.#drawScore(rotated);
    this.#drawInvariance(rt, vecs);
    redraw(this.#gridBox, [
      scoreGridTable(scoreGrid(rt, GRID, vecs), { i, j, scale: this.scale, t: this.#t }),
    ]);
    this.#drawValues(rt, vecs);
    this.#drawAnchorHead(rt);
    const toy = partialToy(rt, i, vecs);
    this.#toyTitle.textContent = this.t('toyTitle', i, vecs.q.length, TOY_ROTARY);
    fillToyTable(this.#toyTable, toy, this.#t);
  }

  /**
   * One plane per pair of dimensions: q and k before and after the turn by their positions.
   * @param {Runtime} rt
   * @param {Vectors} vecs
   * @param {RopeScore} rotated
   */
  #drawPairs(rt, vecs, { qr, kr }) {
    const e = rt.engine;
    const d = vecs.q.length;
    const theta = e.ropeFrequencies(d, TOY_BASE);
    const pr = pairs(d);
    /** @type {(x: ArrayLike<number>, pair: [number, number]) => [number, number]} */
    const pick = (x, [a, b]) => [x[a], x[b]];
    const norms = pr.flatMap((p) =>
      [vecs.q, vecs.k].map((x) => Math.sqrt(e.dot(pick(x, p), pick(x, p)))),
    );
    const zoom = 62 / Math.max(...norms, 1e-6);
    redraw(
      this.#panels,
      pr.map((p, n) =>
        pairPlane(
          {
            pair: p,
            theta: theta[n],
            zoom,
            q0: pick(vecs.q, p),
            k0: pick(vecs.k, p),
            q: pick(qr, p),
            k: pick(kr, p),
          },
          this.#t,
        ),
      ),
    );
  }

  /**
   * The score of the rotated pair, term by term.
   * @param {RopeScore} rotated
   */
  #drawScore({ qr, kr, score }) {
    const [i, j] = [this.#i, this.#j];
    /** @param {number} x */
    const par = (x) => (x < 0 ? paren(num(x)) : num(x));
    const terms = Array.from(qr).flatMap((x, k) => [
      ...(k ? ['+'] : []),
      row(par(x), '×', par(kr[k])),
    ]);
    redraw(this.#scoreOut, [
      `${this.t('scoreLine')} = `,
      h('strong', {}, num(score, 4)),
      '   ',
      h('span', { class: 'delta' }, this.t('delta', j - i)),
    ]);
    redraw(this.#scoreFormula, formula(this.t('scoreFormula', i, j, terms, num(score, 4))));
  }

  /**
   * The invariance table: the current (i, j) shifted together, and the key moved alone.
   * @param {Runtime} rt
   * @param {Vectors} vecs
   */
  #drawInvariance(rt, vecs) {
    const [i, j] = [this.#i, this.#j];
    const shifts = [...new Set([-Math.min(i, j), 0, 3, 7])];
    /** @type {{ i: number, j: number, kind: ShiftRow['kind'] }[]} */
    const at = shifts.map((s) => ({ i: i + s, j: j + s, kind: 'same' }));
    at.push({ i, j: j + 1, kind: 'other' });
    const rows = at.map((r) => ({ ...r, score: ropeScore(rt, r.i, r.j, vecs).score }));
    fillInvarianceTable(this.#invTable, rows, this.#t);
  }

  /**
   * V is not turned: the plain and the (hypothetically) rotated value, and what attention returns.
   * @param {Runtime} rt
   * @param {Vectors} vecs
   */
  #drawValues(rt, vecs) {
    const [i, j] = [this.#i, this.#j];
    // The sentence at positions 0…4 against the sentence shifted by i (by 7 while i is 0).
    const shiftShown = i === 0 ? 7 : i;
    const at0 = retrieved(rt, 0, vecs),
      atS = retrieved(rt, shiftShown, vecs);
    redraw(this.#vLines, [
      h('p', { class: 'formula', 'data-role': 'v-plain' }, this.t('vAt', j, vec(vecs.v))),
      h(
        'p',
        { class: 'formula', 'data-role': 'v-rot' },
        this.t('vIfRot', j, vec(rotate(rt.engine, vecs.v, j))),
      ),
      h('p', {}, this.t('outTitle', shiftShown, worldTensors(rt, this.worldId).tokens.length)),
      h('p', { class: 'formula' }, this.t('outPlain', vec(at0.plain), vec(atS.plain))),
      h('p', { class: 'formula' }, this.t('outRot', vec(at0.rotatedV), vec(atS.rotatedV))),
    ]);
  }

  /**
   * Partial rotary on the anchor model's head: which dims turn, and how fast.
   * @param {Runtime} rt
   */
  #drawAnchorHead(rt) {
    const head = anchorHead(rt, this.modelId);
    const freqs = anchorFrequencies(rt, head);
    this.#anchorLine.textContent = this.t('anchorLine', head.name, head.rotaryDim, head.headDim);
    // The anchor's strip and speed chart do not depend on (i, j): drawn once per build.
    if (!this.#strip.firstChild)
      redraw(this.#strip, rotaryStrip(head, freqs.length, this.scale, this.#t));
    this.#freqTitle.textContent = this.t('freqTitle', freqs.length, head.rotaryDim);
    if (!this.#freq.firstChild)
      redraw(this.#freq, [frequencyChart(freqs, this.scale, this.t('freqAria', freqs.length))]);
    redraw(
      this.#freqFormula,
      formula(
        this.t(
          'freqFormula',
          head.baseFromConfig ? String(head.base) : this.t('assumedBase', head.base),
          sci(freqs[0]),
          sci(freqs[freqs.length - 1]),
          freqs.length,
        ),
      ),
    );
    this.#baseNote.textContent = head.baseFromConfig
      ? ''
      : this.t('baseNote', TOY_BASE, recordedBases(rt), head.family);
    this.#baseNote.hidden = head.baseFromConfig;
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseCheckRows(rt, this.worldId);
  }
}
