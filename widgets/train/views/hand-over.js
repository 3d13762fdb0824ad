// Handing the trained model over: open it in the lab (localStorage, lab.html?model=trained), or
// download it (the lab's .bin, or the GGUF export-hf writes, for the open-model page; a hybrid
// model has no GGUF form).
/** @import { TrainRuns } from '../logic.js' */
/** @import { TrainWorker } from '../train-worker.js' */
import { h, downloadFile } from '../../../web/dom.js';
import { saveTrainedModel } from '../../../web/trained-model.js';
import { encodeBase64 } from '../../../web/base64.js';
import { trainedModel } from '../logic.js';

/**
 * The hand-over's buttons and notes, drawn again after each change of the run's state.
 * @param {{ t: (key: string, ...args: any[]) => any, ready: boolean, hybrid: boolean,
 *   gguf: boolean, note: string | null, onOpen: () => void,
 *   onDownload: (kind: 'bin' | 'gguf') => void }} o
 * @returns {HTMLElement[]}
 */
export function handOver({ t, ready, hybrid, gguf, note, onOpen, onDownload }) {
  const button = (
    /** @type {string} */ role,
    /** @type {string} */ key,
    /** @type {() => void} */ onclick,
    enabled = ready,
  ) => h('button', { 'data-role': role, disabled: !enabled, onclick }, t(key));
  return [
    h('div', { class: 'buttons' }, [
      button('open-in-lab', 'openInLab', onOpen),
      button('download-bin', 'downloadBin', () => onDownload('bin')),
      ...(gguf
        ? [button('download-gguf', 'downloadGguf', () => onDownload('gguf'), ready && !hybrid)]
        : []),
    ]),
    ...(hybrid ? [h('p', { class: 'muted' }, t('noGguf'))] : []),
    ...(note ? [h('p', { class: 'stale', role: 'alert' }, note)] : []),
  ];
}

/**
 * Keeps the run's model for the lab and goes there (in English if `english`); false, staying,
 * where the model does not fit in the page's storage.
 * @param {TrainWorker} worker
 * @param {TrainRuns} run
 * @param {{ href: string, english: boolean }} to the lab page (the element's lab-href)
 * @returns {Promise<boolean>}
 */
export async function openInLab(worker, run, { href, english }) {
  const info = run.info;
  const last = run.snapshots[run.snapshots.length - 1];
  if (!info || !last) return true;
  const bytes = await worker.weights('f16');
  const saved = saveTrainedModel(
    globalThis.localStorage ?? null,
    trainedModel(info, {
      weights: encodeBase64(bytes),
      step: run.step,
      validLoss: last.validLoss,
      train: run.train,
      stepMs: run.stepMs,
    }),
  );
  if (!saved) return false;
  const url = new URL(href, document.baseURI);
  url.searchParams.set('model', 'trained');
  if (english) url.searchParams.set('lang', 'en');
  location.assign(url.href);
  return true;
}

/**
 * Downloads the run's model: the lab's .bin (f32), or the GGUF made from its f16 weights.
 * @param {TrainWorker} worker
 * @param {TrainRuns} run
 * @param {'bin' | 'gguf'} kind
 * @param {{ parent: HTMLElement, ggufOf: ((labBytes: Uint8Array) => Uint8Array) | null }} o
 */
export async function downloadModel(worker, run, kind, { parent, ggufOf }) {
  const bytes = await worker.weights(kind === 'bin' ? 'f32' : 'f16');
  const file = kind === 'bin' ? bytes : /** @type {NonNullable<typeof ggufOf>} */ (ggufOf)(bytes);
  const name = `trained-${run.step}-steps-seed-${run.info?.seed}.${kind === 'bin' ? 'bin' : 'gguf'}`;
  downloadFile(parent, new Blob([new Uint8Array(file)]), name);
}
