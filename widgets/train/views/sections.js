// The widget's page: its title and help, then its sections in order — the choices, the loss
// curve, the snapshots, the runs side by side and the hand-over — around the parts the element
// draws into.
import { h } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { SNAPSHOT_SENTENCE } from '../logic.js';

/**
 * @param {(key: string, ...args: any[]) => any} t
 * @param {{ choices: HTMLElement[], curve: HTMLElement[], snapshot: HTMLElement,
 *   runs: HTMLElement, hand: HTMLElement }} parts
 * @returns {HTMLElement[]}
 */
export function trainSections(t, parts) {
  return [
    h('h2', {}, t('title')),
    h('p', { class: 'muted' }, t('help')),
    h('section', { class: 'choices', 'aria-label': t('choices') }, parts.choices),
    h('section', {}, [
      h('h3', {}, t('curveTitle')),
      h('p', { class: 'muted' }, t('curveHelp')),
      h('p', { class: 'formula' }, formula(t('lossFormula'))),
      ...parts.curve,
    ]),
    h('section', {}, [
      h('h3', {}, t('snapshots')),
      // The sentence in bold: the one every heatmap below reads.
      h('p', { class: 'muted' }, [
        t('snapshotHelpBefore'),
        h('strong', {}, SNAPSHOT_SENTENCE),
        t('snapshotHelpAfter'),
      ]),
      parts.snapshot,
    ]),
    h('section', {}, [
      h('h3', {}, t('runs')),
      h('p', { class: 'muted' }, t('runsHelp')),
      parts.runs,
    ]),
    h('section', {}, [h('h3', {}, t('handOver')), parts.hand]),
  ];
}
