// The six unit tests as cards: the property, the Python test it mirrors, how the engine checks
// it, ✓ or ✗ with the measured figure, and a "break it" toggle per fault (aria-pressed) that runs
// the check again with its property broken on purpose.
/** @import { Translate } from '../../lab/views/panel.js' */
/** @import { CheckResult, CheckSpec } from '../logic.js' */
/** @import { MilestoneFault } from '../../../web/attn-engine.js' */
import { h, grouped, exactBytes } from '../../../web/dom.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { CHECKS, TEST_COMMAND } from '../logic.js';

/** 2.4e−7, or 0. @param {number} x */
export const sci = (x) => (x === 0 ? '0' : x.toExponential(1).replace('-', '−'));

/**
 * The figure line of a result.
 * @param {Translate} t
 * @param {CheckResult} c
 * @returns {(string | Node)[]}
 */
export function figure(t, c) {
  switch (c.id) {
    case 'gqa-tied':
    case 'mha':
    case 'incremental': {
      const r = c.r;
      const lines = [t('figureDiff', sci(r.maxAbsDiff), sci(r.tolerance), grouped(r.compared))];
      if (c.id === 'gqa-tied') lines.push(t('figureHeads', r.nHeads, r.nKvHeads));
      return lines.flatMap((l, i) => (i ? [h('br'), l] : [l]));
    }
    case 'greedy': {
      const r = c.r;
      return [
        r.firstDifference < 0
          ? t('figureGreedySame', r.withCache.length, r.withCacheText)
          : t('figureGreedyDiff', r.firstDifference + 1, r.withCacheText, r.withoutCacheText),
      ];
    }
    case 'cache-bytes': {
      const r = c.r;
      return [
        t('figureBytesSetup', grouped(r.tokens), r.fullLayers, r.dHead),
        r.kvHeads.map((g, i) => `${t('kvHeadsOf', g)} ${exactBytes(r.bytes[i])}`).join(' → '),
      ];
    }
    case 'causal': {
      const r = c.r;
      return [
        t('figureAbove', grouped(r.nonzeroAbove), grouped(r.above), sci(r.maxAbove)),
        h('br'),
        t('figureRowSum', sci(r.maxRowSumError), sci(r.tolerance), grouped(r.rows)),
      ];
    }
  }
  return [];
}

/**
 * @param {{ t: Translate, onFault: (id: CheckSpec['id'], fault: MilestoneFault) => void,
 *   onRerun: () => void, text: string }} o
 */
export function checksSection({ t, onFault, onRerun, text }) {
  /**
   * @type {Map<string, { status: HTMLElement, figure: HTMLElement, note: HTMLElement,
   *   faults: ReturnType<typeof toggleButtons<MilestoneFault>> }>}
   */
  const cards = new Map();
  const list = h(
    'ol',
    { class: 'cards tests' },
    CHECKS.map((spec) => {
      const status = h('p', { class: 'status', 'data-role': 'status' });
      const fig = h('p', { class: 'formula', 'data-role': 'figure' });
      const note = h('p', { class: 'note', 'data-role': 'broken', hidden: true });
      // A press on the fault already pressed releases it (the check runs unbroken again).
      const faults = toggleButtons({
        values: spec.faults,
        data: 'fault',
        pressed: null,
        label: (f) => t('fault')[f],
        onPick: (f) => onFault(spec.id, faults.value === f ? 'none' : f),
      });
      cards.set(spec.id, { status, figure: fig, note, faults });
      return h('li', { class: 'card', 'data-check': spec.id }, [
        h('h4', {}, t('check')[spec.id]),
        h('p', { class: 'muted' }, [h('code', {}, spec.test)]),
        h('p', {}, t('how')[spec.id]),
        status,
        fig,
        ...(spec.id === 'greedy' ? [h('p', { class: 'muted' }, t('greedyWeaker'))] : []),
        h('div', { class: 'row', role: 'group', 'aria-label': t('breakIt') }, [
          h('span', { 'aria-hidden': 'true' }, t('breakIt')),
          ...faults.buttons,
        ]),
        note,
      ]);
    }),
  );
  const el = h('section', { class: 'tests', 'data-role': 'tests' }, [
    h('h3', {}, t('testsTitle')),
    h('p', { class: 'muted' }, t('testsHelp', text, TEST_COMMAND)),
    h('div', { class: 'row' }, [
      h('button', { type: 'button', 'data-role': 'rerun', onclick: onRerun }, t('rerun')),
    ]),
    list,
  ]);
  return {
    el,
    /**
     * @param {(CheckResult | { id: CheckSpec['id'], fault: MilestoneFault, pending: true })[]}
     *   results
     *   a pending one is still running
     */
    draw(results) {
      for (const c of results) {
        const card = cards.get(c.id);
        if (!card) continue;
        if ('pending' in c) {
          card.status.textContent = t('running');
          card.status.classList.remove('ok', 'bad');
          card.figure.replaceChildren();
          continue;
        }
        card.status.textContent = t(c.ok ? 'passed' : 'failed');
        card.status.classList.toggle('ok', c.ok);
        card.status.classList.toggle('bad', !c.ok);
        card.figure.replaceChildren(...figure(t, c));
        card.faults.set(c.fault === 'none' ? null : c.fault);
        card.note.hidden = c.fault === 'none';
        card.note.textContent = c.fault === 'none' ? '' : t('brokenNow', t('fault')[c.fault]);
      }
    },
  };
}
