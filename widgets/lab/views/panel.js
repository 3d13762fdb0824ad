// The lab's folded panels: a <details> whose summary is the panel's title, and the panels whose
// content the engine computes only while they are open (the generation, the head patterns: each
// costs as much as the Run itself, and a folded panel shows neither).
import { h } from '../../../web/dom.js';

/** @typedef {(key: string, ...args: any[]) => any} Translate the widget's t(): its string `key` */

/**
 * A folded panel of the lab: its title as the summary, the rest shown on demand.
 * @param {string} title
 * @param {(Node | string)[]} children
 */
export function panel(title, children) {
  return h('details', { class: 'panel' }, [h('summary', {}, h('h3', {}, title)), ...children]);
}

/**
 * `details`, calling `onOpen` each time it opens (the element then runs the prompt again with
 * this panel's part, if the last run left it out).
 * @param {HTMLDetailsElement} details
 * @param {() => void} onOpen
 */
export function computedOnOpen(details, onOpen) {
  details.addEventListener('toggle', () => {
    if (details.open) onOpen();
  });
  return details;
}
