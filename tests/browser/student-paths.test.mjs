// The student's own paths on a phone (issue 40), in the walkthrough's profile (360 × 780, DPR 2,
// touch: tests/helpers/harness.mjs PHONE), in both languages, from file://:
//   - train → lab: a model trained for 20 steps is the lab page's subject: the banner (layers,
//     steps, seed) with the way back, the intro, the prediction's answer and its explanation
//     are the widget's numbers for that model; the teacher view's checks say which model they run;
//   - the same model's GGUF on the open-model page opens on a prompt it can read (no <unk> first),
//     and a prompt it cannot read says so;
//   - the language chosen survives a reload and Back;
//   - the heatmaps and tables of the lab, the open-model and the train pages fit 360 px (no
//     column cut, a Chinese column label upright, the lab's sliders above the heatmap's header);
//   - a touch screen is told "tap" (never only click, hover, arrow keys or Ctrl+Enter);
//   - the first screen of a page is its lesson: the index's list before its data-flow widget and
//     its first link the course's first page, lesson 1's own widget first;
//   - "Train again" keeps the curve before; a seed above 2^53 − 1 is refused; the playground's
//     suggested change shows in what it prints.
// Screenshots (test-results/screenshots/phone-*.png) of the lab with a trained model, the train
// page mid-run and the open-model page, both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openBrowser, openPage, shots, dist, WAIT_MS } from '../helpers/harness.mjs';

const course = JSON.parse(readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'));
const LANGS = ['zh-CN', 'en'];
let browser;
let tmp;
before(async () => {
  browser = await openBrowser({ phone: true });
  tmp = mkdtempSync(join(tmpdir(), 'attn-phone-'));
});
after(async () => {
  await browser?.close();
});

/** A page as a student opens it (no teacher view), its widgets drawn. */
const open = (name, opts = {}) =>
  openPage(browser, browser.fileUrl, name, { student: !opts.teacher });
const waitFor = (page, fn, arg, timeout = WAIT_MS * 3) =>
  page.waitForFunction(fn, arg, { timeout });
const lang = (page) => page.evaluate(() => document.documentElement.lang);
const pct1 = (p) => `${(p * 100).toFixed(1)}%`;

/** Trains `steps` steps on train.html (tapping Start) and waits until the run is done. */
async function train(page, steps, seed) {
  const w = page.locator('attn-train');
  await w.locator('#train-steps').fill(String(steps));
  if (seed !== undefined) await w.locator('#train-seed').fill(String(seed));
  await w.locator('[data-role=start]').tap();
  await waitFor(page, () => document.querySelector('attn-train').state === 'done');
}

for (const l of LANGS)
  test(`the language chosen survives a reload and Back (starting in ${l})`, async () => {
    const other = l === 'en' ? 'zh-CN' : 'en';
    const { page, errors } = await open(`${course.lessons[1].slug}.html?lang=${l}`);
    assert.equal(await lang(page), l);
    await page.locator('[data-attn-lang-toggle]').tap();
    assert.equal(await lang(page), other);
    // The address says it now: a reload opens in the language chosen.
    assert.equal(new URL(page.url()).searchParams.get('lang'), other === 'en' ? 'en' : null);
    await page.reload();
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await lang(page), other, 'after a reload');
    await Promise.all([page.waitForURL(/\.html/), page.locator('a[rel="next"]').tap()]);
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await lang(page), other, 'on the next page');
    await page.goBack();
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await lang(page), other, 'after Back');
    await page.evaluate(() => localStorage.clear());
    assert.deepEqual(errors, []);
    await page.close();
  });

