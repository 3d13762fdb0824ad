// The cache's bytes after each step: a bar per step (drawn up to the current one) with its
// formula; the steps still to come wait as "…".
/** @import { Run } from '../logic.js' */
/** @import { Translate } from './steps.js' */
import { h, exactBytes } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { DECODER, FLOAT32_BYTES } from '../logic.js';

/**
 * @param {Run} run the generation with the cache
 * @param {number} s the current step
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function bytesBars(run, s, t) {
  const c = DECODER;
  const max = run.steps[run.steps.length - 1].cacheBytes || 1;
  return run.steps.map((st, i) => {
    // positions the cache holds after this step (the new token is not fed yet)
    const pos = st.position;
    return h('div', { class: i < s ? 'bar-row' : 'bar-row later', 'data-step': i + 1 }, [
      h('span', { class: 'lab' }, t('stepN', i + 1)),
      bar({
        tag: 'span',
        share: i < s ? st.cacheBytes / max : null,
        digits: 1,
        attrs: { 'aria-hidden': 'true' },
      }).el,
      h(
        'span',
        { class: 'val formula' },
        i < s
          ? t(
              'bytesRow',
              pos,
              c.nLayers,
              c.nKvHeads,
              c.dHead,
              FLOAT32_BYTES,
              exactBytes(st.cacheBytes),
            )
          : '…',
      ),
    ]);
  });
}
