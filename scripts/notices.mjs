// The licence side of the build: the header comment of every built script, and
// dist/THIRD-PARTY-NOTICES.txt, written from what the bundles really contain. esbuild's metafiles
// name every input file; each one under node_modules/ belongs to an npm package whose licence
// text is copied from its folder. The engine's WebAssembly carries Emscripten's runtime and the
// C/C++ libraries it links (libc++, libc++abi, libunwind, compiler-rt, musl, dlmalloc); Debian's
// package ships no licence files for them, so their texts live in licenses/.
import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

export const PROJECT = 'attention-course-widgets';
export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/** The engine's parts, in the order the notices list them: [title, files under licenses/]. */
export const ENGINE_PARTS = [
  ['Emscripten runtime and Embind', ['emscripten.txt']],
  ['libc++, libc++abi, compiler-rt (LLVM)', ['llvm-runtimes.txt', 'Apache-2.0.txt']],
  ['libunwind (LLVM)', ['libunwind.txt']],
  ['musl libc', ['musl.txt']],
  ['dlmalloc', ['dlmalloc.txt']],
];

/** The first comment of a built script: project, its licence, the notices file. */
export function header(what, licence = 'MIT (LICENSE in the source)') {
  return (
    `/*! ${what} — part of ${PROJECT}. Licence: ${licence}. ` +
    `Bundled third-party code and its licences: ${NOTICES_FILE}. */`
  );
}

/** The licence line of the lab's data script: its weights are GPL-3.0-or-later. */
export const LAB_DATA_LICENCE =
  'GPL-3.0-or-later (the weights are trained on Debian\u2019s fortunes-zh, GPL-3.0+; ' +
  'course-data/LICENSE-lab-model in the source; the GPL text is in ' +
  NOTICES_FILE +
  ')';

// dist/attn-train.js carries the training text itself (two files of fortunes-zh).
export const TRAIN_TEXT_LICENCE =
  'GPL-3.0-or-later (its training text is tang300 and song100 of Debian\u2019s fortunes-zh, ' +
  'GPL-3.0+; the GPL text is in ' +
  NOTICES_FILE +
  ')';

/** 'node_modules/ajv/dist/runtime/equal.js' → {name: 'ajv', dir: 'node_modules/ajv'}. */
export function packageOfInput(input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const scoped = parts[at + 1].startsWith('@');
  const nameParts = parts.slice(at + 1, at + (scoped ? 3 : 2));
  return { name: nameParts.join('/'), dir: parts.slice(0, at + 1 + nameParts.length).join(sep) };
}

/** Every npm package with a file in any of the metafiles, sorted by name: [{name, dir}]. */
export function bundledPackages(metafiles) {
  const byName = new Map();
  for (const meta of metafiles)
    for (const input of Object.keys(meta.inputs)) {
      const p = packageOfInput(input);
      if (p && !byName.has(p.name)) byName.set(p.name, p);
    }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A package's {name, version, license, text}: package.json and its LICENSE file. */
export function packageLicence(root, { name, dir }) {
  const abs = join(root, dir);
  const pkg = JSON.parse(readFileSync(join(abs, 'package.json'), 'utf8'));
  const file = readdirSync(abs).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  if (!file) throw new Error(`${name}: no LICENSE file in ${dir} to copy into ${NOTICES_FILE}`);
  return {
    name,
    version: pkg.version,
    license: pkg.license,
    text: readFileSync(join(abs, file), 'utf8').trim(),
  };
}

const RULE = '='.repeat(78);

/** The whole notices file. metafiles: esbuild's, one per built script. */
export function noticesText(root, metafiles) {
  const section = (title, body) => `${RULE}\n${title}\n${RULE}\n\n${body.trim()}\n\n`;
  const licence = (f) => readFileSync(join(root, 'licenses', f), 'utf8');
  let out =
    `Third-party notices for the built files of ${PROJECT} (dist/).\n\n` +
    `The project's own code is MIT (LICENSE). The lab's model data (attn-lab-data.js) is\n` +
    `GPL-3.0-or-later: it is trained on Debian's fortunes-zh text (GPL-3.0+); its licence text\n` +
    `is the last section of this file. Below: every npm package esbuild put into the scripts\n` +
    `(attn-widgets.js, attn-widgets.mjs, attn-playground.js), then what Emscripten compiled into\n` +
    `the engine (attn-engine.js, also inside attn-widgets.js and attn-playground.js).\n\n`;
  for (const p of bundledPackages(metafiles).map((x) => packageLicence(root, x)))
    out += section(`npm package ${p.name} ${p.version} — License: ${p.license}`, p.text);
  for (const [title, files] of ENGINE_PARTS)
    out += section(`Engine: ${title}`, files.map(licence).join('\n\n'));
  out += section(
    'The lab model data (attn-lab-data.js): GNU General Public License v3.0 or later',
    licence('GPL-3.0.txt'),
  );
  return out;
}
