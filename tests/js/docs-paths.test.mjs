// Every file or folder of the repository that the docs name exists: README.md, CONTRIBUTING.md
// and docs/*.md, in `code`, in [links](…), and in their code blocks (where a layout tree's
// indented names are read under the folder above them). Build output (dist/, build*/, gen/) and
// patterns (<name>, *) are not checked. A renamed or deleted file fails here until the docs say so.
// The same for the source's comments (web/, widgets/, cpp/, scripts/, tests/, bench/): a
// path-like token in a comment that ends in a file extension and starts at a top folder of the
// repository (web/runtime.js) or at the file's own folder (a ./ or ../ path; a type import's .js
// standing for its .d.ts) must name a file that exists. A path in another
// project is written with its owner's name before it ("ggml's docs/gguf.md") and is not checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const TOP = /^(cpp|web|widgets|scripts|tests|course-data|docs|bench|licenses|prebuilt|\.ci)\//;
const TOP_FILES = new Set([
  'package.json',
  'tsconfig.json',
  'CMakeLists.txt',
  'README.md',
  'CONTRIBUTING.md',
  'LICENSE',
  'eslint.config.mjs',
]);
const SKIP = /[<>*{}…]|^(dist|build[^/]*|gen|node_modules|test-results)\//;

/**
 * The repository paths a markdown text names, with the line each is on.
 * @param {string} text
 * @returns {{ path: string, line: number }[]}
 */
