// npm run package:scorm (scripts/package-scorm.mjs) on the built dist/: two zips, SCORM 1.2 and
// 2004 4th edition, whose manifest lists exactly the zip's files; every file a page names or
// the loader can add is in the package, nothing outside it is named, nothing else is shipped;
// the mastery score in each version's form; the same dist/ gives the same bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { packageScorm, ZIPS, LAUNCH, ADAPTER, MANIFEST } from '../../scripts/package-scorm.mjs';
import { scriptsFor } from '../../web/loader.js';
import { WIDGET_ELEMENTS } from '../../widgets/registry.js';
import { readJson } from '../helpers/fixture.mjs';

let dir;
let built;
/** @type {Record<string, Record<string, Uint8Array>>} version → entry → bytes */
const zips = {};
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'attn-scorm-package-'));
  built = await packageScorm({ out: join(dir, 'a') });
  for (const [version, path] of Object.entries(built.zips))
    zips[version] = unzipSync(readFileSync(path));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const text = (version, name) => strFromU8(zips[version][name]);
const manifestFiles = (xml) => [...xml.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);

/** Element tags of an XML text balance (a small well-formedness check; the browser test parses). */
function balanced(xml) {
  const stack = [];
  for (const [tag, close, name, selfClose] of xml
    .replace(/<\?[^>]*\?>/, '')
    .matchAll(/<(\/?)([\w:]+)(?:\s[^<>]*?)?(\/?)>/g)) {
    if (selfClose) continue;
    if (close) assert.equal(stack.pop(), name, `unbalanced at ${tag}`);
    else stack.push(name);
  }
  return stack.length === 0;
}

test('two zips, named by version, in the output folder', () => {
  assert.deepEqual(Object.keys(built.zips).sort(), ['1.2', '2004']);
  for (const [version, path] of Object.entries(built.zips)) assert.ok(path.endsWith(ZIPS[version]));
});

test('the manifest lists every file of the zip, and nothing the zip lacks', () => {
  for (const version of ['1.2', '2004']) {
    const entries = Object.keys(zips[version]);
    assert.ok(entries.includes(MANIFEST));
    const listed = manifestFiles(text(version, MANIFEST));
    assert.equal(new Set(listed).size, listed.length, 'each file once');
    assert.deepEqual([...listed].sort(), entries.filter((e) => e !== MANIFEST).sort(), version);
    assert.deepEqual(listed, built.files);
    for (const e of entries) assert.match(e, /^[\w.-]+(\/[\w.-]+)*$/, `${e}: inside the package`);
  }
});

