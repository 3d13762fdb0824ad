// web/generated/ is committed source made from course-data/*.schema.json (scripts/generate.mjs):
// a schema edited without regenerating would leave the pages validating, and tsc typing, the
// old shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('web/generated/ is what scripts/generate.mjs makes from the schemas today', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts/generate.mjs'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
});
