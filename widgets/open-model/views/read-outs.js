// What a pass and a generation read out: the prompt's tokens as chips (label over id), the next
// token's top 5 as bars, and the greedy generation's text with the generated part marked.
/** @import { OpenedModel } from '../../../web/model-files/open-model-files.js' */
import { h, pct } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';

/**
 * Token labels as the chips and the heatmap show them: a space as ␣, a line break as ↵, a tab
 * as ⇥, an empty label as ∅, so a whitespace token is visible.
 * @param {string[]} labels
 */
export function shownTokens(labels) {
  return labels.map((l) => l.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥') || '∅');
}

/**
 * The prompt's tokens: each label (shownTokens) over its id.
 * @param {string} title
 * @param {string[]} labels
 * @param {number[]} ids
 */
export function tokenChips(title, labels, ids) {
  return h('section', {}, [
    h('h3', {}, title),
    h(
      'div',
      { class: 'chips' },
      labels.map((l, i) => h('span', { class: 'chip' }, [l, h('small', {}, String(ids[i]))])),
    ),
  ]);
}

/**
 * The next token's five most likely candidates: label, bar, probability.
 * @param {string} title
 * @param {string[]} labels the candidates' labels (shownTokens), in the order of `top5`
 * @param {{ token: number, prob: number }[]} top5
 */
export function topFive(title, labels, top5) {
  return h('section', {}, [
    h('h3', {}, title),
    h(
      'div',
      { class: 'top5' },
      top5.flatMap((x, i) => [
        h('span', { class: 'tok' }, labels[i]),
        bar({ tag: 'span', share: x.prob, digits: 1 }).el,
        h('output', {}, pct(x.prob)),
      ]),
    ),
  ]);
}

/**
 * The prompt (without its BOS) as text, then the generated tokens marked.
 * @param {string} title
 * @param {OpenedModel} m
 * @param {{ tokens: number[], generated: number[] }} g
 */
export function generationText(title, m, g) {
  const prompt = g.tokens.slice(0, g.tokens.length - g.generated.length);
  return h('section', {}, [
    h('h3', {}, title),
    h('p', { class: 'gen' }, [
      m.tokenizer.decode(prompt.filter((t) => t !== m.bosId)),
      h('mark', {}, m.tokenizer.decode(g.generated)),
    ]),
  ]);
}
