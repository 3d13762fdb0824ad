// The prompt: the text box with Run (button or Enter), "Append it and run" and "Default
// sentence"; the tokens of the last Run as chips with the prediction highlighted after them; the
// note on characters outside the vocabulary. The element owns the prompt; this draws it.
/** @import { LabRunResult } from '../../../web/attn-engine.js' */
/** @import { LabModel } from '../logic.js' */
/** @import { Translate } from './panel.js' */
import { h, pct } from '../../../web/dom.js';
import { prediction, unknownChars } from '../logic.js';

/**
 * The prompt section. onRun(text): Run on this text (the box's, or the default sentence);
 * onAppend: Run on the prompt with the prediction appended; onInput: the box was edited.
 * @param {{
 *   t: Translate, context: number, prompt: string, defaultPrompt: string,
 *   onRun: (text: string) => void, onAppend: () => void, onInput: () => void,
 * }} options
 */
export function promptSection({ t, context, prompt, defaultPrompt, onRun, onAppend, onInput }) {
  const input = h('input', {
    type: 'text',
    id: 'prompt',
    value: prompt,
    maxlength: context - 1,
    autocomplete: 'off',
    spellcheck: 'false',
    oninput: onInput,
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      if (e.key !== 'Enter' || e.isComposing) return; // Enter that ends an IME word is not Run
      e.preventDefault();
      onRun(input.value);
    },
  });
  input.value = prompt;
  const button = (/** @type {string} */ label, /** @type {() => void} */ act, cls = '') =>
    h('button', { type: 'button', class: cls, onclick: act }, label);
  const appendButton = button(t('appendRun'), onAppend);
  const staleNote = h('p', { class: 'stale', 'aria-live': 'polite' });
  const chips = h('div', { class: 'chips' });
  const tokensTitle = h('p', { class: 'muted' });
  const unkNote = h('p', { role: 'status' });
  const el = h('section', {}, [
    h('div', { class: 'row' }, [
      h('label', { for: 'prompt' }, t('promptLabel')),
      input,
      button(t('run'), () => onRun(input.value), 'run'),
      appendButton,
      button(t('reset'), () => onRun(defaultPrompt)),
    ]),
    h('p', { class: 'muted' }, t('maxLen', context - 1, context)),
    staleNote,
    tokensTitle,
    chips,
    unkNote,
  ]);
  return {
    el,
    input,
    /**
     * Say (or stop saying) that the box differs from the prompt of the last Run.
     * @param {boolean} stale
     */
    stale(stale) {
      staleNote.textContent = stale ? t('stale') : '';
    },
    /**
     * The Run's tokens as chips and its prediction after them, which characters the vocabulary
     * lacks; Append is off when the prediction is not text or the context is full.
     * @param {LabModel} lab
     * @param {LabRunResult} run
     * @param {string} prompt the text that ran
     */
    draw(lab, run, prompt) {
      const c = lab.config;
      const T = run.tokens.length;
      tokensTitle.textContent = t('tokensTitle', T);
      chips.replaceChildren(
        ...run.labels.map((l, i) =>
          h('span', { class: `chip${i === 0 ? ' special' : l === '<unk>' ? ' unk' : ''}` }, [
            h('span', {}, l),
            h('small', {}, String(i)),
          ]),
        ),
        predictedChip(run, t),
      );
      const room = T < c.context && prediction(run).token >= 2; // <bos> / <unk> are not text
      appendButton.disabled = !room;
      const unknown = unknownChars(lab, prompt);
      unkNote.textContent = unknown.length
        ? t('unk', unknown.map((ch) => `「${ch}」`).join(''), c.vocab - 2)
        : '';
    },
  };
}

/**
 * The Run's prediction after the prompt's tokens, highlighted (a new element each Run, so its
 * shimmer plays again).
 * @param {LabRunResult} run
 * @param {Translate} t
 */
export function predictedChip(run, t) {
  const next = prediction(run);
  return h(
    'span',
    {
      class: 'chip predicted',
      role: 'img',
      'aria-label': t('predictedChip', next.char, pct(next.prob)),
    },
    [h('span', {}, next.char), h('small', {}, t('predictedTag'))],
  );
}