for (const l of LANGS)
  test(`train 20 steps → the lab shows that model: banner, intro, prediction, checks (${l})`, async () => {
    const { page, errors } = await open(`train.html?lang=${l}`);
    await page.evaluate(() => localStorage.clear());
    await train(page, 20, 3);
    const gguf = await (async () => {
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('attn-train [data-role=download-gguf]').tap(),
      ]);
      const path = join(tmp, `${l}-${d.suggestedFilename()}`);
      await d.saveAs(path);
      return path;
    })();
    await Promise.all([
      page.waitForURL(/lab\.html\?.*model=trained/),
      page.locator('attn-train [data-role=open-in-lab]').tap(),
    ]);
    await waitFor(page, () => document.querySelector('attn-lab')?.lab);
    await page.evaluate(() => document.querySelector('attn-lab').ready);
    const en = l === 'en';
    const shown = await page.evaluate(() => {
      const vis = (sel) => {
        const el = document.querySelector(sel);
        return el && el.getClientRects().length ? el.innerText : null;
      };
      const lab = document.querySelector('attn-lab');
      return {
        banner: vis('.model-banner'),
        back: document.querySelector('.model-banner a')?.getAttribute('href'),
        intro: vis('.trained-intro'),
        courseIntro: vis('.lesson-intro:not(.trained-intro)'),
        top: lab.result.run.top5[0],
        layers: lab.lab.config.nLayers,
        slug: document.querySelector('[data-predict]').dataset.predict,
      };
    });
    assert.equal(shown.layers, 2);
    assert.ok(shown.banner, 'a banner says whose model it is');
    assert.match(
      shown.banner,
      en ? /2 layers · 20 steps of training · seed 3/ : /2 层 · 训练 20 步 · 种子 3/,
    );
    assert.match(shown.back, /^lab\.html(\?lang=en)?$/);
    assert.equal(shown.courseIntro, null, "the course model's intro is not shown");
    assert.match(shown.intro, en ? /trained for 20 steps with seed 3/ : /用种子 3 训练了 20 步/);
    assert.equal(shown.slug, 'lab-trained', "its own prediction record, not the course model's");
    await page.screenshot({ path: join(shots, `phone-lab-trained-${l}.png`) });
    // Lock in a guess: the reveal compares it with this model's answer, the widget's own.
    const card = page.locator('[data-predict]');
    await card.locator('input[type=range]').fill('30');
    await card.locator('[data-predict-commit]').tap();
    await waitFor(page, () => !document.querySelector('[data-predict]').dataset.answerPending);
    const reveal = await page.evaluate(() => ({
      compare: document.querySelector('.predict-compare').innerText,
      why: document.querySelector('.predict-why').innerText,
      gate: document.querySelector('[data-predict-gate]').classList.contains('gated'),
    }));
    const share = pct1(shown.top.prob);
    assert.ok(reveal.compare.includes(share), `${reveal.compare} quotes ${share}`);
    assert.ok(reveal.why.includes(share) && reveal.why.includes(shown.top.char), reveal.why);
    assert.equal(reveal.gate, false, 'the widget is open');
    await page
      .locator('.predict-reveal')
      .screenshot({ path: join(shots, `phone-lab-trained-reveal-${l}.png`) });
    // The teacher view's checks say which model they run: the course's, not this one.
    await page.locator('[data-attn-teacher-toggle]').tap();
    const checks = await page.evaluate(
      () => document.querySelector('attn-lab').shadowRoot.querySelector('.checks p')?.textContent,
    );
    assert.match(
      checks,
      en ? /course’s model, not the one you trained/ : /课程的模型，不是你训练的模型/,
    );
    await page.locator('[data-attn-teacher-toggle]').tap();
    // Back to the course's model: the page is the course's again.
    await Promise.all([
      page.waitForURL(/lab\.html(\?lang=en)?$/),
      page.locator('.model-banner a').tap(),
    ]);
    await waitFor(page, () => document.querySelector('attn-lab')?.lab);
    assert.equal(await page.evaluate(() => document.querySelector('.model-banner')), null);
    assert.equal(
      await page.evaluate(() => document.querySelector('attn-lab').updateDetail().trained),
      false,
    );
    await page.close();

    // The same model as a GGUF on the open-model page: a prompt it reads, no <unk> first.
    const om = await open(`open-model.html?lang=${l}`);
    await om.page
      .locator('attn-open-model input[type=file]:not([webkitdirectory])')
      .setInputFiles(gguf);
    await waitFor(om.page, () => {
      const el = document.querySelector('attn-open-model');
      return (el.result && !el.busy) || el.dataset.error;
    });
    const chips = () =>
      om.page.evaluate(() =>
        [
          ...document.querySelector('attn-open-model').shadowRoot.querySelectorAll('.chips .chip'),
        ].map((c) => c.firstChild.textContent),
      );
    const first = await chips();
    assert.ok(first.length > 2, first.join(' '));
    assert.ok(!first.includes('<unk>'), `no <unk> in the opening prompt: ${first.join(' ')}`);
    const note = () =>
      om.page.evaluate(
        () =>
          document.querySelector('attn-open-model').shadowRoot.querySelector('p.stale[role=status]')
            ?.textContent ?? null,
      );
    assert.equal(await note(), null);
    // A prompt the model cannot read says so.
    const opening = await om.page.evaluate(() => document.querySelector('attn-open-model').ran);
    await om.page.locator('attn-open-model input[type=text]').fill('The cat sat on the mat');
    await om.page.locator('attn-open-model button.run').tap();
    await waitFor(
      om.page,
      (ids) => {
        const el = document.querySelector('attn-open-model');
        return el.ran && el.ran.join() !== ids.join() && !el.busy;
      },
      opening,
    );
    assert.match(await note(), en ? /not in the model’s vocabulary/ : /不在模型的词表里/);
    assert.deepEqual([...errors, ...om.errors], []);
    await om.page.close();
  });

