// The progress record (web/progress.js, the contract the LMS adapter reads): an answer is
// { answer, correct, tries, firstAnswer, firstCorrect }; tries counts the checks, the first try
// is set once and never changed; a record written by the old code ({ answer, correct }) reads
// as one try whose answer was the first. The index's line counts first tries: a retry after a
// wrong answer is not "right" (tests/browser/teaching.test.mjs sees it on the index). Storage that
// is off or holds anything reads as empty.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  readProgress,
  editProgress,
  answersOf,
  asAnswer,
  recordCheck,
  progressText,
  PROGRESS_KEY,
} from '../../web/progress.js';

/** A Storage stand-in over a Map. */
const memoryStorage = (init = {}) => {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
};

test('a check, a retry, and more: tries count every check, the first try never changes', () => {
  const first = recordCheck(null, 'a', false);
  assert.deepEqual(first, {
    answer: 'a',
    correct: false,
    tries: 1,
    firstAnswer: 'a',
    firstCorrect: false,
  });
  const second = recordCheck(first, 'd', true);
  assert.deepEqual(second, {
    answer: 'd',
    correct: true,
    tries: 2,
    firstAnswer: 'a',
    firstCorrect: false,
  });
  const third = recordCheck(second, 'b', false);
  assert.equal(third.tries, 3);
  assert.equal(third.firstAnswer, 'a');
  assert.equal(third.firstCorrect, false);
  // right at once stays right at the first try, whatever follows
  assert.equal(recordCheck(recordCheck(null, 'd', true), 'a', false).firstCorrect, true);
});

test('an old record without tries reads as one try whose answer was the first', () => {
  assert.deepEqual(asAnswer({ answer: 'true', correct: true }), {
    answer: 'true',
    correct: true,
    tries: 1,
    firstAnswer: 'true',
    firstCorrect: true,
  });
  assert.deepEqual(asAnswer({ answer: 'b', correct: false }), {
    answer: 'b',
    correct: false,
    tries: 1,
    firstAnswer: 'b',
    firstCorrect: false,
  });
  // a full record is kept as stored
  const full = { answer: 'd', correct: true, tries: 2, firstAnswer: 'a', firstCorrect: false };
  assert.deepEqual(asAnswer(full), full);
  // not a record
  for (const x of [null, 3, 'a', [], {}, { answer: 3 }]) assert.equal(asAnswer(x), null);
});

test('stored progress: garbage, other shapes and no storage read as empty; edits are kept', () => {
  const empty = { answers: {}, predictions: {} };
  assert.deepEqual(readProgress(null), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '{not json' })), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '[1,2]' })), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '{"answers":3}' })), empty);
  const s = memoryStorage();
  editProgress(s, (p) => {
    p.predictions['04-causal-mask'] = { guess: 'b' };
    p.answers['05-values'] = {
      q1: { answer: 'true', correct: true }, // the old code's record
      q2: { answer: 'z', correct: false },
      q3: { answer: 'd', correct: true, tries: 2, firstAnswer: 'a', firstCorrect: false },
    };
  });
  const p = readProgress(s);
  assert.equal(p.predictions['04-causal-mask'].guess, 'b');
  // Only answers that are options of a known question come back, in the record's full shape.
  assert.deepEqual(
    answersOf(p, '05-values', (id, a) => ['q1', 'q3'].includes(id) && /^(true|d)$/.test(a)),
    {
      q1: { answer: 'true', correct: true, tries: 1, firstAnswer: 'true', firstCorrect: true },
      q3: { answer: 'd', correct: true, tries: 2, firstAnswer: 'a', firstCorrect: false },
    },
  );
  // A storage that throws on write: nothing breaks.
  editProgress(
    {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
    },
    () => {},
  );
});

test('the index line counts first tries: a retry after a wrong answer is not right', () => {
  const p = {
    answers: {
      '05-values': {
        a: { answer: 'true', correct: true, tries: 1, firstAnswer: 'true', firstCorrect: true },
        // wrong, then right on the retry: right now, not at the first try
        b: { answer: 'd', correct: true, tries: 2, firstAnswer: 'a', firstCorrect: false },
      },
      '06-rope': { q: { answer: 'b', correct: true } }, // an old record: its one try
    },
    predictions: { '05-values': { guess: 'b' } },
  };
  assert.equal(
    progressText(p, '05-values', 2, 'en'),
    'predicted · checks 1/2 right at the first try',
  );
  assert.equal(progressText(p, '05-values', 2, 'zh-CN'), '已预测 · 检查题一次答对 1/2');
  assert.equal(progressText(p, '06-rope', 1, 'en'), 'checks 1/1 right at the first try');
  assert.equal(progressText(p, '07-multi-head', 2, 'en'), '');
});
