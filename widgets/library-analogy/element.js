// <attn-library-analogy> — Q, K, V as a library: "it" walks in with a query card (its q), every
// word of the sentence is a book with an index label on its spine (its k) and contents inside
// (its v). The card is matched against every label (q·k/√d), softmax turns the matches into how
// much of each book is read, and what comes back is the weighted mix of contents (Σ w v). Two
// sentences, one pronoun: "…because it was tired" (it = the animal) and "…because it was too
// wide" (it = the street). Every number comes from the engine on the hand-made worlds
// en-animal-tired / en-animal-wide of teaching-world.json (labelled as such, not learned weights).
// Pick the sentence (radio buttons), move between books with the arrow keys (or click one) to
// see its formula.
// Attributes: sentence (tired | wide, default tired), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, pct, num } from '../../web/dom.js';
import { weightColor, textOn } from '../../web/color.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { SENTENCES, pronounRow, courseNumbers } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';

const CSS = `
.parts { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 6px; margin: 8px 0; padding: 0; list-style: none; }
.parts li { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 4px 8px; font-size: 0.9em; }
.parts strong { display: block; }
.card { border: 2px dashed var(--_accent); border-radius: 8px; padding: 4px 10px; margin: 8px 0; }
ol.shelf { list-style: none; margin: 6px 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 4px; }
button.book { width: 100%; min-height: 56px; display: grid; gap: 0; padding: 4px 6px; text-align: left; border-left-width: 6px; }
button.book .w { font-variant-numeric: tabular-nums; font-weight: 600; }
button.book.pronoun { outline: 2px dashed var(--_accent); outline-offset: -4px; }
button.book[aria-pressed="true"] { box-shadow: 0 0 0 3px #E69F00; }
.vec { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; }
.compare { margin: 8px 0 0; padding-left: 1.2em; }
`;

/**
 * "…because it was tired": the sentence's last words, from the world's own token labels.
 * @param {Runtime} rt
 * @param {string} id
 */
const sentenceLabel = (rt, id) => `…${rt.world.worlds[id].tokens.slice(-4).join(' ')}`;

/**
 * A vector as printed: [0.50, -1.00, …].
 * @param {ArrayLike<number>} v
 */
const vec = (v) => `[${Array.from(v, (x) => num(x)).join(', ')}]`;

