// Greedy generation, folded: the steps slider, the prompt with its continuation marked, how it
// ran (prefill, then one token a step through the KV cache and the linear layers' state), and
// this model's own ledger row: K/V bytes per token of its full layers, the linear layers' fixed
// state, one request at the full context.
/** @import { LabLedgerResult, LabConfig } from '../../../web/attn-engine.js' */
/** @import { PromptResult } from '../logic.js' */
/** @import { Translate } from './panel.js' */
import { sliderRow } from '../../../web/views/slider.js';
import { h, bytes, exactBytes } from '../../../web/dom.js';
import { MAX_STEPS } from '../logic.js';
import { panel, computedOnOpen } from './panel.js';

/**
 * The generation panel. onSteps(n): the slider moved; onOpen: the panel opened (its content is
 * computed only while it is open).
 * @param {{
 *   t: Translate, steps: number, ledger: LabLedgerResult, config: LabConfig,
 *   onSteps: (steps: number) => void, onOpen: () => void,
 * }} options
 */
export function generationSection({ t, steps, ledger, config: c, onSteps, onOpen }) {
  // The S part as its product: layers × heads × dl × dl × bytes per number (float32, the
  // engine's count divided back out).
  const sFactors = [ledger.linearLayers, c.linearHeads, c.linearHeadDim, c.linearHeadDim];
  const perNumber = ledger.recurrentStateBytes / sFactors.reduce((a, b) => a * b, 1);
  const sProduct = `${sFactors.join(' × ')} × ${perNumber} B = ${exactBytes(ledger.recurrentStateBytes)}`;
  const stepsRow = sliderRow({
    id: 'steps',
    label: t('steps'),
    min: 1,
    max: MAX_STEPS,
    value: steps,
    onInput: onSteps,
  });
  const stepsInput = stepsRow.input;
  const stepsOut = stepsRow.out;
  const gen = h('p', { class: 'gen', 'aria-live': 'polite' });
  const genFormula = h('p', { class: 'formula' });
  const el = computedOnOpen(
    panel(t('genTitle'), [
      stepsRow.el,
      gen,
      genFormula,
      h('p', { class: 'formula' }, [
        t('cacheLine', ledger.formula, ledger.fullLayers),
        ' ',
        t(
          'ledgerRow',
          ledger.linearLayers,
          ledger.tokens,
          exactBytes(ledger.stateBytes),
          sProduct,
          exactBytes(ledger.stateBytes - ledger.recurrentStateBytes),
          c.convKernel,
          `${exactBytes(ledger.bytesForContext)} (${bytes(ledger.bytesForContext)})`,
        ),
      ]),
    ]),
    onOpen,
  );
  return {
    el,
    /**
     * The greedy continuation of `prompt` (or why there is no room for one).
     * @param {PromptResult} res
     * @param {{ prompt: string, steps: number, context: number }} now the prompt that ran, the
     *   steps asked for, the model's context
     */
    draw(res, { prompt, steps, context }) {
      stepsInput.value = String(steps);
      stepsOut.textContent = String(res.steps);
      if (res.generation) {
        gen.replaceChildren(prompt, h('mark', {}, res.generation.generatedText));
        genFormula.textContent = t('genFormula', res.run.tokens.length, res.steps);
      } else {
        gen.replaceChildren(prompt);
        genFormula.textContent = t('noRoom', context);
      }
    },
    /** Folded: emptied rather than left showing an earlier prompt's continuation. */
    clear() {
      gen.replaceChildren();
      genFormula.textContent = '';
    },
  };
}