/**
 * In the page: every table of the widget `tag` — cut (wider than what shows it), or a column
 * label of one Chinese character not upright.
 */
const clipped = (page, tag) =>
  page.evaluate(async (t) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const root = document.querySelector(t).shadowRoot;
    const vw = document.documentElement.clientWidth;
    const problems = [];
    for (const table of root.querySelectorAll('table')) {
      if (!table.getClientRects().length) continue;
      const r = table.getBoundingClientRect();
      const name = `${t} table.${table.className.split(' ').join('.')}`;
      if (r.right > vw + 0.5) problems.push(`${name} reaches ${Math.round(r.right)} px`);
      const box = table.closest('.scroll');
      if (box && box.scrollWidth > box.clientWidth + 1)
        problems.push(`${name} scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
      for (const label of table.querySelectorAll('th.hm-col .hm-label'))
        if (/^\p{Script=Han}$/u.test(label.textContent.trim()))
          if (getComputedStyle(label).writingMode !== 'horizontal-tb')
            problems.push(`${name}: the label ${label.textContent} is not upright`);
    }
    return problems;
  }, tag);

for (const l of LANGS)
  test(`no table cut at 360 px: lab, open-model, train mid-run (${l})`, async () => {
    const lab = await open(`lab.html?lang=${l}`, { teacher: true });
    for (const panel of await lab.page.locator('attn-lab details.panel summary').all())
      await panel.tap();
    await lab.page.evaluate(() => document.querySelector('attn-lab').ready);
    assert.deepEqual(await clipped(lab.page, 'attn-lab'), []);
    // The sliders above the heatmap never cover its header row: scroll it to the top.
    const cover = await lab.page.evaluate(async () => {
      const root = document.querySelector('attn-lab').shadowRoot;
      const head = root.querySelector('table.heatmap thead');
      scrollBy(0, head.getBoundingClientRect().top - 4);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const h = head.getBoundingClientRect();
      const c = root.querySelector('.controls').getBoundingClientRect();
      return c.bottom > h.top + 1 && c.top < h.bottom - 1;
    });
    assert.equal(cover, false, 'the sliders cover the header row');
    await lab.page.screenshot({ path: join(shots, `phone-lab-heatmap-${l}.png`) });
    assert.deepEqual(lab.errors, []);
    await lab.page.close();

    const om = await open(`open-model.html?lang=${l}`);
    await om.page.locator('attn-open-model [data-role=course-model]').tap();
    await waitFor(om.page, () => {
      const el = document.querySelector('attn-open-model');
      return (el.result && !el.busy) || el.dataset.error;
    });
    assert.deepEqual(await clipped(om.page, 'attn-open-model'), []);
    await om.page.locator('attn-open-model table.heatmap').scrollIntoViewIfNeeded();
    await om.page.screenshot({ path: join(shots, `phone-open-model-${l}.png`) });
    assert.deepEqual(om.errors, []);
    await om.page.close();

    const tr = await open(`train.html?lang=${l}`);
    await tr.page.locator('attn-train #train-steps').fill('400');
    await tr.page.locator('attn-train [data-role=start]').tap();
    await waitFor(tr.page, () => document.querySelector('attn-train').snapshots.length >= 3);
    await tr.page.screenshot({ path: join(shots, `phone-train-mid-run-top-${l}.png`) });
    assert.deepEqual(await clipped(tr.page, 'attn-train'), []);
    await tr.page.locator('attn-train table.heatmap').scrollIntoViewIfNeeded();
    await tr.page.screenshot({ path: join(shots, `phone-train-mid-run-${l}.png`) });
    await tr.page.locator('attn-train [data-role=pause]').tap();
    await waitFor(tr.page, () => document.querySelector('attn-train').state === 'paused');
    assert.deepEqual(await clipped(tr.page, 'attn-train'), [], 'with a row in the runs table');
    assert.deepEqual(tr.errors, []);
    await tr.page.close();
  });

/**
 * In the page: the visible text (the page's and every widget's) that tells a touch screen's
 * student only to click, hover, use the arrow keys or press Ctrl+Enter.
 */
const mouseWords = (page) =>
  page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('*'))
      if (el.localName.startsWith('attn-') && el.shadowRoot)
        texts.push(
          [...el.shadowRoot.children]
            .map((c) => (c instanceof HTMLElement ? c.innerText : ''))
            .join('\n'),
        );
    const bad = [];
    for (const line of texts.join('\n').split('\n')) {
      if (/\b(click|clicks|clicking|hover)\b|Ctrl\+Enter|悬停/i.test(line)) bad.push(line);
      // The arrow keys only beside what a finger does (tap, drag, press a button).
      else if (/arrow keys|方向键/i.test(line) && !/\b(tap|drag|press)|点|拖/i.test(line))
        bad.push(line);
    }
    return bad.map((s) => s.slice(0, 160));
  });

for (const l of LANGS)
  test(`a touch screen is told "tap": every page, teacher view open (${l})`, async () => {
    const pages = ['index', ...course.lessons.map((x) => x.slug)];
    const found = [];
    for (const name of pages) {
      const { page, errors } = await open(`${name}.html?lang=${l}`, { teacher: true });
      assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
      for (const line of await mouseWords(page)) found.push(`${name}: ${line}`);
      assert.deepEqual(errors, [], name);
      await page.close();
    }
    assert.deepEqual(found, []);
  });

test('the first screen is the lesson: the index list first and its first link the course’s first page; lesson 1’s own widget first', async () => {
  const { page, errors } = await open('index.html?lang=en');
  const index = await page.evaluate(() => {
    const list = document.querySelector('ol.lessons');
    const flow = document.querySelector('attn-data-flow');
    return {
      listFirst: !!(list.compareDocumentPosition(flow) & Node.DOCUMENT_POSITION_FOLLOWING),
      first: list.querySelector('a').getAttribute('href'),
      next: document.querySelector('a[rel="next"]').getAttribute('href'),
      tryText: document.querySelector('.guide-try').innerText,
    };
  });
  assert.ok(index.listFirst, 'the lesson list comes before the data-flow widget');
  assert.equal(index.first, `${course.lessons[0].slug}.html?lang=en`);
  assert.equal(index.next, index.first);
  assert.match(
    index.tryText,
    new RegExp(`first page of the list below \\(branch ${course.lessons[0].number}`),
  );
  await page.close();
  const lesson1 = course.lessons.find((x) => x.number === '1');
  const l1 = await open(`${lesson1.slug}.html?lang=en`, { teacher: true });
  const firstWidget = await l1.page.evaluate(
    () =>
      [...document.querySelectorAll('*')].find((e) => e.localName.startsWith('attn-')).localName,
  );
  assert.equal(firstWidget, 'attn-cosine-projection');
  assert.deepEqual([...errors, ...l1.errors], []);
  await l1.page.close();
});

for (const l of LANGS)
  test(`train again keeps the curve before; a seed above 2^53 − 1 is refused (${l})`, async () => {
    const { page, errors } = await open(`train.html?lang=${l}`);
    const w = page.locator('attn-train');
    await w.locator('#train-seed').fill('9007199254740993');
    await w.locator('[data-role=start]').tap();
    const refused = await page.evaluate(() => {
      const el = document.querySelector('attn-train');
      return { state: el.state, error: el.dataset.error ?? null };
    });
    assert.equal(refused.state, 'idle');
    assert.match(refused.error, /9,007,199,254,740,991/);
    await train(page, 10, 2);
    const status = await page.evaluate(
      () => document.querySelector('attn-train').shadowRoot.querySelector('.status').textContent,
    );
    assert.doesNotMatch(status, /WASM|heap|堆/);
    assert.equal(
      await w.locator('[data-role=start]').textContent(),
      l === 'en' ? 'Train again' : '再训练一次',
    );
    await w.locator('#train-kv').selectOption('8');
    await train(page, 10, 2);
    const after = await page.evaluate(() => {
      const el = document.querySelector('attn-train');
      return {
        before: el.previousCurves.length,
        drawn: el.shadowRoot.querySelectorAll('svg.loss-curve polyline.before').length,
        runs: el.runs.length,
      };
    });
    assert.deepEqual(after, { before: 1, drawn: 1, runs: 2 });
    assert.deepEqual(errors, []);
    await page.close();
  });

test('the playground: the change the page suggests (causal: false) changes what it prints', async () => {
  const { page, errors } = await open('playground.html?lang=en', { teacher: true });
  const pg = page.locator('attn-playground');
  const run = async () => {
    await pg.locator('button[data-role="run"]').tap();
    await waitFor(page, () =>
      ['done', 'error', 'timeout'].includes(
        document.querySelector('attn-playground').dataset.status,
      ),
    );
    return pg.locator('pre.out').textContent();
  };
  const before = await run();
  const code = await pg.locator('textarea').inputValue();
  await pg.locator('textarea').fill(code.replace('causal: true', 'causal: false'));
  const after = await run();
  assert.notEqual(after, before);
  // On a phone the editor wraps its lines.
  assert.equal(
    await pg.locator('textarea').evaluate((t) => getComputedStyle(t).whiteSpace),
    'pre-wrap',
  );
  assert.deepEqual(errors, []);
  await page.close();
});
