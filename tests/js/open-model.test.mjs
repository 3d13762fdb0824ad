// widgets/open-model/logic.js: the KV group a query head reads, how many layers a pass brings
// back, the prompt's ids within the page's context, the heatmap's window of a long prompt. The
// layer-by-layer pass and the self-check run on the engine in tests/browser/open-model.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  kvGroupOf,
  layersToFetch,
  promptIds,
  lastWindow,
  headSlice,
  ALL_LAYERS_FLOATS,
  unknownTokens,
  promptInVocabulary,
  mostlyUnknown,
} from '../../widgets/open-model/logic.js';

test('query heads share KV heads in order: H = 16, G = 8 → heads 0,1 read group 0, 14,15 group 7', () => {
  assert.deepEqual(
    Array.from({ length: 16 }, (_, h) => kvGroupOf(h, 16, 8)),
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
  );
  assert.deepEqual(
    [0, 1, 2, 3].map((h) => kvGroupOf(h, 4, 1)),
    [0, 0, 0, 0],
    'MQA',
  );
  assert.deepEqual(
    [0, 1, 2].map((h) => kvGroupOf(h, 3, 3)),
    [0, 1, 2],
    'MHA',
  );
});

test('a pass brings back every layer while L·H·T² fits, else only the one on screen', () => {
  const c = { nLayers: 28, nHeads: 16 };
  assert.equal(layersToFetch(c, 20, 5).length, 28);
  const t = Math.ceil(Math.sqrt(ALL_LAYERS_FLOATS / (28 * 16))) + 1;
  assert.deepEqual(layersToFetch(c, t, 5), [5]);
});

test('the prompt: BOS first when the tokenizer has one, cut to leave room for the generated tokens', () => {
  const m = (bosId, context, maxPassTokens = 1000) => ({
    bosId,
    config: { context },
    maxPassTokens,
    tokenizer: { encode: (text) => [...text].map((ch) => ch.charCodeAt(0) - 96) },
  });
  assert.deepEqual(promptIds(m(0, 16), 'abc', 4), [0, 1, 2, 3]);
  assert.deepEqual(promptIds(m(null, 16), 'abc', 4), [1, 2, 3]);
  assert.deepEqual(promptIds(m(0, 6), 'abcdefgh', 3), [0, 1, 2]);
  assert.deepEqual(promptIds(m(0, 4), 'abc', 8), [0], 'at least one token');
  // Issue 43: a prompt past the tokens one layer takes within the work bound per call is no
  // longer cut there; the engine prefills it in chunks (tests/js/engine-open-model.test.mjs).
  assert.deepEqual(
    promptIds(m(0, 16, 2), 'abcdefgh', 3),
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    'the whole prompt, in chunks',
  );
});

test('the opening prompt is one the model reads: the first without <unk>, else the fewest', () => {
  // A character-level vocabulary of a, b, c (id 1 is <unk>), as the course's models have.
  const chars = (known, unkId = 1) => ({
    tokenizer: {
      unkId,
      encode: (text) => [...text].map((ch) => (known.includes(ch) ? 2 + known.indexOf(ch) : 1)),
    },
  });
  const m = chars('abc');
  assert.deepEqual(unknownTokens(m, 'abxy'), { unknown: 2, of: 4 });
  assert.equal(promptInVocabulary(m, ['The cat', 'cab', 'ab']), 'cab');
  assert.equal(promptInVocabulary(m, ['xyz', 'axy', 'xxa']), 'axy', 'the smallest unknown share');
  // A byte-level vocabulary reads everything: the first candidate stays.
  const bytes = chars('', null);
  assert.deepEqual(unknownTokens(bytes, 'xyz'), { unknown: 0, of: 3 });
  assert.equal(promptInVocabulary(bytes, ['The key idea', 'abc']), 'The key idea');
});

test('a pass mostly of <unk> is named (its <bos> not counted); half or fewer is not', () => {
  const m = (unkId) => ({ bosId: 0, tokenizer: { unkId } });
  assert.deepEqual(mostlyUnknown(m(1), [0, 1, 1, 2]), { unknown: 2, of: 3 });
  assert.equal(mostlyUnknown(m(1), [0, 1, 2]), null, 'one of two: not most');
  assert.equal(mostlyUnknown(m(1), [0, 1, 1, 2, 2]), null, 'two of four: not most');
  assert.equal(mostlyUnknown(m(null), [0, 5, 5]), null, 'a byte-level vocabulary has no <unk>');
});

test("the heatmap of a long prompt is the last tokens' rows and columns; a head's slice of a layer", () => {
  const T = 4;
  const w = Float32Array.from({ length: T * T }, (_, k) => k);
  assert.deepEqual(lastWindow(w, T, 8), { weights: w, from: 0, t: 4 });
  const win = lastWindow(w, T, 2);
  assert.deepEqual([...win.weights], [10, 11, 14, 15]);
  assert.equal(win.from, 2);
  const layer = {
    weights: { shape: [2, 2, 2], data: Float32Array.from({ length: 2 * 4 }, (_, k) => k) },
  };
  assert.deepEqual([...headSlice(layer, 1)], [4, 5, 6, 7]);
});
