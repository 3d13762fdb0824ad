// <attn-misconceptions> — the chapter guide's table of misconceptions it intercepts, as cards:
// each misconception, its correction, the number that proves it (from the engine where the course
// computes it, ./logic.js) and a link to the lesson. "Test yourself" hides the corrections; each
// card then has a button (Enter / Space) that reveals its own.
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { toggleButton } from '../../web/views/toggle-group.js';
import { ROWS, proofNumbers, courseNumbers } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';

/**
 * A card's texts in one language: the misconception, its correction, and its proof line from
 * the numbers of logic.js's proofNumbers.
 * @typedef {{ myth: string | ((n: Record<string, string>) => string),
 *   fix: string | import('../../web/mathml.js').MathLine | ((n: Record<string, string>) => string),
 *   proof: (n: Record<string, string>) => string }} CardStrings
 */

const CSS = `
ol.cards { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: 8px; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 6px 10px; }
.myth { margin: 0; font-weight: 600; }
.myth::before { content: "✗ "; color: var(--_error); }
.fix::before { content: "✓ "; color: var(--_ok); font-weight: 600; }
.proof { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; color: var(--_fg-2); overflow-wrap: anywhere; background: var(--_accent-soft-f4f6fb); border-radius: 4px; padding: 2px 6px; }
.links { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.9em; margin: 4px 0 0; }
.links a { color: var(--_accent); }
.links a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.hidden-answer .answer { display: none; }
.reveal { margin-top: 4px; }
`;

/**
 * @tag attn-misconceptions
 * @summary The chapter's misconceptions: each correction, the number that proves it, its lesson.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, quizMode}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class Misconceptions extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** Test-yourself mode: the corrections hidden until revealed one by one. */
  #quizMode = false;
  /** @type {Set<string>} the cards whose correction is shown in test-yourself mode */
  #revealed = new Set();
  /** @type {ReturnType<typeof toggleButton> | null} */
  #quiz = null;
  /** @type {{ id: string, card: HTMLLIElement, reveal: HTMLButtonElement }[]} */
  #cards = [];

  updateDetail() {
    return { ...super.updateDetail(), quizMode: this.#quizMode };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const n = proofNumbers(rt);
    /** @type {Record<string, CardStrings>} */
    const rows = this.t('rows');
    /** @type {Record<string, string>} */
    const names = this.t('lessonNames');
    this.#quiz = toggleButton({
      pressed: false,
      label: this.t('quiz'),
      attrs: { 'data-role': 'quiz' },
      onToggle: () => {
        this.#quizMode = !this.#quizMode;
        this.#revealed.clear();
        this.update();
      },
    });
    this.#cards = ROWS.map((row) => {
      const s = rows[row.id];
      const answerId = `answer-${row.id}`;
      const reveal = h(
        'button',
        {
          type: 'button',
          class: 'reveal',
          'data-role': 'reveal',
          'aria-controls': answerId,
          onclick: () => {
            if (this.#revealed.has(row.id)) this.#revealed.delete(row.id);
            else this.#revealed.add(row.id);
            this.update();
          },
        },
        this.t('reveal'),
      );
      const card = h('li', { class: 'card', 'data-row': row.id }, [
        h('p', { class: 'myth' }, typeof s.myth === 'function' ? s.myth(n) : s.myth),
        reveal,
        h('div', { class: 'answer', id: answerId }, [
          h('p', { class: 'fix' }, typeof s.fix === 'function' ? s.fix(n) : s.fix),
          h('p', {}, [
            `${this.t('proof')}: `,
            h('span', { class: 'proof', 'data-role': 'proof' }, s.proof(n)),
          ]),
          h('p', { class: 'links' }, [
            `${this.t('lessons')}: `,
            ...row.lessons.map((slug) => h('a', { href: `${slug}.html` }, names[slug])),
          ]),
        ]),
      ]);
      return { id: row.id, card, reveal };
    });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'row' }, this.#quiz.button),
      h(
        'ol',
        { class: 'cards' },
        this.#cards.map((c) => c.card),
      ),
    );
  }

  render() {
    this.#quiz?.set(this.#quizMode);
    for (const { id, card, reveal } of this.#cards) {
      const shown = !this.#quizMode || this.#revealed.has(id);
      card.classList.toggle('hidden-answer', !shown);
      reveal.hidden = !this.#quizMode;
      reveal.setAttribute('aria-expanded', String(shown));
      reveal.textContent = this.t(shown ? 'hide' : 'reveal');
    }
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt).map((c) => check(c.name, c.expected, c.actual));
  }
}
