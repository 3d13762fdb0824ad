// The playground's self-check: the starter example of en-the-cat run once in a worker, as a
// student would (what it printed and what show() drew), and the rows that compare those with the
// course's numbers. The element adds the row computed on the page's own engine.
/** @import { TeachingWorldDoc } from '../../web/course-data.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { ShowMessage } from './logic.js' */
/** @import { WorkerReady, RunEnd, CellEnv } from './code-worker.js' */
/** @import { Translate } from './strings.js' */
import { checkNamed } from '../../web/check-row.js';
import { pct } from '../../web/dom.js';
import { starterCode } from './logic.js';
import { CodeWorker } from './code-worker.js';

/** The world of the example the self-check runs (the walkthrough's two tokens). */
export const STARTER_WORLD = 'en-the-cat';

/** How long the self-check waits for its worker run (engine start included) before failing. */
export const CHECK_TIMEOUT_MS = 15000;

/**
 * Where the worker run of the self-check is.
 * @typedef {{ state: 'pending', started: number }
 *   | { state: 'timeout' | 'csp' | 'missing' | 'checking' | 'failed' }
 *   | { state: 'csp' | 'error', message: string }
 *   | { state: 'done', result: RunEnd, lines: string[], shows: ShowMessage[] }} CheckRun
 */

/**
 * Runs the starter example of en-the-cat in a worker, within CHECK_TIMEOUT_MS.
 * @param {{ envKnown: Promise<CellEnv>, world: TeachingWorldDoc,
 *   onFailed: (ready: WorkerReady & { ok: false }) => void, onRan: () => void }} o
 *   envKnown: what the page allows (state 'ok': a worker can run); onFailed: the worker did not
 *   start; onRan: the run is over (called even when it ended after the timeout)
 * @returns {Promise<CheckRun>}
 */
export function runStarterInWorker({ envKnown, world, onFailed, onRan }) {
  const code = starterCode('en', STARTER_WORLD, world);
  /** @type {Promise<CheckRun>} */
  const attempt = (async () => {
    const env = await envKnown;
    if (env.state !== 'ok') return /** @type {CheckRun} */ ({ state: env.state });
    /** @type {string[]} */
    const lines = [];
    /** @type {ShowMessage[]} */
    const shows = [];
    const w = new CodeWorker(env.source, world);
    const ready = await w.ready;
    if (!ready.ok) {
      onFailed(ready);
      return {
        state: ready.kind === 'csp' ? 'csp' : 'error',
        message: `${ready.name}: ${ready.message}`,
      };
    }
    const result = await w.run(-1, code, {
      onPrint: (t) => lines.push(t),
      onShow: (m) => shows.push(m),
    });
    onRan();
    return { state: 'done', result, lines, shows };
  })();
  /** @type {Promise<CheckRun>} */
  const timeout = new Promise((resolve) =>
    setTimeout(() => resolve({ state: 'timeout' }), CHECK_TIMEOUT_MS),
  );
  return Promise.race([attempt, timeout]).catch((e) => ({
    state: 'error',
    message: e?.message ?? String(e),
  }));
}

const NAME_OUT = 'starter code in a worker prints out[{label}]';
const NAME_MAP = 'starter code in a worker shows the {label} row ({keys})';

/**
 * What the starter code must print and draw for its world's last token (the row it prints), from
 * the world's facts: {label: its English token, out: its output rounded as printed, row: its
 * weights on every key, keys: their labels, last: its index}.
 * @typedef {{ label: string, out: string, row: string, keys: string, last: number }} StarterFacts
 */

/**
 * The two rows of the worker run: what it printed for out[last token], and that token's row of
 * what show() drew. Pending (and passing, marked pending) until CHECK_TIMEOUT_MS has passed.
 * @param {CheckRun} c
 * @param {StarterFacts} want
 * @param {Translate} t the widget's strings
 * @returns {(CheckRow & { pending?: boolean })[]}
 */
export function workerCheckRows(c, want, t) {
  const vars = { label: want.label, keys: want.keys };
  const expectedOut = `out[${want.label}] = ${want.out}`;
  /**
   * @param {string} actual
   * @param {boolean} ok
   */
  const both = (actual, ok, extra = {}) => [
    { ...checkNamed(NAME_OUT, vars, expectedOut, actual, ok), ...extra },
    { ...checkNamed(NAME_MAP, vars, want.row, actual, ok), ...extra },
  ];
  const timedOut = () => both(t('checkTimeout', CHECK_TIMEOUT_MS / 1000), false);
  if (c.state === 'pending')
    // Not a failure until the worker has had CHECK_TIMEOUT_MS to answer (`ready` waits for it).
    return performance.now() - c.started < CHECK_TIMEOUT_MS
      ? both(t('checkPending'), true, { pending: true })
      : timedOut();
  if (c.state === 'timeout') return timedOut();
  if (c.state === 'csp') return both(t('checkBlocked'), false);
  if (c.state === 'missing') return both(t('checkNoScript'), false);
  if (c.state !== 'done') return both('message' in c ? c.message : c.state, false);
  const r = c.result;
  if (r.kind !== 'done')
    return both(r.kind === 'error' ? `${r.name}: ${r.message}` : r.kind, false);
  const printed = c.lines.find((l) => l.startsWith(`out[${want.label}] =`)) ?? c.lines.join(' | ');
  const map = c.shows[0]?.matrices[0]?.rows;
  return [
    checkNamed(NAME_OUT, vars, expectedOut, printed),
    checkNamed(
      NAME_MAP,
      vars,
      want.row,
      map ? map[want.last].map((x) => pct(x)).join(' / ') : 'nothing shown',
    ),
  ];
}
