// The prompt and its two actions: Run (a pass; Enter in the prompt runs too) and greedy
// generation of a number of tokens.
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';

/**
 * @param {Translate} t the widget's strings
 * @param {{ prompt: string, steps: number, maxSteps: number, busy: boolean,
 *   onPrompt: (text: string) => void, onSteps: (n: number) => void,
 *   onRun: () => void, onGenerate: () => void }} o
 */
export function promptControls(t, o) {
  const input = h('input', {
    type: 'text',
    value: o.prompt,
    'aria-label': t('prompt'),
    oninput: () => o.onPrompt(input.value),
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Enter') o.onRun();
    },
  });
  const steps = h('input', {
    type: 'number',
    min: 1,
    max: o.maxSteps,
    value: o.steps,
    oninput: () => o.onSteps(Number(steps.value)),
  });
  return h('section', {}, [
    h('div', { class: 'row' }, [
      h('label', { class: 'prompt' }, [h('span', { class: 'nowrap' }, t('prompt')), input]),
      h('button', { type: 'button', class: 'run', disabled: o.busy, onclick: o.onRun }, t('run')),
    ]),
    h('div', { class: 'row' }, [
      h('label', {}, [h('span', { class: 'nowrap' }, t('steps')), steps]),
      h(
        'button',
        { type: 'button', class: 'generate', disabled: o.busy, onclick: o.onGenerate },
        t('generate'),
      ),
    ]),
  ]);
}
