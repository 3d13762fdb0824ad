// The two exits side by side, point by point (the sink logit against the output gate), and
// the caveat that both rest on experimental evidence only.
import { h } from '../../../web/dom.js';

/**
 * @param {(key: string) => any} t the widget's strings (sinkPoints, gatePoints are lists)
 * @returns {HTMLElement}
 */
export function exitsSection(t) {
  /** @param {string[]} items */
  const bullets = (items) =>
    h(
      'ul',
      {},
      items.map((s) => h('li', {}, s)),
    );
  /** @param {string} title @param {string[]} points */
  const exit = (title, points) =>
    h('div', { class: 'exit' }, [h('h4', {}, title), bullets(points)]);
  return h('section', {}, [
    h('h3', {}, t('compareTitle')),
    h('div', { class: 'exits' }, [
      exit(t('sinkExit'), t('sinkPoints')),
      exit(t('gateExit'), t('gatePoints')),
    ]),
    h('p', { class: 'note' }, t('caveat')),
  ]);
}
