// Builds the web side of dist/ (the engine, dist/attn-engine.js, and the course engine,
// build-wasm/attn-course-engine.js, are built by CMake first):
//   dist/attn-engine.wasm  the course engine's WebAssembly, taken out of Emscripten's single
//                          file: a page served over http fetches and compiles it
//                          (web/engine-wasm.js);
//   dist/attn-engine-wasm.js  the same gzip-compressed, as base64 in a classic script, for a
//                          page opened from disk (which cannot fetch).
//                          Both in WebAssembly's standard exception handling (try_table,
//                          exnref), translated from the legacy form Emscripten 3.1.6 emits by
//                          binaryen's wasm-opt; dist/attn-engine-legacy.wasm and
//                          attn-engine-wasm-legacy.js keep the legacy form for a browser without
//                          exnref (web/wasm-features.js), fetched or added only there.
//   dist/attn-core.js      what every course page needs: the engine's glue, the course data,
//                          web/ and the runtime;
//   dist/widgets/<name>.js one classic script per course widget, on attn-core.js's code: a page
//                          carries only the widgets it shows.
//   dist/attn-widgets.js   one classic script: the engine's glue + data + runtime + every widget,
//                          for a page that includes it by hand (its WebAssembly as above).
//   dist/attn-widgets.mjs  the same as a self-contained ES module (WebAssembly inline), for sites
//                          that bundle.
//   dist/attn-playground.js  a second classic script, only for pages with <attn-playground>:
//                          the source of that cell's Web Worker (the engine's glue + the runner;
//                          it instantiates the module the page compiled) as one string.
//   dist/attn-lab-data.js  a second classic script, only for the lab page: the trained model
//                          (course-data/lab-model.bin, base64) and its three exports
//                          (c3-attention.json, kv-heads-ablation.json, hybrid-ablation.json) as
//                          globalThis.AttnLabData,
//                          because a file:// page cannot fetch them.
//   dist/attn-open-model.js  a second classic script, only for pages with <attn-open-model>:
//                          that element, the model-file readers, the tokenizer library
//                          (@huggingface/tokenizers) and the whole engine (dist/attn-engine.js's
//                          module, gzip-compressed, standard exception handling: the course
//                          engine has no open-model bindings), on a runtime of its own
//                          (widgets/open-model/runtime.js: no course data, no schema validators);
//                          dist/attn-open-model-wasm-legacy.js its legacy form, added only in a
//                          browser without exnref.
//   dist/attn-engine-threads.js, .wasm, .worker.js  the whole engine linked with pthreads, for
//                          <attn-open-model> on a page served cross-origin isolated
//                          (web/engine-threads.js); elsewhere the element keeps the engine above.
//   dist/attn-train.js     a second classic script, only for pages with <attn-train>: that
//                          element and the source of its Web Worker (the trainer's own WASM
//                          module, build-wasm/attn-trainer.js, and the training text: the
//                          fortunes-zh files tang300 and song100, GPL-3.0+) as one string.
//   dist/attn-quiz-final.js  the questions only the final quiz asks (globalThis.AttnQuizFinal):
//                          dist/widgets/quiz.js holds a page's check questions alone
//                          (widgets/quiz/quiz-data.js), the loader adds this beside a final quiz.
//   dist/attn-loader.js    a small classic script (web/loader.js) that adds the scripts above
//                          to a page only where its attn-* elements need them; every course
//                          page loads it and nothing else.
//   dist/<lesson>.html     one page per lesson of course-data/lessons.json, plus index.html
//                          (scripts/pages.mjs).
//   dist/attn-widgets.d.mts  the elements' types (scripts/element-types.mjs), for TypeScript sites.
//   dist/THIRD-PARTY-NOTICES.txt  the licences of what the scripts bundle (scripts/notices.mjs),
//                          from esbuild's metafiles; every script's first comment names it.
// The JSON Schema validators the pages use are source (web/generated/, scripts/generate.mjs).
import { build } from 'esbuild';
import Ajv from 'ajv';
import {
  mkdirSync,
  readFileSync,
  writeFileSync,
  copyFileSync,
  readdirSync,
  statSync,
  existsSync,
  unlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  header,
  noticesText,
  NOTICES_FILE,
  LAB_DATA_LICENCE,
  TRAIN_TEXT_LICENCE,
} from './notices.mjs';
import { writeElementTypes } from './element-types.mjs';
import { checkTeachingWorld, checkModels } from '../web/runtime.js';
import { labModelGguf, GGUF_NAME } from './export-lab-model.mjs';
import { THREADED_ENGINE_FILES } from './prebuilt.mjs';
import { TRAIN_TEXT_FILES } from '../widgets/train/logic.js';
import { EXNREF_PROBE } from '../web/wasm-features.js';
import { WIDGET_ELEMENTS } from '../widgets/registry.js';
import { writePages } from './pages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const gen = join(root, 'gen');
mkdirSync(dist, { recursive: true });
mkdirSync(gen, { recursive: true });

