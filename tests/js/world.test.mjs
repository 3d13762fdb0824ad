// web/world.js: the engine-projected teaching world every widget reads, and its token labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { runtime } from './fixture.mjs';

test('token labels follow the language, regional English tags included', async () => {
  const w = worldTensors(await runtime(), 'zh-gift');
  assert.deepEqual(tokenLabels(w, 'zh-CN'), ['小明', '把', '苹果', '给了', '小王']);
  for (const lang of ['en', 'en-US', 'en-GB'])
    assert.deepEqual(tokenLabels(w, lang), w.tokensEn, lang);
  assert.notDeepEqual(w.tokensEn, w.tokens);
});
