// The milestone's decisions (seed 004, 「你要拍板的决策」): each with its options, what the chosen
// model does, and the chapter's evidence, linked to the pages that give it. One card per
// decision (a three-column table does not fit a phone).
/** @import { LabConfig } from '../../../web/attn-engine.js' */
/** @import { Translate } from '../../lab/views/panel.js' */
/** @import { KvHeadsAblation } from '../../lab/logic.js' */
import { h, num } from '../../../web/dom.js';
import { DECISIONS } from '../logic.js';

/**
 * The anchor model's attention fields the decisions quote (models.json).
 * @typedef {{ name: string, hiddenSize: number, nHeads: number, headDim: number, qkNorm: boolean }}
 *   Anchor
 */

/**
 * @param {{ t: Translate, config: LabConfig, anchor: Anchor, ablation: KvHeadsAblation }} o
 */
export function decisionsSection({ t, config: c, anchor: a, ablation }) {
  const kind = c.nKvHeads === c.nHeads ? 'MHA' : c.nKvHeads === 1 ? 'MQA' : 'GQA';
  /** @type {Record<string, (string | Node)[]>} what the chosen model does */
  const model = {
    heads: [t('modelHeads', c.nHeads, c.dHead, c.nHeads * c.dHead, c.dModel)],
    'kv-heads': [t('modelKv', c.nKvHeads, c.nHeads, kind)],
    'qk-norm': [t('modelQk', c.qkNorm)],
  };
  /** @type {Record<string, string[]>} the anchor and the lab's data, beside the lesson */
  const facts = {
    heads: [t('anchorHeads', a.name, a.nHeads, a.headDim, a.nHeads * a.headDim, a.hiddenSize)],
    'kv-heads': [
      t(
        'kvAblation',
        ablation.rows
          .map((r) => `${t('kvHeadsOf', r.nKvHeads)} ${num(r.validLoss, 4)}`)
          .join(t('listSeparator')),
      ),
    ],
    'qk-norm': a.qkNorm ? [t('anchorQk', a.name, a.headDim)] : [],
  };
  return h('section', { class: 'decisions', 'data-role': 'decisions' }, [
    h('h3', {}, t('decisionsTitle')),
    h('p', { class: 'muted' }, t('decisionsHelp')),
    h(
      'ul',
      { class: 'cards' },
      DECISIONS.map((d) =>
        h('li', { class: 'card', 'data-decision': d.id }, [
          h('h4', {}, t('decision')[d.id]),
          h('dl', {}, [
            h('dt', {}, t('optionsLabel')),
            h('dd', {}, t('options')[d.id]),
            h('dt', {}, t('thisModelLabel')),
            h('dd', { 'data-role': 'this-model' }, model[d.id]),
            h('dt', {}, t('evidenceLabel')),
            h('dd', { 'data-role': 'evidence' }, [
              h('p', {}, t('evidence')[d.id]),
              ...facts[d.id].map((f) => h('p', {}, f)),
              h(
                'p',
                {},
                d.lessons.flatMap((slug, i) => [
                  i ? ' · ' : '',
                  h('a', { href: `${slug}.html` }, t('lessonLink')[slug]),
                ]),
              ),
            ]),
          ]),
        ]),
      ),
    ),
  ]);
}