// dist/attn-engine.js is Emscripten's CommonJS; keep it so in node even inside a "type": "module"
// tree.
writeFileSync(join(dist, 'package.json'), '{"type": "commonjs"}\n');

const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
// The engine's API types beside the engine (dist/attn-engine.js is CMake's; the types are ours),
// for sites that use dist/attn-engine.js.
copyFileSync(join(root, 'web/attn-engine.d.ts'), join(dist, 'attn-engine.d.ts'));

const common = {
  entryPoints: [join(root, 'scripts/entries/attn-widgets.js')],
  bundle: true,
  minify: true,
  target: ['chrome100', 'firefox100', 'safari15'],
  loader: { '.json': 'json' },
  // Emscripten's node branch requires these; in a browser that branch never runs.
  external: ['fs', 'path', 'crypto'],
  logLevel: 'warning',
  legalComments: 'none',
  // Text as UTF-8, not \uXXXX escapes: the course's Chinese takes 3 bytes a character instead
  // of 6. The loader marks the scripts it adds as UTF-8 (web/loader.js), so they read right on
  // a host page of any encoding.
  charset: 'utf8',
  // tsconfig.json is for type checking only: esbuild would otherwise read it (its strict /
  // alwaysStrict put "use strict" over the whole bundle, Emscripten's engine included).
  tsconfigRaw: {},
  metafile: true,
  absWorkingDir: root, // metafile inputs are relative to it
};
// The engine is Emscripten's output, copied by build.sh; it gets the same first comment.
const enginePath = join(dist, 'attn-engine.js');
const engineHeader = header('attn-engine.js, the attention engine (C++ compiled by Emscripten)');
const engineJs = readFileSync(enginePath, 'utf8');
if (!engineJs.startsWith(engineHeader)) writeFileSync(enginePath, `${engineHeader}\n${engineJs}`);

/**
 * Emscripten's SINGLE_FILE output taken apart (web/engine-wasm.js says why): the glue with its
 * inline module replaced by the file name `wasmName`, and the module's bytes.
 */
function splitInlineWasm(js, file, wasmName) {
  const DATA_URI = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/g;
  const found = [...js.matchAll(DATA_URI)];
  if (found.length !== 1)
    throw new Error(`${file}: expected one inline WASM module, found ${found.length}`);
  return {
    glue: js.replace(DATA_URI, JSON.stringify(wasmName)),
    wasm: Buffer.from(found[0][1], 'base64'),
  };
}
const gzipBase64 = (bytes) => gzipSync(bytes, { level: 9 }).toString('base64');

/**
 * `legacy` (Emscripten 3.1.6's -fwasm-exceptions output: try / catch / delegate) in the standard
 * exception handling (try_table / exnref), by binaryen's wasm-opt --translate-to-exnref and no
 * other pass, so both forms compute the same; kept in gen/ by the legacy bytes' hash (a
 * translation takes seconds, a bundle runs on every test stage).
 */
const translated = new Set();
// The features the modules use (Emscripten 3.1.6, -msimd128 -fwasm-exceptions) and the ones the
// translation needs (exnref; blocks of a value and its exnref), no more: with --all-features
// binaryen 132 writes newer encodings (compact imports) that Chromium 156 refuses.
const EXNREF_ARGS = [
  ...[
    'exception-handling',
    'reference-types',
    'multivalue',
    'simd',
    'sign-ext',
    'mutable-globals',
    'nontrapping-float-to-int',
    'bulk-memory',
  ].map((f) => `--enable-${f}`),
  '--translate-to-exnref',
];
function standardEh(legacy) {
  const key = createHash('sha256')
    .update(legacy)
    .update(EXNREF_ARGS.join(' '))
    .digest('hex')
    .slice(0, 16);
  const out = join(gen, `exnref-${key}.wasm`);
  translated.add(out);
  if (existsSync(out)) return readFileSync(out);
  const input = join(gen, `legacy-${key}.wasm`);
  writeFileSync(input, legacy);
  const wasmOpt = join(root, 'node_modules/binaryen/bin/wasm-opt');
  const r = spawnSync(process.execPath, [wasmOpt, input, ...EXNREF_ARGS, '-o', `${out}.tmp`], {
    encoding: 'utf8',
  });
  unlinkSync(input);
  if (r.status !== 0) throw new Error(`wasm-opt --translate-to-exnref failed: ${r.stderr}`);
  writeFileSync(out, readFileSync(`${out}.tmp`));
  unlinkSync(`${out}.tmp`);
  return readFileSync(out);
}

