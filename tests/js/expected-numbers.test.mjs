// course-data/expected-numbers.json: the numbers the seeds print for the course's own worlds.
// Each quote is the seed's sentence and holds its value's numbers; the prose facts, computed by
// the engine from the world's roles (widgets/facts/facts.js over widgets/facts/world-facts.js),
// print exactly that value. So the one place a seed's number is written down is checked against
// the engine, and the widgets' self-checks (which compare with the same facts) inherit it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson } from '../helpers/fixture.mjs';
import { factContext } from '../../scripts/prose-facts.mjs';
import { courseFacts, FACTS } from '../../widgets/facts/facts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const expected = readJson('course-data/expected-numbers.json');
const entries = Object.entries(expected.worlds).flatMap(([world, facts]) =>
  Object.entries(facts).map(([id, e]) => ({ world, id, ...e })),
);

let ctx;
before(async () => {
  ctx = await factContext(root);
});

/** The numbers in a text, the minus sign written one way: "[0.54, −0.16]" → ["0.54", "-0.16"]. */
const numbers = (s) => s.replace(/−/g, '-').match(/-?\d+(\.\d+)?/g) ?? [];

test('expected-numbers.json matches its schema, and names real worlds and facts', () => {
  const validate = new Ajv({ allErrors: true, strict: true }).compile(
    readJson('course-data/expected-numbers.schema.json'),
  );
  assert.ok(validate(expected), JSON.stringify(validate.errors));
  const worlds = readJson('course-data/teaching-world.json').worlds;
  for (const e of entries) {
    assert.ok(e.world in worlds, `${e.world}: no such world in teaching-world.json`);
    assert.ok(e.id in FACTS, `${e.world} ${e.id}: no such fact in widgets/facts/facts.js`);
  }
  assert.ok(entries.length >= 10, `${entries.length} numbers`);
});

test("each seed quote holds its value's numbers", () => {
  for (const e of entries) {
    const inQuote = numbers(e.quote);
    for (const n of numbers(e.value))
      assert.ok(
        inQuote.includes(n),
        `${e.world} ${e.id}: ${n} is not in seed ${e.seed}: ${e.quote}`,
      );
  }
});

test('the facts the engine computes from the worlds print exactly the seeds’ values', () => {
  const facts = courseFacts(
    ctx,
    entries.map((e) => e.id),
  );
  for (const e of entries)
    assert.equal(facts.get(e.id)['zh-CN'], e.value, `${e.world} ${e.id} (seed ${e.seed})`);
});
