// What the integration tests of the open-model work share: the REAL engine
// (dist/attn-engine.js, through tests/js/fixture.mjs), the loader
// web/model-files/open-model-files.js, and one place that says when either is not there yet.
// The three helpers of issue 13 build the engine functions, the loader and these tests in
// parallel branches; until the lead merges them, a test that needs a missing piece is skipped
// with a reason naming it (never passes without running). After the merge nothing is missing
// and every test runs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The engine module (dist/attn-engine.js), created once per test file. */
export { engine } from '../js/fixture.mjs';

/** null when the engine has every named function, else the reason a test must skip. */
export function missingEngine(e, names) {
  const absent = names.filter((n) => typeof e[n] !== 'function');
  return absent.length ? `engine has no ${absent.join(', ')} (omengine's branch not merged)` : null;
}

const loaderPath = `${root}web/model-files/open-model-files.js`;
/** The loader module, or null when web/model-files/open-model-files.js does not exist yet. */
export async function openModelFiles() {
  return existsSync(loaderPath) ? import(loaderPath) : null;
}
export const missingLoader = 'web/model-files/open-model-files.js is missing (omweb not merged)';

/** max |a_i − b_i| (lengths must match). */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
