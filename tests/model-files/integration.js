// What the integration tests of the open-model work share: the REAL engine
// (dist/attn-engine.js, through tests/helpers/fixture.mjs), the loader
// web/model-files/open-model-files.js, and small numeric helpers.
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The engine module (dist/attn-engine.js), created once per test file. */
export { engine } from '../helpers/fixture.mjs';

/** The loader module the widget uses. */
export const openModelFiles = () => import(`${root}web/model-files/open-model-files.js`);

/** max |a_i − b_i| (lengths must match). */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
