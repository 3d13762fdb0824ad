// <attn-evolution-map> — the chapter guide's evolution map: RNN → additive → self-attention → √d →
// causal mask → RoPE → multi-head → sink → KV cache → MQA → GQA → MLA → linear / sparse. Each step
// says what it solved and the number that shows the limit the next step removes, and links to
// its lesson.
// Numbers the course computes come from the engine through the lesson widgets' own helpers
// (./logic.js); numbers quoted from papers and model cards carry a "reported" badge and their
// source. Each step is a <details> (Enter / Space on its summary); "open all" / "close all".
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { StepStrings } from './strings.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { worldTensors, tokenLabels, COURSE_WORLD } from '../../web/world.js';
import { PARTS, STEP_LESSONS, mapNumbers, courseNumbers } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH, LESSON_NAMES } from './strings.js';
import { stepDetails } from './views/step.js';

const CSS = `
ol.steps { list-style: none; margin: 0 0 10px; padding: 0; display: grid; gap: 6px; }
details.step { border: 1px solid var(--_border); border-left: 4px solid var(--_accent); border-radius: 6px; padding: 4px 10px; }
details.step > summary { cursor: pointer; font-weight: 600; padding: 4px 0; min-height: 32px; }
details.step > summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.era { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_accent-soft); color: var(--_accent); margin-right: 6px; }
.src { display: block; font-size: 0.82em; font-weight: 400; color: var(--_muted); }
dl { margin: 4px 0; }
dt { font-weight: 600; font-size: 0.9em; margin-top: 4px; }
dd { margin: 0 0 4px; }
.reported { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_warn-bg); color: var(--_warn-fg); margin: 0 2px; }
.links { display: flex; flex-wrap: wrap; gap: 6px 12px; margin: 4px 0; font-size: 0.9em; }
.links a { color: var(--_accent); }
.links a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
h3.part { margin: 12px 0 6px; }
`;

/**
 * @tag attn-evolution-map
 * @summary From RNN to linear attention: what each step solved, the number that forced the next.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class EvolutionMap extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {HTMLDetailsElement[]} every step's <details>, in the map's order */
  #details = [];

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, COURSE_WORLD);
    const labels = tokenLabels(w, this.lang);
    const n = mapNumbers(rt);
    /** @param {number[]} ids zh-gift token indices */
    const L = (ids) =>
      this.t(
        'list',
        ids.map((i) => labels[i]),
      );
    /** @type {Record<string, StepStrings>} */
    const steps = this.t('steps');
    const lessonNames = LESSON_NAMES[this.isEnglish ? 'en' : 'zh-CN'];
    const t = this.t.bind(this);
    this.#details = [];
    const parts = PARTS.map((part) => [
      h('h3', { class: 'part' }, this.t('part', part.id)),
      h(
        'ol',
        { class: 'steps' },
        part.steps.map((id) => {
          const d = stepDetails(id, steps[id], {
            n,
            L,
            links: STEP_LESSONS[/** @type {keyof typeof STEP_LESSONS} */ (id)],
            lessonNames,
            t,
          });
          this.#details.push(d);
          return h('li', {}, d);
        }),
      ),
    ]);
    if (this.#details.length) this.#details[0].open = true;
    /** @param {boolean} open */
    const toggle = (open) => () => {
      for (const d of this.#details) d.open = open;
    };
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'row' }, [
        h(
          'button',
          { type: 'button', 'data-role': 'open-all', onclick: toggle(true) },
          this.t('openAll'),
        ),
        h(
          'button',
          { type: 'button', 'data-role': 'close-all', onclick: toggle(false) },
          this.t('closeAll'),
        ),
      ]),
      ...parts.flat(),
      h('p', { class: 'muted', 'data-role': 'sources' }, [
        h('strong', {}, `${this.t('sourcesTitle')}: `),
        this.t('sources', n.v41Source, n.v41Reported, n.linearState),
      ]),
    );
  }

  render() {}

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt);
  }
}
