// The progress bars of a load (bytes and tensors read) and of a pass (layers run) or a
// generation (tokens made), redrawn alone while one runs.
/** @import { OpenProgress } from '../../../web/model-files/open-model-files.js' */
/** @import { Translate } from '../strings.js' */
import { h, bytes } from '../../../web/dom.js';

/**
 * How far a pass (layers run, of the prompt's chunk when it runs in several) or a generation
 * (tokens made, tokens per second) has come.
 * @typedef {{ layer: number, of: number, chunk: number, chunks: number }
 *   | { tokens: number, of: number, rate: number }} PassProgress
 */

/**
 * The bars for a load in progress (`load`) and a pass or generation in progress (`pass`).
 * @param {OpenProgress | null} load
 * @param {PassProgress | null} pass
 * @param {Translate} t the widget's strings
 * @returns {HTMLElement[]}
 */
export function progressBars(load, pass, t) {
  const bars = [];
  if (load) {
    const mib = (/** @type {number} */ n) => bytes(n, 1);
    const phase =
      load.phase === 'header' ? t('header') : load.phase === 'finalize' ? t('finalize') : '';
    if (phase) bars.push(h('p', { class: 'muted' }, phase));
    bars.push(
      meter(
        t('reading', mib(load.bytesRead), mib(load.bytesTotal)),
        load.bytesRead,
        load.bytesTotal,
        'bytes',
      ),
      meter(
        t('tensors', load.tensorsLoaded, load.tensorsTotal),
        load.tensorsLoaded,
        load.tensorsTotal,
        'tensors',
      ),
    );
  }
  if (pass && 'tokens' in pass)
    bars.push(
      meter(t('tokenProgress', pass.tokens, pass.of, pass.rate), pass.tokens, pass.of, 'tokens'),
    );
  else if (pass && 'layer' in pass)
    bars.push(
      meter(
        pass.chunks > 1
          ? t('chunkProgress', pass.chunk, pass.chunks, pass.layer, pass.of)
          : t('layerProgress', pass.layer, pass.of),
        (pass.chunk - 1) * pass.of + pass.layer,
        pass.chunks * pass.of,
        'layers',
      ),
    );
  return bars;
}

/**
 * A labelled progress bar.
 * @param {string} label
 * @param {number} value
 * @param {number} max
 * @param {string} kind its class: bytes, tensors, layers or tokens
 */
function meter(label, value, max, kind) {
  return h('div', { class: `meter ${kind}` }, [
    h('span', {}, label),
    h('progress', { value, max: max || 1, 'aria-label': label }),
  ]);
}
