// English counts with the right noun (web/plural.js): one is singular, every other count plural,
// a count as printed too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plural } from '../../web/plural.js';

test('1 KV head, 2 KV heads, 0 groups, 1,024 rows, an irregular plural', () => {
  assert.equal(plural(1, 'KV head'), '1 KV head');
  assert.equal(plural(2, 'KV head'), '2 KV heads');
  assert.equal(plural(0, 'group'), '0 groups');
  assert.equal(plural('1,024', 'row'), '1,024 rows');
  assert.equal(plural('1', 'query → key link'), '1 query → key link');
  assert.equal(plural(3, 'index', 'indices'), '3 indices');
});
