// The SCORM package when the LMS fails (issue 41: failure is never data loss). In each case a
// student still commits a prediction and sees it revealed, the progress is kept in this browser
// (localStorage), and the teacher view's line in the page's footer says what happened (students
// do not see it): no API; an API whose every call returns false; LMSGetValue throwing (the LMS's
// copy is left as it is); suspend_data of garbage (replaced); suspend_data of 10 KiB (read,
// written back within SCORM 1.2's 4,096 characters, whole records only); a commit failing (sent
// again at the next change).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from '../helpers/harness.mjs';
import {
  lmsSite,
  openHost,
  prepareLms,
  openPackage,
  follow,
  closeLms,
  cmiOf,
  predict,
} from '../helpers/scorm-host.mjs';
import { decodeSuspendData } from '../../web/lms/suspend-data.js';
import { PROGRESS_KEY } from '../../web/progress.js';

let browser;
let site;
before(async () => {
  browser = await openBrowser();
  site = await lmsSite();
});
after(async () => {
  site?.close();
  await browser?.close();
});

/** The host with this browser's storage empty. */
async function host() {
  const h = await openHost(browser, site.url);
  await h.page.evaluate(() => localStorage.clear());
  return h;
}

/** What the LMS would have saved from another device: a prediction on lesson 6. */
const OTHER_DEVICE = '{"v":1,"at":"06-rope","p":{"06-rope":"b"},"a":{}}';
const at4 = (version) =>
  version === '1.2'
    ? { core: { student_id: 'learner-1', lesson_location: '04-causal-mask.html' } }
    : { learner_id: 'learner-1', location: '04-causal-mask.html' };

/** The student commits lesson 4's prediction (the page keeps working); returns the guess. */
async function predictOn4(frame) {
  if (!frame.url().includes('04-causal-mask'))
    await follow(frame, 'ol.lessons a[href^="04-causal-mask.html"]');
  // Lesson 4's prediction is a choice (does attention know order?); a slider would do too.
  const guess = await predict(frame);
  assert.match(await frame.locator('.predict-compare').innerText(), /./);
  assert.ok(await frame.locator('attn-mask-grid').isVisible(), 'the widget behind the gate');
  return guess;
}

/** This browser's progress (the page's localStorage, shared with the host: one origin). */
async function localProgress(page) {
  return JSON.parse((await page.evaluate((k) => localStorage.getItem(k), PROGRESS_KEY)) ?? 'null');
}

/** The teacher view's LMS line says `re` (English); students do not see the line. */
async function teacherSays(frame, re) {
  const line = frame.locator('.lms-status');
  await frame.waitForFunction(
    (source) =>
      new RegExp(source).test(
        document.querySelector('.lms-status span[lang=en]')?.textContent ?? '',
      ),
    re.source,
  );
  assert.equal(await line.isVisible(), false, 'not in the student view');
  await frame.check('[data-attn-teacher-toggle]');
  assert.ok(await line.isVisible());
  const text = await line.locator('span[lang=en]').textContent();
  assert.match(text, re);
  assert.match(await line.locator('span[lang=zh-CN]').textContent(), /学习平台|平台/);
  await frame.uncheck('[data-attn-teacher-toggle]');
  return text;
}

test('API absent: the course runs as without an LMS, progress kept here, the teacher view says no LMS', async () => {
  const { page, errors } = await host();
  await prepareLms(page, '1.2', { api: false });
  const frame = await openPackage(page, '1.2');
  const guess = await predictOn4(frame);
  assert.deepEqual((await localProgress(page)).predictions['04-causal-mask'], { guess });
  await teacherSays(frame, /no SCORM API found.*kept in this browser only/);
  assert.deepEqual(await page.evaluate(() => window.lmsLog), [], 'nothing called');
  assert.deepEqual(errors, []);
  await page.close();
});