/**
 * @tag attn-library-analogy
 * @summary Lesson 1: Q, K, V as a library (query card, spine labels, contents); it → animal.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [sentence=tired] - which sentence shows first: tired or wide
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, book (index of the one chosen)}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class LibraryAnalogy extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {string} the world of the sentence shown */
  #world = SENTENCES[0];
  /** the book chosen (its token index); -1 until the first build picks the top one */
  #cursor = -1;
  /** @type {{ id: string, input: HTMLInputElement, label: HTMLLabelElement }[]} */
  #radios = [];
  #cardLine = h('p', {});
  #shelf = h('ol', {});
  #formula = h('p', {});
  #contents = h('p', {});
  #output = h('p', {});
  #closer = h('p', {});
  #compareList = h('ul', {});
  #note = h('p', {});
  #built = false;

  static get observedAttributes() {
    return ['lang', 'sentence'];
  }

  get worldId() {
    return this.getAttribute('sentence') === 'wide' ? SENTENCES[1] : SENTENCES[0];
  }

  updateDetail() {
    return { ...super.updateDetail(), book: this.#cursor };
  }

  /** @param {Runtime} rt */
  build(rt) {
    // The sentence and the book survive a rebuild (a language switch).
    if (!this.#built) this.#world = this.worldId;
    this.#built = true;
    const r = pronounRow(rt, this.#world);
    if (this.#cursor < 0) this.#cursor = r.top;
    const name = `attn-library-${Math.random().toString(36).slice(2)}`;
    this.#radios = SENTENCES.map((id, i) => {
      const input = h('input', {
        type: 'radio',
        name,
        value: id,
        'data-role': `sentence-${i === 0 ? 'tired' : 'wide'}`,
        onchange: () => {
          this.#world = id;
          this.update();
        },
      });
      const label = h('label', {}, [input, sentenceLabel(rt, id)]);
      return { id, input, label };
    });
    this.#cardLine = h('p', { class: 'vec', 'data-role': 'card' });
    this.#shelf = h('ol', { class: 'shelf', 'aria-label': this.t('shelf') });
    this.#shelf.addEventListener('keydown', (e) => this.onKey(e));
    this.#formula = h('p', { class: 'formula', 'aria-live': 'polite', 'data-role': 'formula' });
    this.#contents = h('p', { class: 'vec', 'data-role': 'contents' });
    this.#output = h('p', { class: 'vec', 'data-role': 'output' });
    this.#closer = h('p', { 'data-role': 'closer' });
    this.#compareList = h('ul', { class: 'compare', 'data-role': 'compare' });
    this.#note = h('p', { class: 'note', 'data-role': 'note' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('ul', { class: 'parts' }, [
        h('li', {}, [h('strong', {}, this.t('qTitle')), this.t('qBody')]),
        h('li', {}, [h('strong', {}, this.t('kTitle')), this.t('kBody')]),
        h('li', {}, [h('strong', {}, this.t('vTitle')), this.t('vBody')]),
      ]),
      h('fieldset', { class: 'picker' }, [
        h('legend', {}, this.t('sentence')),
        h(
          'div',
          { class: 'opts' },
          this.#radios.map((x) => x.label),
        ),
      ]),
      h('div', { class: 'card' }, [this.#cardLine]),
      h('p', {}, h('strong', {}, this.t('shelf'))),
      this.#shelf,
      this.#formula,
      this.#contents,
      this.#output,
      this.#closer,
      h('h3', {}, this.t('compareTitle')),
      this.#compareList,
      h('p', { class: 'muted' }, this.t('same')),
      h('p', { class: 'muted' }, this.t('noMask')),
      this.#note,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const r = pronounRow(rt, this.#world);
    const tokens = r.w.tokens;
    for (const x of this.#radios) {
      x.input.checked = x.id === this.#world;
      x.label.classList.toggle('on', x.id === this.#world);
    }
    this.#cardLine.textContent = this.t('card', vec(r.query));
    const hadFocus = this.shadowRoot?.activeElement?.classList.contains('book');
    const books = toggleButtons({
      values: tokens.map((_, j) => j),
      data: 'j',
      pressed: this.#cursor,
      roving: true,
      label: (j) => [h('span', {}, tokens[j]), h('span', { class: 'w' }, pct(r.weights[j]))],
      attrs: (j) => ({
        class: `book${j === r.row ? ' pronoun' : ''}`,
        'data-token': tokens[j],
        style: {
          'border-left-color': weightColor(r.weights[j], this.scale),
          background: weightColor(r.weights[j], this.scale),
          color: textOn(r.weights[j], this.scale),
        },
      }),
      onPick: (j) => {
        this.#cursor = j;
        this.update();
      },
    });
    this.#shelf.replaceChildren(...books.buttons.map((b) => h('li', {}, b)));
    if (hadFocus) this.focusBook();
    const j = this.#cursor;
    this.#formula.replaceChildren(
      ...formula(
        this.t(
          'formula',
          tokens[j],
          vec(r.query),
          vec(r.keys[j]),
          num(r.scores[j]),
          pct(r.weights[j]),
        ),
      ),
    );
    this.#contents.textContent = this.t('contents', tokens[j], vec(r.values[j]));
    this.#output.replaceChildren(...formula(this.t('output', vec(r.output))));
    this.#closer.textContent = this.t('closer', num(r.nounCos[0], 3), num(r.nounCos[1], 3));
    const note = rt.world.worlds[this.#world].note;
    this.#note.textContent = note ? (this.isEnglish ? note.en : note['zh-CN']) : '';
    // The two sentences side by side do not change with the cursor or the chosen sentence.
    if (this.#compareList.childElementCount) return;
    this.#compareList.replaceChildren(
      ...SENTENCES.map((id) => {
        const s = pronounRow(rt, id);
        return h(
          'li',
          { 'data-sentence': id },
          this.t('compare', sentenceLabel(rt, id), s.w.tokens[s.top], pct(s.weights[s.top])),
        );
      }),
    );
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const n = this.#shelf.children.length;
    /** @type {Record<string, number>} */
    const moves = {
      ArrowRight: this.#cursor + 1,
      ArrowDown: this.#cursor + 1,
      ArrowLeft: this.#cursor - 1,
      ArrowUp: this.#cursor - 1,
      Home: 0,
      End: n - 1,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.#cursor = Math.max(0, Math.min(n - 1, to));
    this.update();
    this.focusBook();
  }

  focusBook() {
    /** @type {HTMLButtonElement | null} */ (
      this.#shelf.querySelector(`button[data-j="${this.#cursor}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt);
  }
}
