// The attention task's two starters as radio buttons (arrow keys move between them, as in any
// radio group): the four steps as comments, or a blank function.
/** @import { StarterMode } from '../element.js' */
import { h } from '../../../web/dom.js';

/**
 * @param {(key: string, ...args: any[]) => any} t the widget's t()
 * @param {StarterMode} mode the starter shown
 * @param {(mode: StarterMode) => void} onSwitch
 */
export function starterPicker(t, mode, onSwitch) {
  /** @param {StarterMode} value @param {string} label */
  const radio = (value, label) => {
    const input = h('input', {
      type: 'radio',
      name: 'starter',
      value,
      id: `starter-${value}`,
      'data-role': 'starter',
    });
    input.checked = mode === value;
    input.addEventListener('change', () => input.checked && onSwitch(value));
    return h('label', { for: `starter-${value}`, class: mode === value ? 'on' : '' }, [
      input,
      label,
    ]);
  };
  return h('fieldset', { class: 'picker' }, [
    h('legend', {}, t('starterLegend')),
    h('div', { class: 'opts' }, [
      radio('guided', t('starterGuided')),
      radio('blank', t('starterBlank')),
    ]),
  ]);
}
