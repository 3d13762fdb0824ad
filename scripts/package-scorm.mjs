// npm run package:scorm: the chapter as two packages an LMS imports (docs/lms.md), from the built
// dist/ (npm run package:scorm builds it first; `node scripts/package-scorm.mjs` alone expects it):
//   dist-lms/attention-course-scorm12.zip    SCORM 1.2
//   dist-lms/attention-course-scorm2004.zip  SCORM 2004 4th edition
// Each holds imsmanifest.xml (one SCO: every file of the package listed as its resource, the
// mastery score), the launch page scorm.html with attn-lms.js (web/lms/launch.js: the LMS session,
// the course's pages in a frame inside it), and what the course's pages load: the pages, their
// stylesheet, attn-loader.js and every script it can add for the pages' elements, the engine, the
// data, the licences. Nothing else (not the npm package's ES module, types or node engine).
// Options: --out DIR (default dist-lms), --mastery PERCENT (default 80: the final quiz's share of
// items right at the first try that passes).
import { build } from 'esbuild';
import { zipSync, strToU8 } from 'fflate';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scriptsFor } from '../web/loader.js';
import { loaderNamesInHtml } from './page-names.mjs';
import { WIDGET_ELEMENTS } from '../widgets/registry.js';
import { courseOutline } from '../web/lms/outline.js';
import { header, NOTICES_FILE } from './notices.mjs';
import { THREADED_ENGINE_FILES } from './prebuilt.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LAUNCH = 'scorm.html';
export const ADAPTER = 'attn-lms.js';
export const MANIFEST = 'imsmanifest.xml';
/** The zip of each version, in the output folder. */
export const ZIPS = { 1.2: 'attention-course-scorm12.zip', 2004: 'attention-course-scorm2004.zip' };
// Files fetched by a script rather than named in a page (the engine over http; the course's
// model, which <attn-open-model> adds when the student asks for it; its threaded engine, which it
// loads where the LMS serves the page cross-origin isolated).
const FETCHED = ['attn-engine.wasm'];
const ON_REQUEST = {
  'attn-open-model': ['attn-course-model.js', ...THREADED_ENGINE_FILES],
};
// A fixed time for every entry, so the same dist/ gives the same zip.
const MTIME = new Date('2020-01-01T00:00:00Z');

const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

/**
 * The files of dist/ a package needs, in a stable order: the pages, then what they load.
 * @param {string} dist
 * @param {string[]} slugs the lesson pages (lessons.json), besides index.html
 */