test('SCORM 1.2 manifest: ADL SCORM 1.2, one SCO launched by scorm.html, mastery score 80', () => {
  const xml = text('1.2', MANIFEST);
  assert.ok(balanced(xml));
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  assert.match(xml, /xmlns="http:\/\/www\.imsproject\.org\/xsd\/imscp_rootv1p1p2"/);
  assert.match(xml, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(xml, /<manifest identifier="attention-course-scorm12" version="\d+\.\d+\.\d+"/);
  assert.match(xml, /<organizations default="attention-course">/);
  assert.match(xml, /<item identifier="course-item" identifierref="course"/);
  assert.match(xml, /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.match(
    xml,
    /<resource identifier="course" type="webcontent" adlcp:scormtype="sco" href="scorm\.html">/,
  );
  assert.equal([...xml.matchAll(/<resource /g)].length, 1, 'one SCO');
});

test('SCORM 2004 manifest: 4th edition, one SCO, the mastery score as the objective’s measure', () => {
  const xml = text('2004', MANIFEST);
  assert.ok(balanced(xml));
  assert.match(xml, /xmlns="http:\/\/www\.imsglobal\.org\/xsd\/imscp_v1p1"/);
  assert.match(xml, /<schemaversion>2004 4th Edition<\/schemaversion>/);
  assert.match(xml, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_v1p3"/);
  assert.match(xml, /satisfiedByMeasure="true"/);
  assert.match(xml, /<imsss:minNormalizedMeasure>0\.8<\/imsss:minNormalizedMeasure>/);
  assert.match(xml, /adlcp:scormType="sco" href="scorm\.html"/);
});

test('the package holds what the pages load and nothing else', () => {
  const entries = new Set(Object.keys(zips['1.2']));
  const lessons = readJson('course-data/lessons.json');
  const pages = ['index', ...lessons.lessons.map((l) => l.slug)].map((s) => `${s}.html`);
  for (const p of pages) assert.ok(entries.has(p), p);
  const widgetTags = Object.keys(WIDGET_ELEMENTS);
  for (const p of [...pages, LAUNCH]) {
    const html = text('1.2', p);
    for (const [, tag, ref] of html.matchAll(/<([a-z]+)(?:\s[^>]*?)?\s(?:src|href)="([^"]*)"/g)) {
      if (/^(data:|#)/.test(ref)) continue;
      // The summary's reading list links out to explainers and papers (the page says they need a
      // connection): a link a student may follow, not something the page loads.
      if (tag === 'a' && /^https:\/\//.test(ref)) continue;
      assert.doesNotMatch(ref, /^[a-z]+:|^\/|\.\./i, `${p}: ${ref} stays in the package`);
      assert.ok(entries.has(ref.split(/[?#]/)[0]), `${p} names ${ref}`);
    }
    const tags = new Set([...html.matchAll(/<(attn-[a-z-]+)/g)].map((m) => m[1]));
    for (const fromDisk of [true, false])
      for (const f of scriptsFor(tags, { fromDisk, widgetTags }))
        assert.ok(entries.has(f), `${p} loads ${f}`);
  }
  for (const f of ['attn-engine.wasm', 'attn-course-model.js', ADAPTER, 'LICENSE'])
    assert.ok(entries.has(f), f);
  assert.ok(entries.has('THIRD-PARTY-NOTICES.txt'), 'the licences of what the scripts bundle');
  // Not for the pages: the npm package's one-script bundle and ES module, node's engine, types.
  for (const f of entries)
    assert.doesNotMatch(
      f,
      /^(attn-widgets\.m?js|attn-engine\.js|package\.json|custom-elements\.json)$|\.d\.m?ts$/,
    );
  assert.match(text('1.2', ADAPTER), /^\/\*! attn-lms\.js, .* Licence: MIT/);
});

test('the launch page frames the course under a strict policy; the versions differ only where they must', () => {
  for (const version of ['1.2', '2004']) {
    const html = text(version, LAUNCH);
    assert.match(html, new RegExp(`<iframe data-attn-lms-frame="${version}" title="[^"]+">`));
    assert.match(html, /script-src 'self'; style-src 'self'; frame-src 'self'/);
    assert.doesNotMatch(html, /unsafe-/);
  }
  const differ = Object.keys(zips['1.2']).filter(
    (f) => Buffer.compare(zips['1.2'][f], zips['2004'][f]) !== 0,
  );
  assert.deepEqual(differ.sort(), [MANIFEST, LAUNCH].sort());
});

test('the same dist/ gives the same zips; --mastery sets the score in both forms', async () => {
  const again = await packageScorm({ out: join(dir, 'b'), mastery: 65 });
  const b12 = unzipSync(readFileSync(again.zips['1.2']));
  assert.match(strFromU8(b12[MANIFEST]), /<adlcp:masteryscore>65<\/adlcp:masteryscore>/);
  assert.match(
    strFromU8(unzipSync(readFileSync(again.zips['2004']))[MANIFEST]),
    /<imsss:minNormalizedMeasure>0\.65<\/imsss:minNormalizedMeasure>/,
  );
  // The adapter carries the mastery too; everything but it and the manifest is byte-identical.
  for (const f of Object.keys(b12))
    if (f !== MANIFEST && f !== ADAPTER) assert.equal(Buffer.compare(b12[f], zips['1.2'][f]), 0, f);
  const same = await packageScorm({ out: join(dir, 'c') });
  for (const v of ['1.2', '2004'])
    assert.equal(
      Buffer.compare(readFileSync(same.zips[v]), readFileSync(built.zips[v])),
      0,
      `${v}: reproducible`,
    );
});

test('without a built dist/ it says to build first', async () => {
  await assert.rejects(
    packageScorm({ out: join(dir, 'd'), dist: join(dir, 'no-dist') }),
    /dist\/ is not built: run npm run build first/,
  );
  await assert.rejects(packageScorm({ out: join(dir, 'e'), mastery: 120 }), /--mastery 120/);
});
