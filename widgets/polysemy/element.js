// <attn-polysemy> — lesson 5: the same token in three sentences, 花 (hua) as flower, to spend and
// blurry. Its input row x is one row in all three (an embedding table does not see the sentence),
// yet attention's output for that row differs: the weights over the words it can see (a bar per
// word) and the output o = Σ w·v are drawn per sentence, then the cosines between the three
// outputs with their formula. Every number is the engine's (logic.js). No controls: the three
// sentences side by side are the point.
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { SenseRow } from './logic.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, pct, num } from '../../web/dom.js';
import { bar } from '../../web/views/bar.js';
import { formula, vector, row, sub } from '../../web/mathml.js';
import { polysemy, pairMath, polysemyChecks } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';

const CSS = `
.senses { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 10px; margin: 8px 0; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.card h3 { margin: 0 0 6px; font-size: 1rem; }
table.wts { width: 100%; }
table.wts tbody th { width: 1%; white-space: nowrap; }
table.wts td.bar { width: 100%; }
table.wts th { text-align: left; font-weight: 600; }
table.wts td.val { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.wts tr.self th { text-decoration: underline; }
.bar-track { display: block; min-width: 50px; }
.card .formula { margin: 6px 0 0; overflow-wrap: anywhere; }
ul.pairs { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 6px; }
ul.pairs li { overflow-wrap: anywhere; }
`;

/**
 * @tag attn-polysemy
 * @summary Lesson 5: one token, three sentences — the same input row, three attention outputs.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, cosines (the three outputs' pairwise cosines)}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class Polysemy extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number[]} the last draw's cosines, for attn-update */
  #cosines = [];

  updateDetail() {
    return { ...super.updateDetail(), cosines: this.#cosines };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const p = polysemy(rt);
    this.#cosines = p.pairs.map((x) => x.cos);
    const letters = /** @type {string[]} */ (this.t('senseLetter'));
    const en = this.isEnglish;
    const d = p.senses[0].x.length;
    this.body.append(
      h('h2', {}, this.t('title', p.token)),
      h('p', { class: 'muted' }, [this.t('help', p.token), ' ', this.t('handMade')]),
      h(
        'div',
        { class: 'senses' },
        p.senses.map((s, i) => this.#card(s, letters[i], en ? s.tokensEn : s.tokens, p.token)),
      ),
      h('h3', {}, this.t('cosTitle')),
      h('p', {}, this.t('cosHelp', p.token, num(p.inputCos[0][1], 3))),
      h(
        'ul',
        { class: 'pairs', 'data-role': 'pairs' },
        p.pairs.map((q) =>
          h('li', { 'data-pair': `${letters[q.a]}${letters[q.b]}` }, [
            h('span', { class: 'visually-hidden' }, this.t('pairName', letters[q.a], letters[q.b])),
            h('span', { class: 'formula' }, formula(pairMath(q, letters[q.a], letters[q.b]))),
          ]),
        ),
      ),
      h('p', { class: 'note' }, this.t('notYet', d)),
    );
  }

  /**
   * One sentence: its weights table, the shared input row and the output.
   * @param {SenseRow} s
   * @param {string} letter
   * @param {string[]} labels
   * @param {string} token
   */
  #card(s, letter, labels, token) {
    const title = this.isEnglish ? s.title.en : s.title['zh-CN'];
    return h('section', { class: 'card', 'data-sense': s.id }, [
      h('h3', {}, `${letter} · ${title}`),
      h('table', { class: 'wts' }, [
        h('caption', { class: 'visually-hidden' }, this.t('weightsOf', token)),
        h('thead', {}, [
          h('tr', {}, [
            h('th', { scope: 'col' }, this.t('token')),
            h('th', { scope: 'col', colspan: '2' }, this.t('weight')),
          ]),
        ]),
        h(
          'tbody',
          {},
          s.weights.map((w, j) => {
            return h('tr', { class: j === s.row ? 'self' : '', 'data-role': 'weight' }, [
              h('th', { scope: 'row' }, labels[j]),
              h(
                'td',
                { class: 'bar', 'aria-hidden': 'true' },
                bar({ tag: 'span', share: w, digits: 1 }).el,
              ),
              h('td', { class: 'val' }, pct(w)),
            ]);
          }),
        ),
      ]),
      h('p', { class: 'formula', 'data-role': 'x' }, [
        this.t('inputLabel', token),
        ...formula(row(sub('x', letter), '=', vector(s.x.map((v) => num(v, 2))))),
      ]),
      h('p', { class: 'formula', 'data-role': 'output' }, [
        this.t('outputLabel'),
        ...formula(row(sub('o', letter), '=', vector(s.output.map((v) => num(v, 3))))),
      ]),
    ]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return polysemyChecks(rt);
  }
}
