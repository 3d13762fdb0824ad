// Every file or folder of the repository that the docs name exists: README.md, CONTRIBUTING.md
// and docs/*.md, in `code`, in [links](…), and in their code blocks (where a layout tree's
// indented names are read under the folder above them). Build output (dist/, build*/, gen/) and
// patterns (<name>, *) are not checked. A renamed or deleted file fails here until the docs say so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const TOP = /^(cpp|web|widgets|scripts|tests|course-data|docs|bench|licenses|\.ci)\//;
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