test('every call returns false: the session is not started, progress kept here, the teacher view names the call', async () => {
  const { page, errors } = await host();
  await prepareLms(page, '1.2', { api: false });
  await page.evaluate(() => {
    window.falseCalls = [];
    window.API = new Proxy(
      {},
      {
        get: (_, name) => () => {
          window.falseCalls.push(String(name));
          return false;
        },
      },
    );
  });
  const frame = await openPackage(page, '1.2');
  const guess = await predictOn4(frame);
  assert.deepEqual((await localProgress(page)).predictions['04-causal-mask'], { guess });
  const said = await teacherSays(frame, /did not start the session \(LMSInitialize\(\) → false/);
  assert.match(said, /kept in this browser only/);
  await closeLms(page);
  // Initialise was tried once (with its error calls); nothing was written, nothing terminated.
  const called = await page.evaluate(() => window.falseCalls);
  assert.equal(called.filter((c) => c === 'LMSInitialize').length, 1);
  assert.deepEqual(
    called.filter((c) => /^LMS(SetValue|Commit|Finish)$/.test(c)),
    [],
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('LMSGetValue throws: the LMS’s copy is left as it is, progress kept here, the teacher view says so', async () => {
  const { page, errors } = await host();
  await prepareLms(page, '1.2', { cmi: { ...at4('1.2'), suspend_data: OTHER_DEVICE } });
  await page.evaluate(() => {
    window.API.LMSGetValue = () => {
      throw new Error('the LMS broke');
    };
  });
  const frame = await openPackage(page, '1.2');
  const guess = await predictOn4(frame);
  assert.deepEqual((await localProgress(page)).predictions, { '04-causal-mask': { guess } });
  const said = await teacherSays(
    frame,
    /could not be read \(LMSGetValue\(cmi\.suspend_data\) → threw/,
  );
  assert.match(said, /nothing is written/);
  await closeLms(page);
  const cmi = await cmiOf(page);
  assert.equal(cmi.suspend_data, OTHER_DEVICE, 'the other device’s progress is not written over');
  assert.deepEqual(Object.keys(cmi.interactions), []);
  assert.deepEqual(await page.evaluate(() => window.lmsLog), [
    'LMSInitialize',
    'LMSCommit',
    'LMSFinish',
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const version of ['1.2', '2004'])
  test(`SCORM ${version}: suspend_data of garbage: replaced by this browser’s progress, the teacher view says so`, async () => {
    const { page, errors } = await host();
    const cmi = { ...at4(version), suspend_data: 'garbage{{ not ours }' };
    await prepareLms(page, version, { cmi });
    const frame = await openPackage(page, version);
    assert.match(frame.url(), /04-causal-mask\.html$/);
    const guess = await predictOn4(frame);
    await teacherSays(frame, /not in this course’s format; it is replaced/);
    await page.waitForFunction(() => window.lms.cmi.suspend_data.includes('04-causal-mask'));
    const saved = decodeSuspendData((await cmiOf(page)).suspend_data);
    assert.equal(saved.error, '');
    assert.deepEqual(saved.progress.predictions, { '04-causal-mask': { guess } });
    assert.deepEqual((await localProgress(page)).predictions, { '04-causal-mask': { guess } });
    await closeLms(page);
    assert.deepEqual(errors, []);
    await page.close();
  });

test('suspend_data of 10 KiB: read and merged, written back within 4,096 characters in whole records', async () => {
  const { page, errors } = await host();
  // Our format, 10 KiB: lesson 6's prediction and answers to 400 questions the course lacks.
  const rec = ['a', 1];
  const big = {
    v: 1,
    at: '04-causal-mask',
    p: { '06-rope': 'b' },
    a: { quiz: Object.fromEntries([...Array(400)].map((_, i) => [`retired-item-${i}`, rec])) },
  };
  const text = JSON.stringify(big);
  assert.ok(text.length >= 10240, `${text.length}`);
  await prepareLms(page, '1.2', { cmi: { ...at4('1.2'), suspend_data: text } });
  const frame = await openPackage(page, '1.2');
  const guess = await predictOn4(frame);
  await teacherSays(frame, /over SCORM 1\.2’s size limit: \d+ records are kept/);
  await page.waitForFunction(() => window.lms.cmi.suspend_data.includes('04-causal-mask":"'));
  const written = (await cmiOf(page)).suspend_data;
  assert.ok(written.length <= 4096, `${written.length} characters`);
  const saved = decodeSuspendData(written);
  assert.equal(saved.error, '');
  // Whole records only: what is kept is as it was; the two predictions kept, retired items went.
  assert.deepEqual(saved.progress.predictions, {
    '04-causal-mask': { guess },
    '06-rope': { guess: 'b' },
  });
  const kept = Object.keys(saved.progress.answers.quiz);
  for (const id of kept)
    assert.deepEqual(saved.progress.answers.quiz[id], {
      answer: 'a',
      correct: true,
      tries: 1,
      firstAnswer: 'a',
      firstCorrect: true,
    });
  // The note follows the last write (the prediction made one more record go): the records it
  // says are kept here only are the ones that write left out.
  await frame.waitForFunction(
    (n) =>
      (document.querySelector('.lms-status span[lang=en]')?.textContent ?? '').includes(
        `limit: ${n} records are kept`,
      ),
    400 - kept.length,
  );
  // This browser keeps everything, the LMS's records included.
  const local = await localProgress(page);
  assert.equal(Object.keys(local.answers.quiz).length, 400);
  assert.deepEqual(local.predictions['06-rope'], { guess: 'b' });
  // Lesson 6 shows the prediction made on the other device.
  await follow(frame, 'a.course-home');
  await follow(frame, 'ol.lessons a[href^="06-rope.html"]');
  assert.equal(await frame.locator('.predict').getAttribute('data-state'), 'revealed');
  await closeLms(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('commit failing: progress kept here, the teacher view says so, the next change sends it all', async () => {
  const { page, errors } = await host();
  await prepareLms(page, '1.2', { cmi: at4('1.2') });
  await page.evaluate(() => {
    const api = window.API;
    const commit = api.LMSCommit.bind(api);
    const lastError = api.LMSGetLastError.bind(api);
    window.commitFails = true;
    window.committed = null;
    api.LMSCommit = (arg) => {
      if (window.commitFails) {
        window.failedError = '101';
        return 'false';
      }
      window.failedError = null;
      const ok = commit(arg);
      window.committed = JSON.parse(JSON.stringify(api.cmi));
      return ok;
    };
    api.LMSGetLastError = () => window.failedError ?? lastError();
  });
  const frame = await openPackage(page, '1.2');
  const guess = await predictOn4(frame);
  await teacherSays(frame, /last save did not go through \(LMSCommit\(\) → false, error 101/);
  assert.deepEqual((await localProgress(page)).predictions['04-causal-mask'], { guess });
  assert.equal(await page.evaluate(() => window.committed), null);
  // The LMS recovers; the next change (an answer to the page's check) commits everything.
  await page.evaluate(() => (window.commitFails = false));
  const quiz = frame.locator('attn-quiz');
  await quiz.evaluate((el) => el.ready);
  const first = quiz.locator('fieldset[data-q]').first();
  const id = await first.getAttribute('data-q');
  await first.locator('input').first().check();
  await first.locator('[data-role="check"]').click();
  await page.waitForFunction(() => window.committed !== null);
  await teacherSays(frame, /progress, completion and the quiz score are reported/);
  const saved = decodeSuspendData((await page.evaluate(() => window.committed)).suspend_data);
  assert.deepEqual(saved.progress.predictions, { '04-causal-mask': { guess } });
  assert.deepEqual(Object.keys(saved.progress.answers['04-causal-mask']), [id]);
  await closeLms(page);
  assert.deepEqual(errors, []);
  await page.close();
});
