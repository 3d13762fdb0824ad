// Predictions worth making (web/predict.js, the `predict` blocks of lesson-guides.json, rendered
// by scripts/lesson-guide.mjs): "close" by relative error, never by a share of the slider's range
// (the review's M3: 3.0 against 2.01 was "close"); a guess on the misconception a lesson exists
// for is named as that misconception (lesson 3's proportional split); the build refuses a slider
// that starts on the answer (B1's) and a misconception close to the answer; each redesigned
// choice's answer agrees with the engine.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { judge, matches, formatGuess, CLOSE_RELATIVE } from '../../web/predict.js';
import { printedNumber, renderPredict } from '../../scripts/lesson-guide.mjs';
import { factsFor, bindDoc } from '../../scripts/prose-facts.mjs';
import { pronounRow } from '../../widgets/library-analogy/logic.js';
import { runtime, readJson } from '../helpers/fixture.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const raw = readJson('course-data/lesson-guides.json');
let guides, rt;
before(async () => {
  guides = bindDoc(raw, await factsFor(root, [raw]));
  rt = await runtime();
});
const predictOf = (slug) => guides[slug].predict;

test('close means within a tenth of the answer, whatever the slider’s range', () => {
  assert.equal(CLOSE_RELATIVE, 0.1);
  assert.deepEqual(judge(26, 24.5), { diff: -1.5, close: true });
  assert.equal(judge(33, 24.5).close, false); // 35% off: the proportional guess is not close
  assert.equal(judge(3.0, 2.01).close, false); // M3: 49% off on lesson 2's slider of −7…7
  assert.equal(judge(1.0, 2.01).close, false);
  assert.equal(judge(1.9, 2.01).close, true);
  assert.equal(judge(4096, 4095).close, true); // B1: off by one in four thousand
  assert.equal(judge(40, 64.3, { relative: 0.5 }).close, true);
  assert.equal(judge(1, 0, { step: 1 }).close, false);
  assert.equal(judge(0, 0, { step: 1 }).close, true);
});

test('a guess is named as a misconception only on its value, to the slider’s step (round 6)', () => {
  assert.ok(matches(33, 33.3, 1)); // lesson 3: the proportional 33.3% on an integer slider
  assert.ok(!matches(34, 33.3, 1) && !matches(32, 33.3, 1) && !matches(30, 33.3, 1));
  // B1: attention's 1; a 0 or a 2 is another guess, not "1: …"
  assert.ok(matches(1, 1, 1) && !matches(0, 1, 1) && !matches(2, 1, 1));
  assert.ok(matches(100, 100, 1) && !matches(95, 100, 1) && !matches(99, 100, 1)); // the lab
  // lesson 2: |q||k| = 6.63 on a slider of tenths
  assert.ok(matches(6.6, 6.63, 0.1) && !matches(6.7, 6.63, 0.1) && !matches(6.5, 6.63, 0.1));
});

test('a guess is written with the step’s decimals, grouped, a real minus and its unit', () => {
  assert.equal(formatGuess(40, 1, '%'), '40%');
  assert.equal(formatGuess(4095, 1, ''), '4,095');
  assert.equal(formatGuess(-0.3, 0.01, ''), '−0.30');
  assert.equal(formatGuess(7.5, 1, '', 1), '7.5');
  assert.equal(formatGuess(2, 0.1, ''), '2.0');
});

const text = (t) => ({ 'zh-CN': t, en: t });
const number = {
  prompt: text('How much, do you think?'),
  kind: 'number',
  answer: text('32.5%'),
  min: 0,
  max: 100,
  step: 1,
  unit: '%',
  explain: text('Because it is so.'),
};

test('the build reads a printed fact’s first number and refuses an answer outside the slider or not an option', () => {
  assert.equal(printedNumber('32.5%'), 32.5);
  assert.equal(printedNumber('4,095'), 4095);
  assert.equal(printedNumber('−0.12'), -0.12);
  assert.equal(printedNumber('24.5% / 9.0% / 66.5%'), 24.5);
  assert.throws(() => printedNumber('none'), /no number/);
  assert.throws(
    () => renderPredict('x', { ...number, max: 30 }),
    /x\.predict: the answer 32\.5 is outside \[0, 30\]/,
  );
  const html = renderPredict('x', number);
  assert.match(html, /data-answer="32.5"/);
  assert.match(html, /data-close="0.1"/);
  assert.match(html, /<input type="range" min="0" max="100" step="1" value="50"/);
  const choice = {
    prompt: text('Which one, do you think?'),
    kind: 'choice',
    answer: text('c'),
    options: [
      { id: 'a', text: text('this') },
      { id: 'b', text: text('that') },
    ],
    explain: text('Because it is so.'),
  };
  assert.throws(() => renderPredict('y', choice), /y\.predict: the answer "c" is not an option/);
  assert.match(
    renderPredict('y', { ...choice, answer: text('b') }),
    /data-answer-zh="that" data-answer-en="that" data-answer="b"/,
  );
  assert.throws(
    () =>
      renderPredict('y', {
        ...choice,
        answer: text('b'),
        options: [choice.options[0], { ...choice.options[1], why: text('It is not this one.') }],
      }),
    /the right option "b" has a why or a misconception/,
  );
});

