// The teaching world's hand-made numbers still satisfy every constraint the course prints
// (the solver's own checker, float64 and float32), and the file passes its schema and the
// shape rules the runtime adds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('solve-zh-gift.mjs --check passes on the committed numbers', () => {
  const out = execFileSync(
    process.execPath,
    [join(root, 'course-data/tools/solve-zh-gift.mjs'), '--check'],
    { encoding: 'utf8' },
  );
  assert.doesNotMatch(out, /FAIL/);
  assert.match(out, /32\.5%/);
});

test('the runtime accepts the world and rejects a malformed one naming the field', async () => {
  const { checkTeachingWorld } = await import('../../web/runtime.js');
  const doc = JSON.parse(readFileSync(join(root, 'course-data/teaching-world.json'), 'utf8'));
  assert.equal(checkTeachingWorld(doc), doc);
  const bad = structuredClone(doc);
  bad.worlds['zh-gift'].x[1] = [1, 2, 3];
  assert.throws(() => checkTeachingWorld(bad), {
    name: 'DataError',
    message: /\/worlds\/zh-gift\/x\/1 has 3 numbers, expected dModel = 4/,
  });
  const badType = structuredClone(doc);
  badType.worlds['zh-gift'].Wq[0][0] = 'one';
  assert.throws(() => checkTeachingWorld(badType), {
    name: 'DataError',
    message: /teaching-world\.json: \/worlds\/zh-gift\/Wq\/0\/0 must be number/,
  });
});
