// The query heads grouped by the KV head they read: one coloured box per group (KV head), its
// query heads inside. Colour is never the only cue: every head and group is labelled.
import { h } from '../../../web/dom.js';
import { groupOf } from '../logic.js';

// Okabe–Ito, colour-blind safe; past 8 groups the colours repeat with a hatch and the labels tell
// the groups apart (text is always the main cue).
const PALETTE = [
  ['#0072B2', '#fff'],
  ['#E69F00', '#000'],
  ['#009E73', '#000'],
  ['#CC79A7', '#000'],
  ['#56B4E9', '#000'],
  ['#D55E00', '#000'],
  ['#F0E442', '#000'],
  ['#1b1b1b', '#fff'],
];

/**
 * The group boxes of H query heads sharing G KV heads (per = H / G in each).
 * @param {number} H
 * @param {number} g
 * @param {number} per
 * @param {(key: string, ...args: any[]) => string} t the widget's strings
 * @returns {HTMLDivElement[]}
 */
export function groupBoxes(H, g, per, t) {
  const groups = [];
  for (let i = 0; i < g; i++) {
    const [c, fg] = PALETTE[i % PALETTE.length];
    const qs = [];
    for (let q = 0; q < H; q++) {
      if (groupOf(q, H, g) !== i) continue;
      qs.push(h('span', { class: 'head q', title: t('qLabel', q, i) }, `Q${q + 1}`));
    }
    groups.push(
      h(
        'div',
        {
          class: Math.floor(i / PALETTE.length) % 2 ? 'group hatch' : 'group',
          'data-group': i,
          title: t('groupLabel', i, per),
          style: { '--c': c, '--t': fg },
        },
        [h('span', { class: 'qs' }, qs), h('span', { class: 'head kvhead' }, t('kvBox', i))],
      ),
    );
  }
  return groups;
}
