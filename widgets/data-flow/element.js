// <attn-data-flow> — the chapter guide's cumulative data flow of the anchor model (Qwen3.8-27B):
// every stage from text to next-token probabilities, the decoder layer's parts in a box. Click a
// stage (or Enter / Space; arrow keys move between stages) to see its input → output shape and
// its parameter count, computed by the engine (engine.modelStages) from the anchor's config in
// course-data/models.json, and what the stage solved. Sizes the config does not give (vocabulary,
// FFN width, the linear layers' weights) are said to be missing, never guessed. Stages learned in
// C1–C2 are lit, this chapter's (attention) highlighted, later ones dim.
// Attributes: world (whose tokens give T, default zh-gift), stage (initially selected stage id,
// default attention), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { ModelStage, StageDim } from '../../web/attn-engine.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, bytes } from '../../web/dom.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import {
  anchorModel,
  modelStages,
  stageStatus,
  LAYER_STAGES,
  count,
  shapeText,
  symbolText,
  termText,
  termLine,
  courseNumbers,
  stageById,
  term,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';

const CSS = `
.legend { display: flex; flex-wrap: wrap; gap: 6px 12px; font-size: 0.85em; margin: 4px 0 8px; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: 0.9em; height: 0.9em; border-radius: 3px; margin-right: 4px; vertical-align: -0.1em; border: 1px solid var(--_control-border); }
.legend .learned::before { background: var(--_accent-soft); }
.legend .current::before { background: #E69F00; }
.legend .later::before { background: var(--_surface); border-style: dashed; }
ol.flow { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
ol.flow > li { display: grid; }
.layer { border: 2px solid var(--_accent); border-radius: 8px; padding: 4px 6px 6px; }
.layer-title { font-size: 0.85em; font-weight: 600; color: var(--_accent); margin: 0 0 4px; }
.layer ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
button.stage { width: 100%; text-align: left; display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 8px; }
button.stage .shape { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.82em; }
button.stage.learned { background: var(--_accent-soft); border-color: var(--_accent); color: var(--_accent); }
button.stage.current { background: var(--_warn-bg); border: 2px solid #E69F00; color: var(--_fg); font-weight: 600; }
button.stage.later { background: var(--_surface-1-f7f7f7); border-style: dashed; color: var(--_muted); }
button.stage[aria-pressed="true"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
button.stage.current[aria-pressed="true"] { border: 2px solid #E69F00; box-shadow: inset 4px 0 0 #E69F00; }
.detail { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 10px; margin-top: 10px; }
.detail h3 { margin-top: 0; }
.tag { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; margin-left: 6px; background: var(--_surface-eee); color: var(--_fg-2-333); }
.tag.current { background: #E69F00; color: #1b1b1b; }
.tag.learned { background: var(--_accent-soft); color: var(--_accent); }
.detail ul { margin: 4px 0; padding-left: 1.2em; }
.unknown { color: var(--_warn-fg); }
.status { font-size: 0.8em; font-weight: 400; }
`;

/**
 * @tag attn-data-flow
 * @summary The anchor model's data flow: each stage's shapes and parameters, from the engine.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world whose tokens the flow starts from
 * @attr {string} [stage] - id of the stage selected first (e.g. attention)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, stage (the selected one)}
 * @csspart title - the heading
 * @csspart formula - each formula line
 */
