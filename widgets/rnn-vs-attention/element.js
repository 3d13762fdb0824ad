// <attn-rnn-vs-attention> — branch B1: an RNN passes one state along, step by step; attention
// reads every earlier token in one step.
// Left, the RNN as its dependency chain: h_t = f(h_{t−1}, x_t), so step t waits for step t − 1; a
// stepper (Step / Back / Reset / Play, arrow keys) walks the chain and highlights the running
// step. No RNN is run: the chain and its counts are structure (T sequential steps, T − 1 updates
// from token 1 to token T). Right, attention: every token draws arcs to all earlier tokens at
// once (engine.causalMask); for T ≤ 5 the arcs of the chosen query carry the engine's causal
// weights on the zh-gift teaching world (engine.attention), for longer T the picture shows the
// structure only and says so. Below, the counts for any T (4,096 in the course).
// Attributes: lang (zh-CN | en); t (tokens in the picture, 2–12, default 5); count-t (default
// 4096).
/** @import { Runtime } from '../../web/runtime.js' */
import { formula as mathFormula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { grouped, h, svg } from '../../web/dom.js';
import { worldTensors, shortLabel } from '../../web/world.js';
import {
  T_PICTURE,
  T_COUNT,
  WORLD,
  clampInt,
  rnnCounts,
  attentionCounts,
  causalPattern,
  worldWeights,
  pictureLabels,
  courseCheckRows,
} from './logic.js';
import { stepper } from './views/stepper.js';
import { labelledSlider } from '../../web/views/slider.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { CSS } from './views/style.js';
import { chainLegend, chainUnits } from './views/chain.js';
import { fillArcs } from './views/arcs.js';
import { weightsView } from './views/weights.js';
import { fillCountsTable } from './views/counts-table.js';
import { queryButtons } from './views/queries.js';

/** Milliseconds between two steps while playing. */
const PLAY_MS = 900;

/**
 * @tag attn-rnn-vs-attention
 * @summary Branch B1: RNN vs attention.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} [t=5] - sequence length of the picture (2–12)
 * @attr {number} [count-t=4096] - sequence length of the counts
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, tokens (T), countTokens, step, query}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class RnnVsAttention extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number} tokens in the picture */
  #T = T_PICTURE.initial;
  /** The RNN step the stepper is at, 1 … T. */
  #s = 1;
  /** @type {number} the query whose arcs and weights are shown, 0 … T − 1 */
  #query = T_PICTURE.initial - 1;
  /** @type {number} the length the counts table counts for */
  #countT = T_COUNT.initial;
  // Whether the next build() reads T (with the step and the query) and countT from the
  // attributes: at the start, and after the attribute changed; not after a language switch.
  #tFromAttribute = true;
  #countFromAttribute = true;
  /** Tokens of the teaching world (the weights exist up to this T). */
  #nWorld = 0;
  /** @type {ReturnType<typeof setInterval> | null} the Play timer */
  #timer = null;

  // What build() makes and render() fills.
  #backBtn = h('button');
  #stepBtn = h('button');
  #playBtn = h('button');
  /** @type {{ set: (on: boolean) => void } | null} Play's on/off state (views/stepper.js) */
  #playing = null;
  #status = h('p');
  #chain = h('div');
  #rnnNow = h('p');
  #rnnReach = h('p');
  #arcs = svg('svg');
  #queries = h('div');
  #gloss = h('p');
  #weightsBox = h('div');
  #countInput = h('input');
  #counts = h('table');

  /** The widget's strings, for the views. */
  #t = (/** @type {string} */ key, /** @type {any[]} */ ...args) => this.t(key, ...args);

  static get observedAttributes() {
    return ['lang', 't', 'count-t'];
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    // Re-read from the attributes in build(); the stepper and the picked query start again.
    if (name === 't') this.#tFromAttribute = true;
    if (name === 'count-t') this.#countFromAttribute = true;
    super.attributeChangedCallback(name, old, value);
  }

  disconnectedCallback() {
    if (!this.#timer) return;
    this.#stopPlay();
    this.update(); // the Play button must not still say Pause when the element comes back
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      tokens: this.#T,
      countTokens: this.#countT,
      step: this.#s,
      query: this.#query,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    this.#nWorld = worldTensors(rt, WORLD).tokens.length;
    if (this.#tFromAttribute) {
      const { min, max, initial } = T_PICTURE;
      this.#T = clampInt(this.getAttribute('t') ?? initial, min, max, initial);
      this.#s = 1;
      this.#query = this.#T - 1;
      this.#tFromAttribute = false;
    }
    if (this.#countFromAttribute) {
      const { min, max, initial } = T_COUNT;
      this.#countT = clampInt(this.getAttribute('count-t') ?? initial, min, max, initial);
      this.#countFromAttribute = false;
    }
    this.#stopPlay();
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, mathFormula(this.t('help'))),
      this.#lengthControl(),
      this.#stepper(),
      this.#status,
      h('div', { class: 'panels' }, [this.#rnnPanel(), this.#attentionPanel()]),
      ...this.#countsSection(),
    );
  }

  /** The slider of T, the sequence length both pictures show. */
  #lengthControl() {
    const { el } = labelledSlider({
      id: 'rnn-t',
      label: this.t('tPicture'),
      min: T_PICTURE.min,
      max: T_PICTURE.max,
      value: this.#T,
      attrs: { 'data-role': 't' },
      onInput: (T) => {
        const followed = this.#query === this.#s - 1 || this.#query === this.#T - 1;
        this.#T = T;
        this.#s = Math.min(this.#s, this.#T);
        this.#query = followed ? this.#T - 1 : Math.min(this.#query, this.#T - 1);
        this.update();
      },
    });
    return h('div', { class: 'controls' }, el);
  }

  /** Back / step / reset / play through the RNN's steps (arrow keys, Home, End too). */
  #stepper() {
    const st = stepper((key, ...args) => this.t(key, ...args), {
      step: () => this.#s,
      length: () => this.#T,
      onGo: (s) => this.#go(s),
      onPlay: () => this.#togglePlay(),
    });
    this.#backBtn = st.back;
    this.#stepBtn = st.next;
    this.#playBtn = st.play;
    this.#playing = st.playing;
    this.#status = st.status;
    return st.group;
  }

  /** The RNN: one hidden state after another, each waiting for the last. */
  #rnnPanel() {
    this.#chain = h('div', { class: 'chain', role: 'list', 'data-role': 'chain' });
    this.#rnnNow = h('p', { class: 'formula', 'data-role': 'rnn-now' });
    this.#rnnReach = h('p', { 'data-role': 'rnn-reach' });
    return h('section', { class: 'panel rnn', 'aria-label': this.t('rnnTitle') }, [
      h('h3', {}, this.t('rnnTitle')),
      chainLegend(this.#t),
      this.#chain,
      this.#rnnNow,
      this.#rnnReach,
    ]);
  }

  /** Attention: every query reaches every earlier token in one step, with its weights. */
  #attentionPanel() {
    this.#arcs = svg('svg', { class: 'arcs', role: 'img', 'data-role': 'arcs' });
    this.#queries = h('div', {
      class: 'queries',
      role: 'group',
      'aria-label': this.t('queryPick'),
      'data-role': 'queries',
    });
    this.#queries.addEventListener('keydown', (e) => this.#onQueryKey(e));
    this.#gloss = h('p', { class: 'gloss' });
    this.#weightsBox = h('div', { 'data-role': 'weights' });
    return h('section', { class: 'panel attn', 'aria-label': this.t('attnTitle') }, [
      h('h3', {}, this.t('attnTitle')),
      h('p', { class: 'muted' }, this.t('attnHelp')),
      this.#arcs,
      h('p', { class: 'muted' }, this.t('queryPick')),
      this.#queries,
      this.#gloss,
      this.#weightsBox,
    ]);
  }

  /** The table of sequential steps and operations for a length T the student types. */
  #countsSection() {
    this.#countInput = h('input', {
      id: 'rnn-count-t',
      type: 'number',
      min: T_COUNT.min,
      max: T_COUNT.max,
      step: 1,
      value: this.#countT,
      inputmode: 'numeric',
      'data-role': 'count-t',
      oninput: () => {
        const v = clampInt(this.#countInput.value, T_COUNT.min, T_COUNT.max, null);
        if (v === null) return;
        this.#countT = v;
        this.update();
      },
      onchange: () => {
        this.#countInput.value = String(this.#countT);
      },
    });
    this.#counts = h('table', { class: 'counts', 'data-role': 'counts' });
    return [
      h('h3', {}, this.t('countsTitle')),
      h(
        'div',
        { class: 'count-input' },
        h('label', { for: 'rnn-count-t' }, [this.t('countT'), this.#countInput]),
      ),
      scrollRegion(this.#counts, { label: this.t('countsTitle'), lang: this.lang }),
      h('p', {}, this.t('tradeoff')),
      h('p', { class: 'note' }, this.t('bottleneck')),
    ];
  }

  /** @param {number} s the step to go to (clamped), stopping Play */
  #go(s) {
    this.#stopPlay();
    this.#setStep(s);
    const active = /** @type {HTMLButtonElement | null} */ (this.shadowRoot?.activeElement);
    if (active && active.disabled) (this.#s >= this.#T ? this.#backBtn : this.#stepBtn).focus();
  }

  /** @param {number} s */
  #setStep(s) {
    this.#s = Math.min(this.#T, Math.max(1, s));
    this.#query = this.#s - 1; // the highlighted query follows the step
    this.update();
  }

  #togglePlay() {
    if (this.#timer) {
      this.#stopPlay();
      this.update();
      return;
    }
    if (this.#s >= this.#T) this.#setStep(1);
    this.#timer = setInterval(() => {
      if (this.#s >= this.#T) {
        this.#stopPlay();
        this.update();
        return;
      }
      this.#setStep(this.#s + 1);
    }, PLAY_MS);
    this.update();
  }

  #stopPlay() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** @param {KeyboardEvent} e */
  #onQueryKey(e) {
    /** @type {Record<string, number>} */
    const keys = {
      ArrowRight: this.#query + 1,
      ArrowDown: this.#query + 1,
      ArrowLeft: this.#query - 1,
      ArrowUp: this.#query - 1,
      Home: 0,
      End: this.#T - 1,
    };
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.#pickQuery(Math.min(this.#T - 1, Math.max(0, to)));
  }

  /** @param {number} i the query to show; its button keeps the focus */
  #pickQuery(i) {
    this.#query = i;
    this.update();
    /** @type {HTMLElement | null} */ (
      this.#queries.querySelector(`button[data-q="${this.#query}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const [T, s, q] = [this.#T, this.#s, this.#query];
    const w = worldTensors(rt, WORLD);
    const labels = pictureLabels(w.tokens, T);
    this.#backBtn.disabled = s <= 1;
    this.#stepBtn.disabled = s >= T;
    this.#playBtn.textContent = this.t(this.#timer ? 'pause' : 'play');
    this.#playing?.set(!!this.#timer);
    this.#status.textContent = this.t('status', s, T);

    this.#chain.setAttribute('aria-label', this.t('chainLabel', T));
    this.#chain.replaceChildren(...chainUnits({ T, s, labels, t: this.#t }));
    this.#rnnNow.textContent = this.t('rnnNow', s);
    this.#rnnReach.textContent = this.t('rnnReach', s);

    const pattern = causalPattern(rt.engine, T);
    const weights = worldWeights(rt, T);
    const wide = T <= this.#nWorld;
    const links = fillArcs(this.#arcs, { labels, pattern, weights, query: q, wide });
    this.#arcs.setAttribute('aria-label', this.t('arcsLabel', T, grouped(links)));
    this.#queries.replaceChildren(
      ...queryButtons(labels, { query: q, onPick: (i) => this.#pickQuery(i), t: this.#t }),
    );
    this.#gloss.textContent = wide ? this.t('gloss') : '';
    this.#gloss.hidden = !this.#gloss.textContent;
    // In English a Chinese token in the table and its caption carries its gloss, 小明 (Xiaoming).
    const glossed =
      this.isEnglish && wide
        ? labels.map((l, i) => `${l} (${shortLabel(w.tokensEn[i] ?? '')})`)
        : labels;
    this.#weightsBox.replaceChildren(
      ...weightsView({
        labels: glossed,
        weights,
        query: q,
        nWorld: this.#nWorld,
        worldTitle: w.title[this.isEnglish ? 'en' : 'zh-CN'],
        scale: this.scale,
        t: this.#t,
      }),
    );
    fillCountsTable(this.#counts, {
      T: this.#countT,
      rnn: rnnCounts(this.#countT),
      attention: attentionCounts(rt.engine, this.#countT),
      t: this.#t,
    });
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseCheckRows(rt);
  }
}
