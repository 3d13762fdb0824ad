// The folded panel on the model shown: the course's (its shape, full layers, parameters and the
// losses of its training) or the student's from <attn-train> (steps, seed, parameters, losses).
/** @import { LabModel } from '../logic.js' */
/** @import { TrainedModel } from '../../../web/trained-model.js' */
/** @import { Translate } from './panel.js' */
import { grouped, h, num } from '../../../web/dom.js';
import { fullLayers } from '../logic.js';
import { panel } from './panel.js';

/**
 * @param {Translate} t
 * @param {LabModel} lab the model as loaded (the course's config and exports)
 * @param {TrainedModel | null} tm the student's model shown instead, if any
 */
export function aboutSection(t, lab, tm) {
  const c = lab.config;
  const ex = lab.export;
  const about = tm
    ? t(
        'trainedFacts',
        c,
        tm.steps,
        tm.seed,
        grouped(tm.parameters),
        num(tm.validLoss, 2),
        num(tm.unigramLoss, 2),
      )
    : t(
        'facts',
        c,
        fullLayers(c).map((l) => l + 1),
        grouped(ex.model.config.parameters),
        num(ex.model.training.validLoss, 2),
        num(ex.model.training.unigramLoss, 2),
      );
  return panel(t(tm ? 'aboutTrained' : 'aboutModel'), [h('p', { class: 'facts formula' }, about)]);
}
