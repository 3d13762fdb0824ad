// The pure parts of the pages' teaching: the teacher view's switch (the predictions' judging is
// tests/js/predict.test.mjs, the stored progress tests/js/progress.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { teacherChosen } from '../../web/teacher-view.js';

/** A Storage stand-in over a Map. */
const memoryStorage = (init = {}) => {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
};

test('teacher view: ?teacher wins (0, false, off turn it off), else the stored switch', () => {
  assert.equal(teacherChosen('?teacher', null), true);
  assert.equal(teacherChosen('?teacher=1', memoryStorage({ 'attn-course-teacher': '0' })), true);
  assert.equal(teacherChosen('?teacher=off', memoryStorage({ 'attn-course-teacher': '1' })), false);
  assert.equal(teacherChosen('', memoryStorage({ 'attn-course-teacher': '1' })), true);
  assert.equal(teacherChosen('?lang=en', null), false);
});