export function courseFiles(dist, slugs) {
  const pages = ['index', ...slugs].map((s) => `${s}.html`);
  const tags = new Set();
  const named = new Set(['course.css', 'attn-loader.js', NOTICES_FILE, ...FETCHED]);
  for (const p of pages) {
    if (!existsSync(join(dist, p)))
      throw new Error(`dist/${p} is missing: dist/ is older than course-data/ (npm run build)`);
    const html = readFileSync(join(dist, p), 'utf8');
    for (const n of loaderNamesInHtml(html)) tags.add(n);
    for (const [, ref] of html.matchAll(/\s(?:src|href)="([^"]*)"/g))
      if (!/^([a-z][a-z0-9+.-]*:|#)/i.test(ref)) named.add(ref.split(/[?#]/)[0]);
  }
  const widgetTags = Object.keys(WIDGET_ELEMENTS);
  for (const fromDisk of [true, false])
    for (const f of scriptsFor(tags, { fromDisk, widgetTags })) named.add(f);
  for (const [tag, files] of Object.entries(ON_REQUEST))
    if (tags.has(tag)) for (const f of files) named.add(f);
  const rest = [...named].filter((f) => !pages.includes(f)).sort();
  for (const f of rest)
    if (!existsSync(join(dist, f))) throw new Error(`dist/${f} is missing: run npm run build`);
  return [...pages, ...rest];
}

/** The launch page: the course's pages in a frame (web/lms/launch.js opens the right one). */
function launchPage(title, version) {
  const both = `${title['zh-CN']} · ${title.en}`;
  return `<!doctype html>
<html lang="zh-CN" class="lms-launch">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src 'self' data:">
<title>${esc(both)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="course.css">
</head>
<body>
<iframe data-attn-lms-frame="${version}" title="${esc(both)}"></iframe>
<script src="${ADAPTER}"></script>
</body>
</html>
`;
}

/**
 * imsmanifest.xml of `version`: one organisation, one item (the SCO), one resource listing
 * every file of the package.
 * @param {'1.2' | '2004'} version
 */
export function manifest(version, { title, files, mastery, packageVersion }) {
  const t = esc(`${title['zh-CN']} · ${title.en}`);
  const list = files.map((f) => `      <file href="${esc(f)}"/>`).join('\n');
  if (version === '1.2')
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-course-scorm12" version="${esc(packageVersion)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="attention-course">
    <organization identifier="attention-course">
      <title>${t}</title>
      <item identifier="course-item" identifierref="course" isvisible="true">
        <title>${t}</title>
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="course" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH}">
${list}
    </resource>
  </resources>
</manifest>
`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-course-scorm2004" version="${esc(packageVersion)}"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="attention-course">
    <organization identifier="attention-course">
      <title>${t}</title>
      <item identifier="course-item" identifierref="course" isvisible="true">
        <title>${t}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="final-quiz" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="course" type="webcontent" adlcp:scormType="sco" href="${LAUNCH}">
${list}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * Writes both zips into `out`; returns {zips: {version: path}, files: the files the manifests
 * list (every entry of the zips but imsmanifest.xml itself)}.
 * @param {{ out?: string, dist?: string, mastery?: number }} [options] mastery in percent
 */
export async function packageScorm({
  out = join(root, 'dist-lms'),
  dist = join(root, 'dist'),
  mastery = 80,
} = {}) {
  if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'attn-loader.js')))
    throw new Error('dist/ is not built: run npm run build first (npm run package:scorm does)');
  if (!(mastery >= 0 && mastery <= 100)) throw new Error(`--mastery ${mastery}: a percent, 0–100`);
  const lessons = readJson('course-data/lessons.json');
  const outline = courseOutline(
    lessons,
    readJson('course-data/lesson-guides.json'),
    readJson('course-data/quiz.json'),
    mastery / 100,
  );
  const course = courseFiles(
    dist,
    lessons.lessons.map((l) => l.slug),
  );
  const adapter = await build({
    stdin: {
      contents:
        "import { startLms } from './web/lms/launch.js';\n" +
        `startLms(document, window, ${JSON.stringify(outline)});\n`,
      resolveDir: root,
      sourcefile: 'attn-lms-entry.js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    tsconfigRaw: {},
    write: false,
    logLevel: 'warning',
    banner: { js: header(`${ADAPTER}, the SCORM package's link to the LMS (its launch page)`) },
  });
  const files = [LAUNCH, ADAPTER, ...course, 'LICENSE'];
  const packageVersion = readJson('package.json').version;
  mkdirSync(out, { recursive: true });
  const zips = {};
  for (const version of /** @type {const} */ (['1.2', '2004'])) {
    const entries = {
      [MANIFEST]: strToU8(
        manifest(version, { title: lessons.title, files, mastery, packageVersion }),
      ),
      [LAUNCH]: strToU8(launchPage(lessons.title, version)),
      [ADAPTER]: adapter.outputFiles[0].contents,
      LICENSE: readFileSync(join(root, 'LICENSE')),
    };
    for (const f of course) entries[f] = readFileSync(join(dist, f));
    const zip = zipSync(
      Object.fromEntries(
        Object.entries(entries).map(([f, bytes]) => [f, [bytes, { mtime: MTIME, level: 9 }]]),
      ),
    );
    zips[version] = join(out, ZIPS[version]);
    writeFileSync(zips[version], zip);
  }
  return { zips, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, mastery: { type: 'string' } },
  });
  try {
    const { zips, files } = await packageScorm({
      out: values.out,
      mastery: values.mastery === undefined ? undefined : Number(values.mastery),
    });
    for (const [version, path] of Object.entries(zips))
      console.log(
        `SCORM ${version}: ${path} (${files.length + 1} files, ${(readFileSync(path).length / 1024).toFixed(0)} KiB)`,
      );
  } catch (e) {
    console.error(`package:scorm: ${e.message}`);
    process.exit(1);
  }
}