test('the build refuses a slider that starts close to the answer, and a misconception close to it', () => {
  assert.throws(
    () => renderPredict('b1', { ...number, answer: text('4,095'), max: 8192 }),
    /b1\.predict: the slider starts at 4096, close to the answer 4095/,
  );
  assert.match(
    renderPredict('b1', { ...number, answer: text('4,095'), max: 8192, start: 0 }),
    /value="0"/,
  );
  const m = (v) => ({
    value: text(v),
    myth: text(`${v}: split in proportion to the scores`),
    text: text('Softmax looks at differences, not ratios.'),
  });
  assert.throws(
    () => renderPredict('x', { ...number, misconceptions: [m('30%')] }),
    /the misconception 30 is close to the answer 32\.5/,
  );
  const html = renderPredict('x', { ...number, misconceptions: [m('45%')] });
  assert.match(html, /<p class="predict-misconception" data-match="45" hidden>/);
  assert.match(html, /A common misconception:/);
  const { myth, ...noMyth } = m('45%');
  assert.ok(myth);
  assert.throws(
    () => renderPredict('x', { ...number, misconceptions: [noMyth] }),
    /the misconception 45 has no myth to quote/,
  );
});

test('a slider’s misconception is quoted as the myth, then corrected after “In fact”, as a choice’s is (round 6)', () => {
  // R2-A10's template for choices: the label right before a true fact read as if the fact were
  // the myth ("A common misconception: 1 is attention's path…" on B1).
  let sliders = 0;
  for (const slug of Object.keys(guides).filter((s) => guides[s].predict?.kind === 'number')) {
    const p = predictOf(slug);
    const html = renderPredict(slug, p);
    for (const m of p.misconceptions ?? []) {
      sliders++;
      // the label, the myth quoted in each language, then the correction after "In fact"
      // (a space after each label and the quote in English only: round 6's readers)
      const at = `<p class="predict-misconception" data-match="${printedNumber(m.value.en)}" hidden>`;
      const zh = `<span lang="zh-CN"><strong>常见的误解：</strong>「${m.myth['zh-CN']}」。<strong>其实：</strong>`;
      const en = `<span lang="en"><strong>A common misconception:</strong> “${m.myth.en}”. <strong>In fact:</strong> `;
      const start = html.indexOf(at);
      assert.ok(start >= 0, `${slug}: ${at}`);
      const note = html.slice(start, html.indexOf('</p>', start));
      assert.ok(note.startsWith(at + zh), `${slug}: ${note}`);
      assert.ok(note.includes(`</span>${en}`), `${slug}: ${note}`);
      // the myth quotes the value the guess lands on, first
      assert.ok(m.myth.en.startsWith(m.value.en), `${slug}: ${m.myth.en}`);
      assert.ok(m.myth['zh-CN'].startsWith(m.value['zh-CN']), `${slug}: ${m.myth['zh-CN']}`);
    }
  }
  assert.ok(sliders >= 7, `${sliders} slider misconceptions`);
});

test('every prediction of the course renders; no slider starts close to its answer', () => {
  const slugs = Object.keys(guides).filter((s) => guides[s].predict);
  assert.ok(slugs.includes('heatmap'), 'the heatmap page has a prediction');
  assert.equal(slugs.length, 15);
  for (const slug of slugs) {
    const p = predictOf(slug);
    const html = renderPredict(slug, p);
    if (p.kind !== 'number') continue;
    const start = Number(html.match(/type="range"[^>]* value="([^"]+)"/)[1]);
    const answer = printedNumber(p.answer.en);
    assert.equal(
      judge(start, answer, { step: p.step }).close,
      false,
      `${slug}: starts at ${start}`,
    );
  }
  assert.equal(predictOf('b1-rnn-vs-attention').start, 0);
});

