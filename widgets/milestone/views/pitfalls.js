// The coding pitfalls of seed 004 (「常见的坑（写代码时）」), the bbycroft caveat among them: one card
// per pitfall with its symptom and what to do, linked to the page of its fix.
/** @import { Translate } from '../../lab/views/panel.js' */
import { h } from '../../../web/dom.js';
import { PITFALLS, CHECKS, EXAMPLE_N_EMBD, BASELINE } from '../logic.js';

/** @param {{ t: Translate }} o */
export function pitfallsSection({ t }) {
  const n = BASELINE.config.n_head;
  const number = (/** @type {string} */ id) => CHECKS.findIndex((c) => c.id === id) + 1;
  /** @type {Record<string, unknown[]>} the arguments of each fix */
  const args = {
    'n-embd': [EXAMPLE_N_EMBD, n, EXAMPLE_N_EMBD / n],
    'no-mask': [number('causal')],
    'no-cache': [number('incremental'), number('greedy')],
  };
  return h('section', { class: 'pitfalls', 'data-role': 'pitfalls' }, [
    h('h3', {}, t('pitfallsTitle')),
    h(
      'ul',
      { class: 'cards' },
      PITFALLS.map((p) => {
        const fix = t('fix')[p.id];
        return h('li', { class: 'card', 'data-pitfall': p.id }, [
          h('h4', {}, t('pitfall')[p.id]),
          h('dl', {}, [
            h('dt', {}, t('symptomLabel')),
            h('dd', {}, t('symptom')[p.id]),
            h('dt', {}, t('fixLabel')),
            h('dd', {}, [
              typeof fix === 'function' ? fix(...(args[p.id] ?? [])) : fix,
              ' ',
              h('a', { href: `${p.lesson}.html` }, t('lessonLink')[p.lesson]),
            ]),
          ]),
        ]);
      }),
    ),
  ]);
}
