// The next token: the Run's top 5 after the prompt, each as a bar with its probability and its
// logit, under the softmax that turns the last position's logits into them.
/** @import { LabRunResult } from '../../../web/attn-engine.js' */
/** @import { Translate } from './panel.js' */
import { h, pct, num } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { formula } from '../../../web/mathml.js';

/**
 * The next-token section of a model with `vocab` tokens; draw(run, prompt) after each Run.
 * @param {{ t: Translate, vocab: number }} options
 */
export function nextTokenSection({ t, vocab }) {
  const title = h('h3', {});
  const top5 = h('div', { class: 'top5' });
  const el = h('section', {}, [
    title,
    top5,
    h('p', { class: 'formula' }, formula(t('topFormula', vocab))),
  ]);
  return {
    el,
    /**
     * @param {LabRunResult} run
     * @param {string} prompt the text that ran
     */
    draw(run, prompt) {
      const T = run.tokens.length;
      title.textContent = t('topTitle', prompt);
      top5.replaceChildren(
        ...run.top5.flatMap((e) => [
          h('span', { class: 'ch' }, e.char),
          bar({ share: e.prob, attrs: { role: 'img', 'aria-label': `${e.char} ${pct(e.prob)}` } })
            .el,
          h('span', { class: 'p' }, pct(e.prob)),
          h(
            'span',
            { class: 'formula z' },
            t('logit', num(run.logits.data[(T - 1) * vocab + e.token], 2)),
          ),
        ]),
      );
    },
  };
}
