// One step of the evolution map: a <details> whose summary is its era, name and source, and
// whose body says what it solved, where it got stuck (with the "reported" badge where a text
// quotes a paper), and links to the lessons that teach it.
/** @import { MapNumbers } from '../logic.js' */
/** @import { StepStrings } from '../strings.js' */
import { h } from '../../../web/dom.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * @param {string} id the step's id (STEP_LESSONS, PARTS)
 * @param {StepStrings} s its strings
 * @param {{ n: MapNumbers, L: (ids: number[]) => string, links: readonly string[],
 *   lessonNames: Record<string, string>, t: Text }} o links: the lessons' slugs
 * @returns {HTMLDetailsElement}
 */
export function stepDetails(id, s, { n, L, links, lessonNames, t }) {
  const badge = () => h('span', { class: 'reported' }, t('reported'));
  return h('details', { class: 'step', 'data-step': id }, [
    h('summary', {}, [
      h('span', { class: 'era' }, s.era),
      s.name,
      h('span', { class: 'src' }, s.src),
    ]),
    h('dl', {}, [
      h('dt', {}, t('solved')),
      h('dd', { 'data-role': 'solved' }, [
        s.solved(n, L),
        ...(s.badgeOnSolved ? [' ', badge()] : []),
      ]),
      h('dt', {}, t('stuck')),
      h('dd', { 'data-role': 'stuck' }, [s.stuck(n, L), ...(s.badgeOnStuck ? [' ', badge()] : [])]),
    ]),
    h(
      'p',
      { class: 'links' },
      links.length
        ? [
            `${t('lessons')}: `,
            ...links.map((slug) => h('a', { href: `${slug}.html` }, lessonNames[slug])),
          ]
        : t('c11'),
    ),
  ]);
}