test('lesson 3 names the proportional split, computed by the engine, and never calls it close', () => {
  const p = predictOf('03-softmax-and-scaling');
  const scores = rt.world.scoreExamples.dialog.scores;
  const split = 100 * rt.engine.proportionalSplit(scores)[0];
  const answer = 100 * rt.engine.softmax(scores).weights[0];
  const named = p.misconceptions.map((m) => printedNumber(m.value.en));
  assert.ok(
    named.some((v) => Math.abs(v - split) < 0.05),
    `${named} has ${split}`,
  );
  assert.ok(matches(33, named[0], p.step), 'a guess of 33 is the proportional split');
  assert.equal(judge(33, answer).close, false);
  // W1: the reveal no longer calls the gut guess 40/30/30 "proportional"
  assert.match(
    p.explain.en,
    /not the gut-feel 40% \/ 30% \/ 30%, nor the proportional 33\.3% \/ 29\.2% \/ 37\.5%/,
  );
});

test('the redesigned predictions: lesson 4 asks whether attention knows order, lessons 5 and 7 a concept, each answer agreeing with the engine', () => {
  // lesson 4: without a mask the 给了 row does put weight on 小王
  const l4 = predictOf('04-causal-mask');
  assert.equal(l4.kind, 'choice');
  assert.doesNotMatch(l4.prompt.en, /how much/i);
  assert.ok(l4.options.find((o) => o.misconception)?.id !== l4.answer.en);
  assert.match(l4.explain.en, /puts 32\.5% on 小王/);
  // lesson 5: not the cosine lesson 1 already shows as the thing to guess
  const l5 = predictOf('05-values');
  assert.equal(l5.kind, 'choice');
  assert.doesNotMatch(l5.prompt.en, /cosine/);
  assert.match(l5.explain.en, /cosine 0\.995.*cosine only 0\.094/);
  // lesson 7: no "at most"; each head its own 100%
  const l7 = predictOf('07-multi-head');
  assert.equal(l7.kind, 'choice');
  assert.doesNotMatch(`${l7.prompt.en} ${l7.prompt['zh-CN']}`, /at most|最多/);
  assert.match(l7.explain.en, /Head A puts 89\.5% on Xiaoming and head B 77\.0% on apple/);
});

test('the heatmap page’s prediction: the row of it moves to street, as the engine computes', () => {
  const p = predictOf('heatmap');
  const right = p.options.find((o) => o.id === p.answer.en).text.en;
  for (const [world, top] of [
    ['en-animal-tired', 'animal'],
    ['en-animal-wide', 'street'],
  ]) {
    const r = pronounRow(rt, world);
    const argmax = r.weights.indexOf(Math.max(...r.weights));
    assert.equal(r.w.tokens[argmax], top, world);
  }
  assert.equal(right, 'street');
  assert.ok(
    p.options.some((o) => o.misconception),
    'the “same word, same row” guess is named',
  );
});

test('the lab’s prediction: its answer is a fact the page can recompute, 100% named, no hand rows (M10)', () => {
  const p = raw.lab.predict;
  assert.equal(p.answer.en, '{{lab-top1-share}}');
  assert.deepEqual(
    p.misconceptions.map((m) => m.value.en),
    ['100%'],
  );
  for (const lang of ['zh-CN', 'en']) assert.doesNotMatch(p.explain[lang], /手工|hand-made/);
  assert.match(predictOf('lab').explain.en, /Its first choice is “小” at 64\.3%; then come “爸”/);
});

test('each prediction’s texts are written in their language: English glosses or quotes its Chinese tokens', () => {
  for (const [slug, guide] of Object.entries(raw)) {
    const p = guide.predict;
    if (!p) continue;
    const texts = [
      p.prompt,
      p.explain,
      ...(p.options ?? []).flatMap((o) => [o.text, o.why].filter(Boolean)),
      ...(p.misconceptions ?? []).flatMap((m) => [m.myth, m.text]),
    ];
    for (const t of texts) {
      const en = t.en
        .replace(/\$[^$]*\$/g, ' ')
        .replace(/“[^”]*”/g, '')
        .replace(/\p{Script=Han}+ \([A-Za-z][^)]*\)/gu, '');
      assert.doesNotMatch(en, /\p{Script=Han}|[「」、，。]/u, `${slug}: ${t.en}`);
      assert.match(t['zh-CN'], /\p{Script=Han}|^[\w\s./%{}-]+$/u, `${slug}: ${t['zh-CN']}`);
    }
  }
});
