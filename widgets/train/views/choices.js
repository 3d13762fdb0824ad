// The run's choices (steps, seed, layers, layer types, KV heads) and its Start / Pause / Reset
// buttons. Start is "Train again" once a run is done or paused; the choices are open only while
// no run trains.
/** @import { TrainChoices } from '../logic.js' */
import { h } from '../../../web/dom.js';
import { KV_HEAD_CHOICES, LAYER_CHOICES } from '../logic.js';

/**
 * The choices as typed, for choicesFrom.
 * @typedef {{ steps: string, seed: string, layers: string, kvHeads: string,
 *   hybrid: string }} TrainForm
 */
/** @typedef {'idle' | 'starting' | 'running' | 'paused' | 'done'} TrainState */

/**
 * The fields and buttons, filled from `choices`; set() shows a run's state on them.
 * @param {{ t: (key: string, ...args: any[]) => any, choices: TrainChoices,
 *   onStart: (form: TrainForm) => void, onPause: () => void, onReset: () => void }} o
 */
export function trainChoices({ t, choices: c, onStart, onPause, onReset }) {
  /**
   * @param {string} id
   * @param {string} label
   * @param {HTMLElement} control
   */
  const field = (id, label, control) => {
    control.id = id;
    return h('div', { class: 'field' }, [h('label', { for: id }, label), control]);
  };
  const steps = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', min: 1, step: 1, value: c.steps, inputmode: 'numeric' })
  );
  // Text, not a number field: a number field would round a seed above 2^53 before it is read.
  const seed = /** @type {HTMLInputElement} */ (
    h('input', {
      type: 'text',
      value: c.seed,
      inputmode: 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
    })
  );
  const layers = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      {},
      LAYER_CHOICES.map((n) => h('option', { value: n, selected: n === c.layers }, String(n))),
    )
  );
  const types = /** @type {HTMLSelectElement} */ (
    h('select', {}, [
      h('option', { value: 'full', selected: !c.hybrid }, t('full')),
      h('option', { value: 'hybrid', selected: c.hybrid }, t('hybrid')),
    ])
  );
  const kv = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      {},
      KV_HEAD_CHOICES.map((n) => h('option', { value: n, selected: n === c.kvHeads }, String(n))),
    )
  );
  /** @returns {TrainForm} */
  const form = () => ({
    steps: steps.value,
    seed: seed.value,
    layers: layers.value,
    kvHeads: kv.value,
    hybrid: types.value,
  });
  const start = /** @type {HTMLButtonElement} */ (
    h('button', { class: 'primary', 'data-role': 'start', onclick: () => onStart(form()) })
  );
  const pause = /** @type {HTMLButtonElement} */ (
    h('button', { 'data-role': 'pause', onclick: onPause })
  );
  const reset = h('button', { 'data-role': 'reset', onclick: onReset }, t('reset'));
  const inputs = [steps, seed, layers, types, kv];
  return {
    fields: h('div', { class: 'fields' }, [
      field('train-steps', t('steps'), steps),
      field('train-seed', t('seed'), seed),
      field('train-layers', t('layers'), layers),
      field('train-types', t('layerTypes'), types),
      field('train-kv', t('kvHeads', KV_HEAD_CHOICES[0]), kv),
    ]),
    buttons: h('div', { class: 'buttons' }, [start, pause, reset]),
    /**
     * Start is "Train again" once a run is done or paused (or an earlier run is on the chart):
     * the choices are open again then.
     * @param {TrainState} s
     * @param {boolean} before whether runs before this one are kept
     */
    set(s, before) {
      const open = s === 'idle' || s === 'paused' || s === 'done';
      const again = s === 'paused' || s === 'done' || (s === 'idle' && before);
      start.textContent = t(again ? 'trainAgain' : 'start');
      start.disabled = !open;
      pause.textContent = t(s === 'paused' ? 'resume' : 'pause');
      pause.disabled = s !== 'running' && s !== 'paused';
      for (const i of inputs) i.disabled = !open;
    },
  };
}
