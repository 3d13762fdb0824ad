// What a run shows under the editor: the status line, the printed lines, and the error or the
// time-limit note.
/** @import { ErrorInfo, ShowMessage } from '../logic.js' */
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';
import { TIME_LIMIT_MS } from '../logic.js';

/**
 * The cell's run: where it is, what it printed and showed, its error, its time (ms).
 * @typedef {{ status: 'idle' | 'reset' | 'starting' | 'running' | 'done' | 'error' | 'timeout',
 *   lines: string[], maps: ShowMessage[], error: ErrorInfo | null, ms?: number }} RunState
 */

/**
 * The status line's text.
 * @param {RunState} r
 * @param {Translate} t the widget's strings
 */
export function statusText(r, t) {
  return {
    idle: t('idle'),
    reset: t('resetDone'),
    starting: t('starting'),
    running: t('running', TIME_LIMIT_MS / 1000),
    done: t('done', Math.round(r.ms ?? 0)),
    error: t('failed'),
    timeout: t('stoppedShort', TIME_LIMIT_MS / 1000),
  }[r.status];
}

/**
 * The output box's text: the printed lines, or a hint once a run printed nothing.
 * @param {RunState} r
 * @param {Translate} t the widget's strings
 * @returns {string}
 */
export function outputText(r, t) {
  if (r.lines.length) return r.lines.join('\n');
  return r.status === 'done' || r.status === 'error' ? t('noOutput') : '';
}

/**
 * The error the code threw (name, message, line), or the time-limit note, or null.
 * @param {RunState} r
 * @param {Translate} t the widget's strings
 */
export function runProblem(r, t) {
  if (r.status === 'error' && r.error)
    return h('div', { class: 'run-error', role: 'alert' }, [
      h('strong', {}, r.error.name),
      `: ${r.error.message}`,
      r.error.line ? t('line', r.error.line) : '',
    ]);
  if (r.status === 'timeout')
    return h('div', { class: 'stopped', role: 'alert' }, t('stopped', TIME_LIMIT_MS / 1000));
  return null;
}