export class DataFlow extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** the number of tokens T of the world the flow starts from */
  #tokens = 0;
  /** @type {ModelStage[]} */
  #stages = [];

  /** The model's layers: the FFN runs once in each. */
  #layerCount() {
    return this.#stages.find((x) => x.id === 'ffn')?.occurrences ?? 1;
  }
  /** @type {string | undefined} the selected stage's id */
  #selected;
  /** @type {Map<string, HTMLButtonElement>} each stage's button, by id */
  #buttons = new Map();
  /** @type {ReturnType<typeof toggleButtons<string>> | null} the stages' buttons */
  #stageButtons = null;
  #detail = h('div', {});

  static get observedAttributes() {
    return ['lang', 'world', 'stage'];
  }

  get worldId() {
    return this.world;
  }

  updateDetail() {
    return { ...super.updateDetail(), stage: this.#selected };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const model = anchorModel(rt.models);
    const w = worldTensors(rt, this.worldId);
    this.#tokens = w.tokens.length;
    this.#stages = modelStages(rt.engine, model, this.#tokens);
    const ids = this.#stages.map((s) => s.id);
    const wanted = this.getAttribute('stage') ?? '';
    this.#selected ??= ids.includes(wanted) ? wanted : 'attention';
    if (!ids.includes(this.#selected)) this.#selected = ids[0];

    this.#stageButtons = toggleButtons({
      values: ids,
      data: 'stage',
      pressed: null,
      label: (id, i) => [
        h('span', {}, [
          this.t('stageName', id),
          ' ',
          h('span', { class: 'status' }, `(${this.t(stageStatus(id))})`),
        ]),
        h('span', { class: 'shape' }, shapeText(this.#stages[i].output)),
      ],
      attrs: (id) => ({
        class: `stage ${stageStatus(id)}`,
        onkeydown: (/** @type {KeyboardEvent} */ e) => this.onKey(e, id),
      }),
      onPick: (id) => this.select(id),
    });
    const stageButtons = this.#stageButtons.buttons;
    this.#buttons = new Map(ids.map((id, i) => [id, stageButtons[i]]));
    /** @param {ModelStage} s */
    const button = (s) => h('li', {}, this.#buttons.get(s.id));
    /** @type {HTMLLIElement[]} */
    const before = [];
    /** @type {HTMLLIElement[]} */
    const layer = [];
    /** @type {HTMLLIElement[]} */
    const after = [];
    for (const s of this.#stages) {
      if (LAYER_STAGES.has(s.id)) layer.push(button(s));
      else (layer.length ? after : before).push(button(s));
    }
    const att = this.#stages.find((s) => s.id === 'attention');
    const lin = this.#stages.find((s) => s.id === 'linear-attention');
    const full = att ? att.occurrences : 0,
      linear = lin ? lin.occurrences : 0;
    const labels = tokenLabels(w, this.lang);
    this.#detail = h('div', { class: 'detail', 'aria-live': 'polite', 'data-role': 'detail' });
    this.body.append(
      h('h2', {}, this.t('title', model.name)),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { 'data-role': 'tokens' }, this.t('tokensLine', this.#tokens, labels.join(' / '))),
      h('ul', { class: 'legend', 'aria-label': this.t('legend') }, [
        h('li', { class: 'learned' }, this.t('learned')),
        h('li', { class: 'current' }, this.t('current')),
        h('li', { class: 'later' }, this.t('later')),
      ]),
      h('ol', { class: 'flow' }, [
        ...before,
        h('li', { class: 'layer' }, [
          h('p', { class: 'layer-title' }, this.t('layerTitle', full + linear, full, linear)),
          h('ol', {}, layer),
        ]),
        ...after,
      ]),
      this.#detail,
    );
  }

  /** @param {string} id */
  select(id) {
    this.#selected = id;
    this.update();
  }

  /**
   * ↑ ↓ Home End move between the stages.
   * @param {KeyboardEvent} e
   * @param {string} id the stage whose button has the focus
   */
  onKey(e, id) {
    const ids = this.#stages.map((s) => s.id);
    const i = ids.indexOf(id);
    /** @type {Record<string, number>} */
    const moves = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: ids.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = ids[Math.max(0, Math.min(ids.length - 1, to))];
    this.select(next);
    this.#buttons.get(next)?.focus();
  }

  /** @param {Runtime} rt */
  render(rt) {
    this.#stageButtons?.set(this.#selected ?? null);
    const s = stageById(this.#stages, this.#selected ?? 'attention');
    const status = stageStatus(s.id);
    /** @param {StageDim[]} dims */
    const shape = (dims) =>
      dims.length ? `${symbolText(dims)} = ${shapeText(dims)}` : this.t('text');
    /** @type {HTMLElement[]} */
    const lines = [
      h('h3', {}, [
        this.t('stageName', s.id),
        h('span', { class: `tag ${status}` }, this.t(status)),
      ]),
      h('p', {}, h('strong', {}, this.t('shapeTitle'))),
      h('p', { class: 'formula', 'data-role': 'shape' }, `${shape(s.input)} → ${shape(s.output)}`),
    ];
    if (s.id === 'attention') {
      const q = term(s, 'W_Q'),
        k = term(s, 'W_K');
      const a = anchorModel(rt.models).attention;
      if (!a) throw new Error('models.json: the anchor model has no attention');
      lines.push(
        h(
          'p',
          { 'data-role': 'width-note' },
          this.t('widthNote', a.nHeads, a.headDim, q.cols, q.rows),
        ),
        h('p', {}, this.t('kvNote', a.nKvHeads, a.headDim, k.cols)),
      );
    }
    lines.push(h('p', {}, h('strong', {}, this.t('paramsTitle'))));
    const known = /** @type {string[]} */ (s.terms.map((t) => termText(s.id, t)).filter(Boolean));
    if (!s.terms.length) lines.push(h('p', { 'data-role': 'params' }, this.t('noParams')));
    else {
      if (known.length)
        lines.push(
          h(
            'ul',
            { class: 'formula' },
            known.map((x) => h('li', {}, termLine(x))),
          ),
        );
      if (s.paramsTotal === null)
        lines.push(h('p', { class: 'unknown', 'data-role': 'params' }, this.t('unknown', s.id)));
      else
        lines.push(
          h(
            'p',
            { class: 'formula', 'data-role': 'params' },
            s.occurrences === 1
              ? count(s.paramsTotal)
              : this.t('total', count(s.paramsPerOccurrence), s.occurrences, count(s.paramsTotal)),
          ),
        );
      if (s.occurrences > 1)
        lines.push(
          h(
            'p',
            { class: 'muted' },
            this.t('occurrences', s.id, s.occurrences, s.occurrences / this.#layerCount()),
          ),
        );
    }
    if (s.id === 'softmax') lines.push(h('p', { class: 'unknown' }, this.t('unknown', s.id)));
    if (s.stateBytes > 0)
      lines.push(h('p', { 'data-role': 'state' }, this.t('state', bytes(s.stateBytes))));
    lines.push(
      h('p', {}, h('strong', {}, this.t('solvedTitle'))),
      h('p', { 'data-role': 'solved' }, this.t('solved', s.id)),
    );
    this.#detail.replaceChildren(...lines);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models, this.#tokens).map((c) =>
      check(c.name, c.expected, c.actual),
    );
  }
}