// The engine for the course's browser scripts, the course engine (CMake's attn-course-engine:
// no open-model bindings): the glue (gen/attn-engine-glue.cjs), the module as a file
// (dist/attn-engine.wasm, for pages served over http) and gzip-compressed as base64
// (gen/attn-engine-wasm.json, for the ES module; dist/attn-engine-wasm.js, a classic script for
// file:// pages).
{
  const file = 'build-wasm/attn-course-engine.js';
  const { glue, wasm } = splitInlineWasm(
    readFileSync(join(root, file), 'utf8'),
    file,
    'attn-engine.wasm',
  );
  const standard = standardEh(wasm);
  const gz = gzipBase64(standard);
  const gzLegacy = gzipBase64(wasm);
  writeFileSync(join(gen, 'attn-engine-glue.cjs'), glue);
  writeFileSync(join(gen, 'attn-engine-wasm.json'), JSON.stringify(gz));
  writeFileSync(join(gen, 'attn-engine-wasm-legacy.json'), JSON.stringify(gzLegacy));
  writeFileSync(join(dist, 'attn-engine.wasm'), standard);
  writeFileSync(join(dist, 'attn-engine-legacy.wasm'), wasm);
  writeFileSync(
    join(dist, 'attn-engine-wasm.js'),
    `${header("attn-engine-wasm.js, the engine's WebAssembly for pages opened from disk")}\n` +
      `// The engine's WASM, gzip + base64 (globalThis.AttnEngineWasm); attn-loader.js adds it on file://.\n` +
      `globalThis.AttnEngineWasm=${JSON.stringify(gz)};\n`,
  );
  writeFileSync(
    join(dist, 'attn-engine-wasm-legacy.js'),
    `${header("attn-engine-wasm-legacy.js, the engine's WebAssembly (legacy exceptions) from disk")}\n` +
      `// The engine's WASM in the legacy exception-handling form, gzip + base64\n` +
      `// (globalThis.AttnEngineWasmLegacy): attn-loader.js adds it on file:// in a browser without exnref.\n` +
      `globalThis.AttnEngineWasmLegacy=${JSON.stringify(gzLegacy)};\n`,
  );
}
// The whole engine for <attn-open-model>, carried gzip-compressed in attn-open-model.js (only
// that page opens checkpoints, so only it carries their readers).
{
  const { glue, wasm } = splitInlineWasm(engineJs, 'dist/attn-engine.js', 'attn-engine.wasm');
  writeFileSync(join(gen, 'attn-open-model-glue.cjs'), glue);
  writeFileSync(
    join(gen, 'attn-open-model-wasm.json'),
    JSON.stringify(gzipBase64(standardEh(wasm))),
  );
  writeFileSync(
    join(dist, 'attn-open-model-wasm-legacy.js'),
    `${header('attn-open-model-wasm-legacy.js, the whole engine (legacy exceptions) of <attn-open-model>')}\n` +
      `// attn-open-model.js's engine in the legacy exception-handling form, gzip + base64\n` +
      `// (globalThis.AttnOpenModelWasmLegacy): it adds this script only in a browser without exnref.\n` +
      `globalThis.AttnOpenModelWasmLegacy=${JSON.stringify(gzipBase64(wasm))};\n`,
  );
}
// The threaded engine (CMakeLists.txt's attn-engine-threads) as Emscripten wrote it, three files
// <attn-open-model> loads by address (web/engine-threads.js), only over http(s) and cross-origin
// isolated: its legacy exception handling, which every browser with threads and SIMD runs.
for (const f of THREADED_ENGINE_FILES) {
  const from = join(root, 'build-wasm', f);
  if (f.endsWith('.wasm')) copyFileSync(from, join(dist, f));
  else
    writeFileSync(
      join(dist, f),
      `${header(`${f}, the threaded engine of <attn-open-model> (cross-origin isolated pages)`)}\n${readFileSync(from, 'utf8')}`,
    );
}
// The trainer (its worker's own module) the same way, carried gzip-compressed in the worker.
{
  const file = 'build-wasm/attn-trainer.js';
  const { glue, wasm } = splitInlineWasm(
    readFileSync(join(root, file), 'utf8'),
    file,
    'attn-trainer.wasm',
  );
  writeFileSync(join(gen, 'attn-trainer-glue.cjs'), glue);
  // The worker's module as {form, gzipBase64}: one form per worker bundle (below).
  const module = (form, bytes) => JSON.stringify({ form, gzipBase64: gzipBase64(bytes) });
  writeFileSync(join(gen, 'attn-trainer-wasm.json'), module('standard', standardEh(wasm)));
  writeFileSync(join(gen, 'attn-trainer-wasm-legacy.json'), module('legacy', wasm));
}
// Translations of modules no longer built are dropped.
for (const f of readdirSync(gen))
  if (/^exnref-[0-9a-f]+\.wasm$/.test(f) && !translated.has(join(gen, f))) unlinkSync(join(gen, f));