export function pathsNamed(text) {
  /** @type {{ path: string, line: number }[]} */
  const found = [];
  /** @param {string} token @param {number} line */
  const add = (token, line) => {
    const path = token.replace(/[#:].*$/, '').replace(/[.,;)]+$/, '');
    if ((TOP.test(path) || TOP_FILES.has(path)) && !SKIP.test(path)) found.push({ path, line });
  };
  let inBlock = false;
  let folder = '';
  text.split('\n').forEach((l, i) => {
    const line = i + 1;
    if (l.startsWith('```')) {
      inBlock = !inBlock;
      folder = '';
      return;
    }
    if (inBlock) {
      for (const token of l.split(/[\s│▼←→()`,]+/)) add(token, line);
      const top = /^([\w.-]+(?:\/[\w.-]+)*\/)\s/.exec(l);
      if (top) folder = top[1];
      else if (folder && /^ {2}[\w.-]+\.\w+\s/.test(l))
        add(folder + l.trim().split(/\s+/)[0], line);
      else if (!/^\s/.test(l)) folder = '';
      return;
    }
    for (const m of l.matchAll(/`([^`]+)`/g))
      for (const token of m[1].split(/[\s,]+/)) add(token, line);
    for (const m of l.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g))
      if (!/^https?:/.test(m[1])) add(m[1], line);
  });
  return found;
}

for (const doc of DOCS) {
  test(`${doc}: every repository path it names exists`, () => {
    const base = doc.startsWith('docs/') ? 'docs/' : '';
    const missing = pathsNamed(readFileSync(join(root, doc), 'utf8'))
      .filter(({ path }) => !existsSync(join(root, path)) && !existsSync(join(root, base, path)))
      .map(({ path, line }) => `${doc}:${line} ${path}`);
    assert.deepEqual(missing, []);
  });
}

test('the path finder sees code spans, links and layout trees', () => {
  const found = pathsNamed(
    'See `web/runtime.js` and [x](docs/a.md#b).\n```\nweb/    shared\n  dom.js  helpers\n```\n',
  ).map((p) => p.path);
  assert.deepEqual(found, ['web/runtime.js', 'docs/a.md', 'web/', 'web/dom.js']);
});

// ---------------------------------------------------------------- paths in source comments

const SOURCE_DIRS = ['web', 'widgets', 'cpp', 'scripts', 'tests', 'bench'];
const SOURCE_FILE = /\.(?:m?js|cjs|ts|[ch]pp|h|sh)$/;
/** Folders whose files are made, not written (their comments are a generator's). */
const MADE = new Set(['node_modules', 'generated']);
/** What a file a comment names ends in. */
const FILE_EXT = /\.(?:m?js|cjs|ts|json|md|[ch]pp|h|sh|css|html|bin|txt|cmake)$/;
const PATH_TOKEN = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)+[\w.-]+)/g;

/**
 * The comment text of one line of a source file, or null: a whole-line comment (//, /*, * or
 * a shell's #), or a trailing " // " comment.
 * @param {string} line
 * @param {boolean} shell
 */
function commentOf(line, shell) {
  const whole = shell ? /^\s*#(?!!)(.*)$/.exec(line) : /^\s*(?:\/\/|\/\*+|\*)(.*)$/.exec(line);
  if (whole) return whole[1];
  const trailing = shell ? / # (.*)$/.exec(line) : / \/\/ (.*)$/.exec(line);
  return trailing ? trailing[1] : null;
}

/**
 * The repository paths the comments of `text` (the file at `file`, from the root) name, with
 * their lines: each as written and as a path from the root.
 * @param {string} text
 * @param {string} file
 * @returns {{ token: string, path: string, line: number }[]}
 */
export function commentPaths(text, file) {
  const found = [];
  text.split('\n').forEach((l, i) => {
    const comment = commentOf(l, file.endsWith('.sh'));
    if (comment === null) return;
    for (const m of comment.matchAll(PATH_TOKEN)) {
      const token = m[1].replace(/[.,;:)]+$/, '');
      if (!FILE_EXT.test(token) || /[<>*{}…]/.test(token)) continue;
      if (/\w['’]s $/.test(comment.slice(0, m.index))) continue; // another project's
      const fromRoot = token.replace(/^\.\//, '');
      let path;
      if (TOP.test(fromRoot) || /^(dist|build[^/]*)\//.test(fromRoot)) path = fromRoot;
      else if (/^\.{1,2}\//.test(token)) path = relative(root, resolve(root, dirname(file), token));
      else continue;
      if (!SKIP.test(path)) found.push({ token, path, line: i + 1 });
    }
  });
  return found;
}

/**
 * Does `path` name a file: itself, or (a .js a type import names) its .d.ts.
 * @param {string} path
 */
const exists = (path) =>
  existsSync(join(root, path)) ||
  (path.endsWith('.js') && existsSync(join(root, path.replace(/\.js$/, '.d.ts'))));

/** @param {string} dir @returns {string[]} the source files under dir, from the root */
function sourceFiles(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return MADE.has(e.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(e.name) ? [path] : [];
  });
}

for (const dir of SOURCE_DIRS) {
  test(`${dir}/: every repository file a source comment names exists`, () => {
    const files = sourceFiles(dir);
    assert.ok(files.length > 0, `${dir}/ has source files`);
    const missing = files.flatMap((file) =>
      commentPaths(readFileSync(join(root, file), 'utf8'), file)
        .filter(({ path }) => !exists(path))
        .map(({ token, line }) => `${file}:${line} ${token}`),
    );
    assert.deepEqual(missing, []);
  });
}

test('the comment path finder: top folders, relative paths, trailing comments, not code or others', () => {
  const text = [
    "// see web/runtime.js and ./logic.js (and ggml's docs/gguf.md)",
    "/** @import { AttnEngine } from '../../web/attn-engine.js' */",
    ' * cpp/include/attn/ops/attention.hpp:26, tests/js/<name>.test.mjs',
    "const x = 'web/not-a-comment.js'; // widgets/lab/element.js",
    'const url = "https://example.org/web/x.js";',
    '// dist/attn-core.js is built; docs/ is a folder',
  ].join('\n');
  assert.deepEqual(
    commentPaths(text, 'widgets/lab/x.js').map((p) => p.path),
    [
      'web/runtime.js',
      'widgets/lab/logic.js',
      'web/attn-engine.js',
      'cpp/include/attn/ops/attention.hpp',
      'widgets/lab/element.js',
    ],
  );
  assert.ok(exists('web/attn-engine.js'), 'a .js type import stands for its .d.ts');
  assert.ok(!exists('web/no-such-file.js'));
});
