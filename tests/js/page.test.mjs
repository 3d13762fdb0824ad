// web/page.js: which language a course page opens in, and how links carry it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeLanguage, chosenLanguage, withLanguage } from '../../web/page.js';

const storage = (v) => ({ getItem: () => v });

test('normalizeLanguage accepts the usual spellings and nothing else', () => {
  assert.equal(normalizeLanguage('en'), 'en');
  assert.equal(normalizeLanguage('en-GB'), 'en');
  assert.equal(normalizeLanguage('ZH'), 'zh-CN');
  assert.equal(normalizeLanguage('zh-cn'), 'zh-CN');
  assert.equal(normalizeLanguage('fr'), null);
  assert.equal(normalizeLanguage(''), null);
  assert.equal(normalizeLanguage(null), null);
});

test('?lang= wins over storage; storage is used without it; a throwing storage is ignored', () => {
  assert.equal(chosenLanguage('?lang=en', storage('zh-CN')), 'en');
  assert.equal(chosenLanguage('?lang=zh-CN', storage('en')), 'zh-CN');
  assert.equal(chosenLanguage('', storage('en')), 'en');
  assert.equal(chosenLanguage('?lang=xx', storage('en')), 'en');
  assert.equal(chosenLanguage('', storage(null)), null);
  const broken = {
    getItem() {
      throw new Error('SecurityError');
    },
  };
  assert.equal(chosenLanguage('', broken), null);
});

test('withLanguage adds ?lang=en, removes it for Chinese, keeps other parameters and the hash', () => {
  assert.equal(withLanguage('04-causal-mask.html', 'en'), '04-causal-mask.html?lang=en');
  assert.equal(withLanguage('04-causal-mask.html?lang=en', 'zh-CN'), '04-causal-mask.html');
  assert.equal(withLanguage('a.html?x=1#top', 'en'), 'a.html?x=1&lang=en#top');
  assert.equal(withLanguage('a.html?x=1&lang=en#top', 'zh-CN'), 'a.html?x=1#top');
});