const widgetsBanner = { js: header('attn-widgets: the attention engine, course data and widgets') };
const metafiles = [];
for (const [format, entry, outfile] of [
  ['iife', 'attn-widgets.js', 'attn-widgets.js'],
  ['esm', 'attn-widgets-module.js', 'attn-widgets.mjs'],
]) {
  const r = await build({
    ...common,
    entryPoints: [join(root, 'scripts/entries', entry)],
    format,
    // A host page includes these by hand, perhaps without charset="utf-8": plain ASCII.
    charset: 'ascii',
    banner: widgetsBanner,
    outfile: join(dist, outfile),
  });
  metafiles.push(r.metafile);
}

// A course page's scripts, one per widget (web/loader.js adds the ones its tags name):
// dist/widgets/<name>.js holds that widget's own code; every web/ module it imports is taken
// from attn-core.js at run time (globalThis.AttnShared, filled by the core), so a page with four
// widgets carries web/ once. web/model-files/ stays with the widget that reads a config (the
// kv ledger). attn-core.js: the engine's glue, the course data, the runtime and those modules.
{
  const webDir = join(root, 'web') + '/';
  const shared = new Set(['web/course.js']);
  const sharedPlugin = {
    name: 'attn-shared',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const abs = resolvePath(args.resolveDir, args.path);
        if (!abs.startsWith(webDir) || abs.startsWith(join(webDir, 'model-files')))
          return undefined;
        const rel = relative(root, abs);
        shared.add(rel);
        return { path: rel, namespace: 'attn-shared' };
      });
      b.onLoad({ filter: /.*/, namespace: 'attn-shared' }, (args) => ({
        contents: `module.exports = globalThis.AttnShared[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
  // A page's check needs only its own questions: dist/widgets/quiz.js carries the questions with a
  // `lesson` and the lessons' slugs and titles; the questions only the final quiz asks go to
  // attn-quiz-final.js, which the loader adds beside a final quiz (widgets/quiz/quiz-data.js).
  const quizJson = readJson('course-data/quiz.json');
  const finalOnly = quizJson.questions.filter((q) => q.lesson === undefined);
  const checksPlugin = {
    name: 'attn-quiz-checks',
    setup(b) {
      const trimmed = {
        'quiz.json': {
          ...quizJson,
          questions: quizJson.questions.filter((q) => q.lesson !== undefined),
          finalElsewhere: finalOnly.length,
        },
        'lessons.json': {
          lessons: readJson('course-data/lessons.json').lessons.map(({ slug, title }) => ({
            slug,
            title,
          })),
        },
      };
      b.onLoad({ filter: /course-data[\\/](quiz|lessons)\.json$/ }, (args) => ({
        contents: JSON.stringify(trimmed[args.path.split(/[\\/]/).pop()]),
        loader: 'json',
      }));
    },
  };
  writeFileSync(
    join(dist, 'attn-quiz-final.js'),
    `${header("attn-quiz-final.js, the final quiz's own questions")}\n` +
      `globalThis.AttnQuizFinal=${JSON.stringify({ questions: finalOnly })};\n`,
  );
  mkdirSync(join(dist, 'widgets'), { recursive: true });
  for (const [tag, [folder, cls]] of Object.entries(WIDGET_ELEMENTS)) {
    const r = await build({
      ...common,
      entryPoints: undefined,
      stdin: {
        contents:
          `import { ${cls} } from './widgets/${folder}/element.js';\n` +
          `import { defineWidgets } from './web/course.js';\n` +
          `defineWidgets({ '${tag}': ${cls} });\n`,
        resolveDir: root,
        sourcefile: `${tag}-entry.js`,
      },
      plugins: tag === 'attn-quiz' ? [sharedPlugin, checksPlugin] : [sharedPlugin],
      format: 'iife',
      banner: { js: header(`widgets/${folder}.js, the <${tag}> element (after attn-core.js)`) },
      outfile: join(dist, 'widgets', `${folder}.js`),
    });
    metafiles.push(r.metafile);
  }
  const modules = [...shared].sort();
  const core = await build({
    ...common,
    entryPoints: undefined,
    stdin: {
      contents:
        "import createModule from './gen/attn-engine-glue.cjs';\n" +
        "import { scriptEngineFactory } from './web/engine-wasm.js';\n" +
        "import { startCourse } from './web/course.js';\n" +
        modules.map((m, i) => `import * as m${i} from './${m}';\n`).join('') +
        `globalThis.AttnShared = {${modules.map((m, i) => `${JSON.stringify(m)}: m${i}`).join(', ')}};\n` +
        'const createAttnEngine = scriptEngineFactory(createModule);\n' +
        'globalThis.createAttnEngine ??= createAttnEngine;\n' +
        'startCourse(createAttnEngine);\n',
      resolveDir: root,
      sourcefile: 'attn-core-entry.js',
    },
    format: 'iife',
    banner: {
      js: header('attn-core.js, the engine, course data and runtime of the widget scripts'),
    },
    outfile: join(dist, 'attn-core.js'),
  });
  metafiles.push(core.metafile);
}

// <attn-playground> runs student code in a Worker started from a Blob URL (Chromium refuses
// `new Worker('file.js')` on file://), so the worker's code travels as a string: the worker
// bundle, JSON-quoted, assigned to globalThis.AttnPlaygroundWorker.source.
const worker = await build({
  ...common,
  entryPoints: [join(root, 'scripts/entries/playground-worker.js')],
  format: 'iife',
  write: false,
});
metafiles.push(worker.metafile);
writeFileSync(
  join(dist, 'attn-playground.js'),
  `${header('attn-playground.js, the Web Worker of <attn-playground>')}\n` +
    `// The Web Worker of <attn-playground> (engine + runner), as a string. Load after attn-widgets.js.\n` +
    `(function(){var g=globalThis;g.AttnPlaygroundWorker={source:${JSON.stringify(worker.outputFiles[0].text)}};` +
    `if(typeof dispatchEvent==='function')dispatchEvent(new Event('attn-playground-worker'));})();\n`,
);

// <attn-train>: the worker (trainer module + training text) as a string, as the playground's,
// then the element. The text is read from Debian's fortunes-zh here (scripts/setup.sh installs
// it) and bundled through gen/train-texts.json; the native `attn-train browser` reads the same
// files, so both train on the same bytes. The worker holds the trainer in the standard
// exception-handling form; attn-train-worker-legacy.js, the same worker with the legacy form,
// is added by the loader before attn-train.js only in a browser without exnref (a worker
// started from a Blob cannot add a script from disk itself), and attn-train.js takes it there.
{
  const fortunes = process.env.ATTN_FORTUNES_DIR ?? '/usr/share/games/fortunes';
  const texts = TRAIN_TEXT_FILES.map((f) => readFileSync(join(fortunes, f), 'utf8'));
  writeFileSync(join(gen, 'train-texts.json'), JSON.stringify(texts));
  const trainWorker = await build({
    ...common,
    entryPoints: [join(root, 'scripts/entries/train-worker.js')],
    format: 'iife',
    write: false,
  });
  metafiles.push(trainWorker.metafile);
  const trainWorkerLegacy = await build({
    ...common,
    entryPoints: [join(root, 'scripts/entries/train-worker.js')],
    format: 'iife',
    write: false,
    metafile: false,
    plugins: [
      {
        name: 'legacy-trainer',
        setup(b) {
          b.onResolve({ filter: /attn-trainer-wasm\.json$/ }, () => ({
            path: join(gen, 'attn-trainer-wasm-legacy.json'),
          }));
        },
      },
    ],
  });
  writeFileSync(
    join(dist, 'attn-train-worker-legacy.js'),
    `${header("attn-train-worker-legacy.js, <attn-train>'s worker (legacy exceptions)", TRAIN_TEXT_LICENCE)}\n` +
      `// <attn-train>'s worker with the trainer in the legacy exception-handling form, as a string\n` +
      `// (globalThis.AttnTrainWorkerLegacy): attn-loader.js adds it before attn-train.js in a browser without exnref.\n` +
      `globalThis.AttnTrainWorkerLegacy={source:${JSON.stringify(trainWorkerLegacy.outputFiles[0].text)}};\n`,
  );
  const trainElement = await build({
    ...common,
    entryPoints: [join(root, 'scripts/entries/attn-train.js')],
    format: 'iife',
    write: false,
  });
  metafiles.push(trainElement.metafile);
  writeFileSync(
    join(dist, 'attn-train.js'),
    `${header('attn-train.js, <attn-train> and its training worker', TRAIN_TEXT_LICENCE)}\n` +
      `// <attn-train> and its Web Worker (trainer + text, as a string). Load after attn-widgets.js.\n` +
      `(function(){var g=globalThis;g.AttnTrainWorker={source:${JSON.stringify(trainWorker.outputFiles[0].text)}};` +
      `if(g.AttnTrainWorkerLegacy&&!WebAssembly.validate(new Uint8Array(${JSON.stringify([...EXNREF_PROBE])})))` +
      `g.AttnTrainWorker=g.AttnTrainWorkerLegacy;})();\n` +
      trainElement.outputFiles[0].text,
  );
}

// <attn-open-model>: its element on an engine of its own, the whole engine (the course pages'
// has no open-model bindings), inflated from the script's own gzip text when first used.
const openModel = await build({
  ...common,
  entryPoints: undefined,
  stdin: {
    contents:
      "import createModule from './gen/attn-open-model-glue.cjs';\n" +
      "import gzipBase64 from './gen/attn-open-model-wasm.json';\n" +
      "import { engineFactory, scriptBase, scriptGlobal } from './web/engine-wasm.js';\n" +
      "import { defineOpenModel } from './widgets/open-model/index.js';\n" +
      "import { threadedEngineFactory, threadsFor } from './web/engine-threads.js';\n" +
      'const base = scriptBase();\n' +
      'defineOpenModel(engineFactory(createModule, { gzipBase64: async () => gzipBase64,\n' +
      "  legacyGzipBase64: () => scriptGlobal('AttnOpenModelWasmLegacy', 'attn-open-model-wasm-legacy.js', base) }),\n" +
      '  threadedEngineFactory(base, threadsFor(globalThis.navigator?.hardwareConcurrency)));\n',
    resolveDir: root,
    sourcefile: 'attn-open-model-entry.js',
  },
  format: 'iife',
  banner: {
    js: header('attn-open-model.js, the <attn-open-model> element (open a model from disk)'),
  },
  outfile: join(dist, 'attn-open-model.js'),
});
metafiles.push(openModel.metafile);

// The files only this script reads (into attn-lab-data.js and the pages) are checked against
// their schemas here, at build time: a malformed one stops the build, naming file and field.
const buildAjv = new Ajv({ allErrors: false, strict: true });
function checked(file) {
  const validate = buildAjv.compile(readJson(file.replace(/\.json$/, '.schema.json')));
  const doc = readJson(file);
  if (!validate(doc)) {
    const e = validate.errors[0];
    throw new Error(`${file}: ${e.instancePath || '(top level)'} ${e.message}`);
  }
  return doc;
}

// The teaching world and the models the runtime embeds: checked here, so a malformed one stops
// the build naming file and field, and a page need not check them again (web/runtime.js; a
// page's own inline world is still checked there).
checkTeachingWorld(readJson('course-data/teaching-world.json'));
checkModels(readJson('course-data/models.json'));

// The lab's data: weights as base64, the three JSON files as they are.
const labExport = checked('course-data/c3-attention.json');
const labData = {
  weights: readFileSync(join(root, 'course-data/lab-model.bin')).toString('base64'),
  export: labExport,
  ablation: checked('course-data/kv-heads-ablation.json'),
  hybridAblation: checked('course-data/hybrid-ablation.json'),
};
writeFileSync(
  join(dist, 'attn-lab-data.js'),
  `${header("attn-lab-data.js, the lab's trained model and its exports", LAB_DATA_LICENCE)}\n` +
    `// The lab's model and data for <attn-lab> (globalThis.AttnLabData). Load after attn-widgets.js.\n` +
    `(function(){var g=globalThis;g.AttnLabData=${JSON.stringify(labData)};` +
    `if(typeof dispatchEvent==='function')dispatchEvent(new Event('attn-lab-data'));})();\n`,
);

// The course's own model for the open-model page, so that page is never empty: the lab's
// all-full-attention model as the GGUF `npm run export-hf` writes (same bytes), base64 in a
// classic script <attn-open-model> adds when the student asks for it (file:// cannot fetch).
{
  const engine = await createRequire(import.meta.url)(join(dist, 'attn-engine.js'))();
  const gguf = labModelGguf(
    engine,
    new Uint8Array(readFileSync(join(root, 'course-data/lab-model-full.bin'))),
  );
  const courseModel = {
    name: GGUF_NAME,
    base64: Buffer.from(gguf).toString('base64'),
    prompt: labExport.prompt.text,
  };
  writeFileSync(
    join(dist, 'attn-course-model.js'),
    `${header("attn-course-model.js, the course's lab model as a GGUF", LAB_DATA_LICENCE)}\n` +
      `// For <attn-open-model>'s "open the course's model" (globalThis.AttnCourseModel).\n` +
      `(function(){var g=globalThis;g.AttnCourseModel=${JSON.stringify(courseModel)};` +
      `if(typeof dispatchEvent==='function')dispatchEvent(new Event('attn-course-model'));})();\n`,
  );
}

// The loader: web/loader.js started on the page that includes it (document.currentScript is
// only set while a classic script first runs, so it is read at once).
await build({
  ...common,
  entryPoints: undefined,
  metafile: false,
  stdin: {
    contents:
      "import { startLoader, needsCore } from './web/loader.js';\n" +
      "import { WIDGET_ELEMENTS } from './widgets/registry.js';\n" +
      "import { applyChosenLanguage, wireLanguageToggle, wireCoursePage } from './web/page.js';\n" +
      'if (!globalThis.AttnLoader) {\n' +
      '  globalThis.AttnLoader = true;\n' +
      // The scripts first, so they load while the page is wired; none runs before this task
      // ends (an added script runs in a task of its own), so the wiring still comes first.
      '  const names = startLoader(document, document.currentScript, Object.keys(WIDGET_ELEMENTS));\n' +
      // Predictions, the teacher view and the index's progress, before any widget draws.
      '  wireCoursePage();\n' +
      // A course page whose elements need no attn-core.js (the summary has none; the
      // open-model page's brings its own engine): its language button is wired here instead
      // (attn-core.js wires it on the other pages).
      '  if (!needsCore(names)) {\n' +
      '    applyChosenLanguage();\n' +
      '    wireLanguageToggle();\n' +
      '  }\n' +
      '}\n',
    resolveDir: root,
    sourcefile: 'attn-loader-entry.js',
  },
  format: 'iife',
  banner: { js: header('attn-loader.js, adds the widget scripts a page needs') },
  outfile: join(dist, 'attn-loader.js'),
});

// What the scripts bundle, and its licences. gen/bundle-metafiles.json lets the tests check the
// notices against the same inputs.
writeFileSync(join(gen, 'bundle-metafiles.json'), JSON.stringify(metafiles));
writeFileSync(join(dist, NOTICES_FILE), noticesText(root, metafiles));

// ---- pages (scripts/pages.mjs) ---------------------------------------------------------------
const lessonPages = await writePages({ root, dist, checked });
// Last: it evaluates widgets/index.js in this process under a DOM stand-in.
await writeElementTypes(root, dist);

// Every shipped script and the engine's .wasm with its size (issue 25: what each page pays is
// tests/js/page-bytes.test.mjs's; this is the overview).
const shipped = readdirSync(dist)
  .filter((f) => /\.(js|mjs|wasm)$/.test(f))
  .concat(readdirSync(join(dist, 'widgets')).map((f) => `widgets/${f}`));
const kib = (f) => (statSync(join(dist, f)).size / 1024).toFixed(0).padStart(6);
console.log(`bundle: ${lessonPages} lesson pages + index; shipped files (KiB):`);
for (const f of shipped) console.log(`${kib(f)}  ${f}`);
