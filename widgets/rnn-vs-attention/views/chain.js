// The RNN as its dependency chain: h₀ → h₁ → … → h_T, each state fed by the one before and by
// its token, coloured by where the stepper is (done, running this step, waiting).
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h } from '../../../web/dom.js';
import { rnnDependsOn, subscript } from '../logic.js';

/** The words of each state's kind, by kind. */
const KIND_KEY = {
  initial: 'kindInitial',
  done: 'kindDone',
  current: 'kindCurrent',
  waiting: 'kindWaiting',
};

/**
 * The legend of the chain's colours.
 * @param {AttnWidget['t']} t the widget's strings
 */
export function chainLegend(t) {
  /**
   * @param {string} cls
   * @param {string} text
   */
  const legendBox = (cls, text) =>
    h('span', {}, [h('span', { class: `hbox ${cls}`, 'aria-hidden': 'true' }), text]);
  return h('div', { class: 'legend' }, [
    legendBox('done', t('legendDone')),
    legendBox('current', t('legendCurrent')),
    legendBox('waiting', t('legendWaiting')),
  ]);
}

/**
 * The chain's units h₀ … h_T at step s (1-based): each a list item with its state, the arrow
 * from the state before and the token it reads.
 * @param {{ T: number, s: number, labels: string[], t: AttnWidget['t'] }} options
 */
export function chainUnits({ T, s, labels, t: say }) {
  /** @param {number} t */
  const unit = (t) => {
    const kind = t === 0 ? 'initial' : t < s ? 'done' : t === s ? 'current' : 'waiting';
    const kindText = say(KIND_KEY[kind]);
    const dep = t > 0 ? rnnDependsOn(t) : null;
    return h(
      'div',
      {
        class: `unit ${kind}`,
        role: 'listitem',
        'data-t': t,
        'data-state': dep ? dep.state : '',
      },
      [
        dep ? h('span', { class: 'in', 'aria-hidden': 'true' }, '→') : null,
        h(
          'span',
          { class: `hbox ${kind}`, role: 'img', 'aria-label': say('hLabel', t, kindText) },
          `h${subscript(t)}`,
        ),
        dep ? h('span', { class: 'up', 'aria-hidden': 'true' }, '↑') : null,
        dep ? h('span', { class: 'tok' }, labels[dep.token - 1]) : null,
      ],
    );
  };
  return Array.from({ length: T + 1 }, (_, t) => unit(t));
}
