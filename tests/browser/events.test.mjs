// The events a course platform listens to, caught on document (they bubble out of the shadow
// roots): a click on a mask-grid cell fires attn-update with the new mask in its detail; the
// KV ledger's detail names its model and context; checking a quiz answer fires attn-answer with
// the question, the answer and whether it was right, and attn-update with the score. On every
// course page, every widget's attn-update detail has the keys its manifest entry documents.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, dist } from '../helpers/harness.mjs';

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** Starts collecting `type` events on document into window.__events[type]. */
const listen = (page, type) =>
  page.evaluate((t) => {
    window.__events ??= {};
    window.__events[t] = [];
    document.addEventListener(t, (e) =>
      window.__events[t].push({ tag: e.target.localName, detail: e.detail }),
    );
  }, type);
const events = (page, type) => page.evaluate((t) => window.__events[t], type);

test('mask grid: a click fires attn-update with the mask after it', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '04-causal-mask.html?lang=en');
  await listen(page, 'attn-update');
  await page.evaluate(() =>
    document
      .querySelector('attn-mask-grid')
      .shadowRoot.querySelector('button.cell[data-i="1"][data-j="3"]')
      .click(),
  );
  const [e] = await events(page, 'attn-update');
  assert.equal(e.tag, 'attn-mask-grid');
  assert.equal(e.detail.widget, 'attn-mask-grid');
  assert.equal(e.detail.lang, 'en');
  assert.equal(e.detail.error, null);
  assert.deepEqual(e.detail.attributes, { world: 'zh-gift' });
  assert.equal(e.detail.mode, 'neg-inf');
  assert.deepEqual(e.detail.cursor, [1, 3]);
  assert.deepEqual(e.detail.mask[1], [true, true, false, true, false]);
  assert.deepEqual(e.detail.mask[4], [true, true, true, true, true]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('KV ledger: attn-update names the model and the context', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '08-kv-cache.html?lang=en');
  await listen(page, 'attn-update');
  await page.evaluate(() => document.querySelector('attn-kv-ledger').setAttribute('lang', 'zh-CN'));
  const e = (await events(page, 'attn-update')).find((x) => x.tag === 'attn-kv-ledger');
  assert.equal(e.detail.lang, 'zh-CN');
  assert.equal(typeof e.detail.model, 'string');
  assert.ok(Number.isInteger(e.detail.tokens) && e.detail.tokens > 0, String(e.detail.tokens));
  assert.deepEqual(errors, []);
  await page.close();
});

test('quiz: checking an answer fires attn-answer with the verdict, and attn-update the score', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'quiz.html?lang=en');
  await listen(page, 'attn-answer');
  await listen(page, 'attn-update');
  // The first question: a wrong option, then the right one.
  const options = await page.evaluate(() => {
    const f = document.querySelector('attn-quiz').shadowRoot.querySelector('fieldset[data-q]');
    return { id: f.dataset.q, ids: [...f.querySelectorAll('input')].map((i) => i.value) };
  });
  const answer = (value) =>
    page.evaluate(
      ([q, v]) => {
        const f = document
          .querySelector('attn-quiz')
          .shadowRoot.querySelector(`fieldset[data-q="${q}"]`);
        f.querySelector(`input[value="${v}"]`).click();
        f.querySelector('button[data-role="check"]').click();
      },
      [options.id, value],
    );
  for (const v of options.ids) await answer(v);
  const answers = await events(page, 'attn-answer');
  assert.equal(answers.length, options.ids.length);
  const right = answers.filter((a) => a.detail.correct);
  assert.equal(right.length, 1, 'exactly one option is right');
  for (const a of answers) {
    assert.equal(a.tag, 'attn-quiz');
    assert.equal(a.detail.questionId, options.id);
    assert.equal(a.detail.lang, 'en');
    assert.ok(a.detail.question.length > 10, a.detail.question);
    assert.ok(a.detail.answerText.length > 0);
    assert.equal(a.detail.correctAnswer, right[0].detail.answer);
    assert.equal(a.detail.correctAnswerText, right[0].detail.answerText);
    assert.equal(a.detail.correct, a.detail.answer === a.detail.correctAnswer);
    assert.equal(typeof a.detail.lesson, 'string');
  }
  // The shown text is the one in the event.
  const shown = await page.evaluate(
    (q) =>
      document.querySelector('attn-quiz').shadowRoot.querySelector(`fieldset[data-q="${q}"] legend`)
        .textContent,
    options.id,
  );
  assert.ok(shown.endsWith(answers[0].detail.question), shown);
  const last = (await events(page, 'attn-update')).at(-1).detail;
  assert.equal(last.widget, 'attn-quiz');
  assert.equal(last.answered, 1);
  assert.equal(last.correct, answers.at(-1).detail.correct ? 1 : 0);
  assert.ok(last.total >= 10);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The keys a manifest description "detail {a, b (…), c: {…}}" names: a, b, c. */
function documentedKeys(description) {
  const body = description.slice(description.indexOf('detail {') + 'detail {'.length, -1);
  const keys = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = body[i];
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if ((c === ',' && depth === 0) || i === body.length) {
      keys.push(
        body
          .slice(start, i)
          .trim()
          .match(/^[A-Za-z]+/)[0],
      );
      start = i + 1;
    }
  }
  return keys;
}

test("every widget's attn-update detail has the keys its manifest entry documents", async () => {
  const manifest = JSON.parse(readFileSync(join(dist, 'custom-elements.json'), 'utf8'));
  const documented = new Map(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .map((d) => [
        d.tagName,
        documentedKeys(d.events.find((e) => e.name === 'attn-update').description),
      ]),
  );
  assert.deepEqual(documentedKeys('x; detail {a, b (c, d), e: {f, g}, h: [i, j]}'), [
    'a',
    'b',
    'e',
    'h',
  ]);
  const seen = new Set();
  for (const name of readdirSync(dist).filter((f) => f.endsWith('.html'))) {
    const { page, errors } = await openPage(browser, browser.fileUrl, name);
    await listen(page, 'attn-update');
    // A language switch redraws every widget on the page.
    await page.evaluate(() => document.querySelector('[data-attn-lang-toggle]').click());
    for (const { tag, detail } of await events(page, 'attn-update')) {
      seen.add(tag);
      assert.equal(detail.widget, tag);
      assert.equal(detail.lang, 'en', `${tag} on ${name}`);
      assert.equal(detail.error, null, `${tag} on ${name}`);
      for (const key of documented.get(tag))
        assert.ok(detail[key] !== undefined, `${tag} on ${name}: detail.${key}`);
      assert.deepEqual(JSON.parse(JSON.stringify(detail)), detail, `${tag}: plain JSON values`);
    }
    assert.deepEqual(errors, [], name);
    await page.close();
  }
  assert.deepEqual([...seen].sort(), [...documented.keys()].sort(), 'every widget was seen');
});
