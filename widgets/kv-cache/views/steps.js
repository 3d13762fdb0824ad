// The stepper's figure: one block per step so far, each with a lane per way of generating
// (without / with the cache) of position boxes: whose K/V this step computed, whose it read back
// from the cache, and the token it generated — straight from the engine's per-step trace.
/** @import { Run, RunPair } from '../logic.js' */
/** @import { TinyDecoderStep } from '../../../web/attn-engine.js' */
import { h } from '../../../web/dom.js';

/** @typedef {(key: string, ...args: any[]) => any} Translate the widget's t() */

/**
 * One lane: positions 0 … position−1 as boxes coloured by what the step did with their K/V,
 * then the position it generated.
 * @param {'without' | 'with'} mode
 * @param {TinyDecoderStep} st the step of this lane's run
 * @param {number[]} tokens the sequence (prompt and generated ids)
 * @param {Translate} t
 */
function lane(mode, st, tokens, t) {
  const computed = new Set(st.computed),
    reused = new Set(st.reused);
  const boxes = [];
  for (let p = 0; p < st.position; p++) {
    const kind = computed.has(p) ? 'computed' : reused.has(p) ? 'reused' : 'idle';
    const kindText =
      kind === 'computed' ? t('kindComputed') : kind === 'reused' ? t('kindReused') : '';
    boxes.push(
      h(
        'span',
        {
          class: `box ${kind}`,
          'data-pos': p,
          role: 'img',
          'aria-label': t('boxLabel', p, tokens[p], kindText),
        },
        [h('span', {}, [h('span', { class: 'pos' }, `p${p}`), h('br'), String(tokens[p])])],
      ),
    );
  }
  boxes.push(
    h(
      'span',
      {
        class: 'box new',
        'data-pos': st.position,
        role: 'img',
        'aria-label': t('boxLabel', st.position, st.token, t('kindNew')),
      },
      [h('span', {}, [h('span', { class: 'pos' }, `p${st.position}`), h('br'), `→${st.token}`])],
    ),
  );
  return h(
    'div',
    {
      class: `lane ${mode}`,
      'data-computed': st.computed.length,
      'data-reused': st.reused.length,
    },
    [
      h(
        'span',
        { class: 'lane-label' },
        t('laneLabel', t(mode), st.computed.length, st.reused.length),
      ),
      h('span', { class: 'boxes' }, boxes),
    ],
  );
}

/**
 * Steps 1 … s of the whole generation, the last one marked current.
 * @param {RunPair} full
 * @param {number} s
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function stepBlocks(full, s, t) {
  const tokens = full.with.tokens;
  const blocks = [];
  for (let i = 0; i < s; i++) {
    const a = full.without.steps[i],
      b = full.with.steps[i];
    blocks.push(
      h('div', { class: i === s - 1 ? 'step current' : 'step', 'data-step': i + 1 }, [
        h('p', { class: 'step-title' }, t('stepTitle', i + 1, b.position, b.token)),
        lane('without', a, tokens, t),
        lane('with', b, tokens, t),
      ]),
    );
  }
  return blocks;
}

/**
 * What the colours of the step boxes mean.
 * @param {Translate} t
 */
export function stepLegend(t) {
  /**
   * @param {string} cls
   * @param {string} text
   */
  const legendBox = (cls, text) =>
    h('span', {}, [
      h('span', { class: `box ${cls}`, 'aria-hidden': 'true' }, cls === 'new' ? '→' : ''),
      text,
    ]);
  return h('div', { class: 'legend' }, [
    legendBox('computed', t('legendComputed')),
    legendBox('reused', t('legendReused')),
    legendBox('new', t('legendNew')),
  ]);
}
