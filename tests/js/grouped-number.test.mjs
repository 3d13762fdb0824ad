// node --test tests/js/grouped-number.test.mjs
// web/dom.js's grouped() writes numbers without Intl (whose first call loads ICU's data before
// a page can draw); every number a page groups must read exactly as toLocaleString('en-US')
// wrote it, ties included (Intl rounds the shortest decimal form half away from zero).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grouped } from '../../web/dom.js';

const intl = (/** @type {number} */ x, /** @type {number | undefined} */ d) =>
  d === undefined
    ? x.toLocaleString('en-US')
    : x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

test('grouped() reads as toLocaleString("en-US") on the cases that differ from toFixed', () => {
  assert.equal(grouped(1.005, 2), '1.01'); // toFixed: 1.00
  assert.equal(grouped(1.045, 2), '1.05'); // toFixed: 1.04
  assert.equal(grouped(999.9995, 3), '1,000.000');
  assert.equal(grouped(-0.04, 1), '-0.0');
  assert.equal(grouped(-0, 0), '-0');
  assert.equal(grouped(8589934592), '8,589,934,592');
  assert.equal(grouped(1234.5678), '1,234.568');
  assert.equal(grouped(Infinity), '∞');
  assert.equal(grouped(NaN), 'NaN');
});

test('grouped() equals toLocaleString("en-US") on 120,000 numbers, at 0–4 decimals and the default', () => {
  // A fixed sequence (no Math.random): integers, halves and thousandths' ties, wide magnitudes.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const values = [];
  for (let i = 0; i < 20000; i++) {
    const r = next();
    values.push(
      [
        Math.round(r * 1e6) / 1000 + 0.0005,
        (r - 0.5) * 10 ** Math.floor(next() * 15),
        Math.round((r - 0.5) * 1e5) / 100,
        Math.floor(r * 1e12),
      ][i % 4],
    );
  }
  let differ = 0;
  const first = [];
  for (const x of values)
    for (const d of [undefined, 0, 1, 2, 3, 4])
      if (grouped(x, d) !== intl(x, d)) {
        differ++;
        if (first.length < 5) first.push(`${x} at ${d}: ${grouped(x, d)} ≠ ${intl(x, d)}`);
      }
  assert.equal(differ, 0, first.join('; '));
});
