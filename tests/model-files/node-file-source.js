// The loader's file interface (web/model-files/open-model-files.js: { name, path, size,
// slice(start, end) → Promise<Uint8Array> }, what fileSource(File) gives in the browser; path is
// the folder-relative path a folder pick gives, webkitRelativePath) over a file on disk, so
// that node tests feed the loader exactly as the page does: in slices, never the whole file at
// once unless asked.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readdirSync } from 'node:fs';

/** One file on disk as a loader file source; `relativePath` as a folder pick would give it. */
export function nodeFileSource(path, relativePath = basename(path)) {
  const size = statSync(path).size;
  return {
    name: basename(path),
    path: relativePath,
    size,
    async slice(start, end = size) {
      const from = Math.max(0, Math.min(start, size)),
        to = Math.max(from, Math.min(end, size));
      const out = new Uint8Array(to - from);
      const fd = openSync(path, 'r');
      try {
        let done = 0;
        while (done < out.length) {
          const n = readSync(fd, out, done, out.length - done, from + done);
          if (n === 0) break;
          done += n;
        }
      } finally {
        closeSync(fd);
      }
      return out;
    },
  };
}

/** Every file of a folder (not recursive), as a picked folder gives them ("folder/name"). */
export function folderSources(dir) {
  return readdirSync(dir)
    .sort()
    .map((f) => nodeFileSource(join(dir, f), `${basename(dir)}/${f}`));
}
