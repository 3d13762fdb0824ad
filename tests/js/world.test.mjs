// web/world.js: the engine-projected teaching world every widget reads, and its token labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { runtime } from '../helpers/fixture.mjs';

test('token labels follow the language, regional English tags included', async () => {
  const w = worldTensors(await runtime(), 'zh-gift');
  assert.deepEqual(tokenLabels(w, 'zh-CN'), ['小明', '把', '苹果', '给了', '小王']);
  for (const lang of ['en', 'en-US', 'en-GB'])
    assert.deepEqual(tokenLabels(w, lang), w.tokensEn, lang);
  assert.notDeepEqual(w.tokensEn, w.tokens);
});

test('numbers beyond float32 and projections that overflow name the source and the field', async () => {
  const { checkTeachingWorld } = await import('../../web/runtime.js');
  const rt = await runtime();
  const inline = 'teaching-world.json (inline on this page)';
  const huge = structuredClone(rt.world);
  huge.worlds['zh-gift'].x[0][0] = 1e308;
  assert.throws(() => checkTeachingWorld(huge, inline), {
    name: 'DataError',
    message: `${inline}: /worlds/zh-gift/x/0/0 is 1e+308, beyond float32 (±3.4e38), which the engine computes in`,
  });
  huge.worlds['zh-gift'].x[0][0] = 0;
  huge.worlds['zh-gift'].Wk[2][1] = -1e39;
  assert.throws(() => checkTeachingWorld(huge), {
    message: /^teaching-world\.json: \/worlds\/zh-gift\/Wk\/2\/1 /,
  });
  // Each number fits float32, their product does not: worldTensors names the matrix.
  const product = structuredClone(rt.world);
  product.worlds['zh-gift'].x[0][0] = 1e30;
  product.worlds['zh-gift'].Wq[0][0] = 1e30;
  const world = checkTeachingWorld(product, inline);
  assert.throws(() => worldTensors({ engine: rt.engine, world }, 'zh-gift'), {
    name: 'DataError',
    message: `${inline}: /worlds/zh-gift/Wq: matmul result[0, 0] is infinite: float32 overflow, the inputs are too large for this computation`,
  });
});

test('roles: the token each part is played by, by position; a role out of range or unknown is named', async () => {
  const { roleIndex, rolePair, roleTokens, hasRoles } = await import('../../web/world.js');
  const { checkTeachingWorld } = await import('../../web/runtime.js');
  const rt = await runtime();
  const w = worldTensors(rt, 'zh-gift');
  assert.equal(w.tokens[roleIndex(w, 'query')], '给了');
  assert.equal(w.tokens[roleIndex(w, 'answer')], '小王');
  assert.deepEqual(
    rolePair(w, 'names').map((i) => w.tokens[i]),
    ['小明', '小王'],
  );
  assert.equal(roleTokens(w)['names.1'], '小王');
  assert.ok(hasRoles(w, ['query', 'names']) && !hasRoles(w, ['referent']));
  assert.throws(() => roleIndex(w, 'referent'), {
    name: 'DataError',
    message: /^teaching-world\.json: \/worlds\/zh-gift\/roles has no "referent"/,
  });
  const far = structuredClone(rt.world);
  far.worlds['zh-gift'].roles.query = 9;
  assert.throws(() => checkTeachingWorld(far), {
    name: 'DataError',
    message:
      'teaching-world.json: /worlds/zh-gift/roles/query is 9, but the world has 5 tokens (0 … 4)',
  });
  far.worlds['zh-gift'].roles = { names: [0, 5] };
  assert.throws(() => checkTeachingWorld(far), {
    message: /\/worlds\/zh-gift\/roles\/names\/1 is 5/,
  });
  far.worlds['zh-gift'].roles = { subject: 0 };
  assert.throws(() => checkTeachingWorld(far), {
    message: /\/worlds\/zh-gift\/roles must NOT have additional properties/,
  });
  far.worlds['zh-gift'].roles = { query: [3, 4] };
  assert.throws(() => checkTeachingWorld(far), {
    message: /\/worlds\/zh-gift\/roles\/query must be integer/,
  });
});
