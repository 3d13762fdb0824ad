// The playground's self-check: the starter example of en-the-cat run once in a worker, as a
// student would (what it printed and what show() drew), and the rows that compare those with the
// course's numbers. The element adds the row computed on the page's own engine.
/** @import { TeachingWorldDoc } from '../../web/course-data.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { ShowMessage } from './logic.js' */
/** @import { WorkerReady, RunEnd, CellEnv } from './code-worker.js' */
/** @import { Translate } from './strings.js' */
import { check } from '../../web/widget-base.js';
import { pct } from '../../web/dom.js';
import { starterCode } from './logic.js';
import { CodeWorker } from './code-worker.js';

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
  const code = starterCode('en', 'en-the-cat', world);
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

const NAME_OUT = 'starter code in a worker prints out[cat]';
const NAME_MAP = 'starter code in a worker shows the cat row (The / cat)';
const EXPECTED_OUT = 'out[cat] = [0.42, 0.24]';
const EXPECTED_MAP = '42.6% / 57.4%';

/**
 * The two rows of the worker run: what it printed for out[cat], and the cat row of what show()
 * drew (The / cat). Pending (and passing, marked pending) until CHECK_TIMEOUT_MS has passed.
 * @param {CheckRun} c
 * @param {{ cat: number, the: number }} at the rows of "cat" and "The" in en-the-cat
 * @param {Translate} t the widget's strings
 * @returns {(CheckRow & { pending?: boolean })[]}
 */
export function workerCheckRows(c, { cat, the }, t) {
  /**
   * @param {string} actual
   * @param {boolean} ok
   */
  const both = (actual, ok, extra = {}) => [
    { name: NAME_OUT, expected: EXPECTED_OUT, actual, ok, ...extra },
    { name: NAME_MAP, expected: EXPECTED_MAP, actual, ok, ...extra },
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
  const printed = c.lines.find((l) => l.startsWith('out[cat] =')) ?? c.lines.join(' | ');
  const map = c.shows[0]?.matrices[0]?.rows;
  return [
    check(NAME_OUT, EXPECTED_OUT, printed),
    check(
      NAME_MAP,
      EXPECTED_MAP,
      map ? `${pct(map[cat][the])} / ${pct(map[cat][cat])}` : 'nothing shown',
    ),
  ];
}
