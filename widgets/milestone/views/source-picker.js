// Which model the checks run on: the course's, or the one the student trained and handed over
// (disabled, with a link to train one, when none is kept).
/** @import { TrainedModel } from '../../../web/trained-model.js' */
/** @import { Translate } from '../../lab/views/panel.js' */
import { h } from '../../../web/dom.js';

/**
 * The radio pair.
 * @param {Translate} t
 * @param {{ source: 'course' | 'trained', trained: TrainedModel | null,
 *   onSwitch: (value: 'course' | 'trained') => void }} o the source picked, the student's model
 */
export function sourcePicker(t, { source, trained: tm, onSwitch }) {
  /** @param {'course' | 'trained'} value @param {string} label */
  const radio = (value, label) => {
    const input = h('input', { type: 'radio', name: 'source', value, id: `source-${value}` });
    input.checked = source === value;
    input.disabled = value === 'trained' && !tm;
    input.addEventListener('change', () => {
      if (input.checked) onSwitch(value);
    });
    return h('label', { for: `source-${value}`, class: input.checked ? 'on' : '' }, [input, label]);
  };
  return h('fieldset', { class: 'picker', 'data-role': 'source' }, [
    h('legend', {}, t('modelLegend')),
    h('div', { class: 'opts' }, [
      radio('course', t('modelCourse')),
      radio('trained', `${t('modelTrained')}${tm ? t('trainedAbout', tm.steps, tm.seed) : ''}`),
    ]),
    ...(tm
      ? []
      : [
          h('p', { class: 'muted', 'data-role': 'no-trained' }, [
            t('noTrained'),
            ' ',
            h('a', { href: 'train.html' }, t('trainLink')),
          ]),
        ]),
  ]);
}
