// node --test tests/js/loader-scripts.test.mjs
// web/loader.js's choice of scripts: the course engine and attn-core.js for course widgets, one
// script per widget, the extras only where their element is, and nothing of the course for
// <attn-open-model>, whose script brings the whole engine (the course engine has no open-model
// bindings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptsFor, needsCore } from '../../web/loader.js';
import { WIDGET_ELEMENTS } from '../../widgets/registry.js';

const widgetTags = Object.keys(WIDGET_ELEMENTS);

test('a course widget gets the engine (from disk), the core and its own script', () => {
  assert.deepEqual(scriptsFor(['main', 'attn-gqa'], { fromDisk: true, widgetTags }), [
    'attn-engine-wasm.js',
    'attn-core.js',
    'widgets/gqa.js',
  ]);
  assert.deepEqual(scriptsFor(['attn-gqa'], { fromDisk: false, widgetTags }), [
    'attn-core.js',
    'widgets/gqa.js',
  ]);
});

test('<attn-open-model> alone gets only its script; beside course widgets, theirs as well', () => {
  assert.deepEqual(scriptsFor(['attn-open-model'], { fromDisk: true, widgetTags }), [
    'attn-open-model.js',
  ]);
  assert.equal(needsCore(['main', 'attn-open-model']), false);
  assert.deepEqual(scriptsFor(['attn-open-model', 'attn-quiz'], { fromDisk: true, widgetTags }), [
    'attn-open-model.js',
    'attn-engine-wasm.js',
    'attn-core.js',
    'widgets/quiz.js',
  ]);
  assert.equal(needsCore(['attn-open-model', 'attn-quiz']), true);
  assert.equal(needsCore(['main', 'p']), false);
});

test('a browser without exnref gets the legacy exception-handling form of the engine and the trainer', () => {
  // Issue 43: the standard form (try_table, exnref) everywhere it runs, the legacy form only
  // where it does not, so no page loads both.
  const legacyEh = true;
  assert.deepEqual(scriptsFor(['attn-gqa'], { fromDisk: true, widgetTags, legacyEh }), [
    'attn-engine-wasm-legacy.js',
    'attn-core.js',
    'widgets/gqa.js',
  ]);
  assert.deepEqual(scriptsFor(['attn-gqa'], { fromDisk: false, widgetTags, legacyEh }), [
    'attn-core.js',
    'widgets/gqa.js',
  ]);
  assert.deepEqual(scriptsFor(['attn-train'], { fromDisk: true, widgetTags, legacyEh }), [
    'attn-engine-wasm-legacy.js',
    'attn-core.js',
    'attn-train-worker-legacy.js',
    'attn-train.js',
  ]);
  assert.deepEqual(scriptsFor(['attn-train'], { fromDisk: true, widgetTags }), [
    'attn-engine-wasm.js',
    'attn-core.js',
    'attn-train.js',
  ]);
});

test('a page with attn-widgets.js gets no core and no widget scripts, its extras still', () => {
  assert.deepEqual(
    scriptsFor(['attn-lab', 'attn-gqa'], { fromDisk: true, widgetTags, hasAllWidgets: true }),
    ['attn-engine-wasm.js', 'attn-lab-data.js'],
  );
});
