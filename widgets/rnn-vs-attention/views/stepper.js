// The RNN's stepper: Back / Step / Reset / Play through its steps, as one group that also takes
// the arrow keys, Home and End; and the live status line under it.
import { h } from '../../../web/dom.js';
import { toggleButton } from '../../../web/views/toggle-group.js';

/**
 * @param {(key: string, ...args: any[]) => any} t the widget's t()
 * @param {{ step: () => number, length: () => number, onGo: (s: number) => void,
 *   onPlay: () => void }} o the step shown and the length (read at each key), going to a step,
 *   Play / Pause
 */
export function stepper(t, { step, length, onGo, onPlay }) {
  /**
   * @param {string} role
   * @param {() => void} onclick
   * @param {string} text
   */
  const button = (role, onclick, text) =>
    h('button', { type: 'button', 'data-role': role, onclick }, text);
  const back = button('back', () => onGo(step() - 1), t('back'));
  const next = button('step', () => onGo(step() + 1), t('step'));
  const reset = button('reset', () => onGo(1), t('reset'));
  const playing = toggleButton({
    pressed: false,
    label: t('play'),
    attrs: { 'data-role': 'play' },
    onToggle: onPlay,
  });
  const play = playing.button;
  const status = h('p', { class: 'status', 'data-role': 'status', 'aria-live': 'polite' });
  const group = h('div', { class: 'stepper', role: 'group', 'aria-label': t('stepper') }, [
    back,
    next,
    reset,
    play,
  ]);
  group.addEventListener('keydown', (e) => {
    /** @type {Record<string, number>} */
    const keys = { ArrowRight: step() + 1, ArrowLeft: step() - 1, Home: 1, End: length() };
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onGo(to);
  });
  return { group, back, next, play, playing, status };
}
