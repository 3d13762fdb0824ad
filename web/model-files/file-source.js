// The files a student picks, as the loader reads them: { name, path, size, slice(start, end) }
// with slice resolving to the bytes [start, end). Built from browser File objects (an
// <input type=file multiple>, one with webkitdirectory, or a drop), so a multi-GiB checkpoint
// is read a few MiB at a time and never whole.

/**
 * @typedef {object} ModelFile
 * @property {string} name the file name without its folder ("config.json")
 * @property {string} [path] the folder-relative path when picked as a folder, else the name
 *   (optional: the loader reads only name, size and slice, and path for the model's name)
 * @property {number} size bytes
 * @property {(start: number, end: number) => Promise<Uint8Array>} slice
 */

/**
 * A File (or any Blob with a name) as a ModelFile.
 * @param {File} file
 * @returns {ModelFile}
 */
export function fileSource(file) {
  const path = /** @type {any} */ (file).webkitRelativePath || file.name;
  return {
    name: file.name,
    path,
    size: file.size,
    slice: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
  };
}

/**
 * The files of a FileList (an input's .files) as ModelFiles.
 * @param {FileList | File[]} list
 */
export function fileListSources(list) {
  return [...list].map(fileSource);
}

/**
 * Every file of a drop, folders walked (webkitGetAsEntry): a student can drop the folder of a
 * checkpoint as it is on disk. Entries must be taken from the DataTransfer synchronously, inside
 * the drop event; the walk itself is asynchronous.
 * @param {DataTransfer} dt
 * @returns {Promise<ModelFile[]>}
 */
export async function droppedSources(dt) {
  const entries = [...(dt.items ?? [])]
    .filter((it) => it.kind === 'file')
    .map((it) => it.webkitGetAsEntry?.() ?? null);
  if (!entries.length || entries.some((e) => e === null)) return fileListSources(dt.files);
  /** @type {File[]} */
  const files = [];
  for (const e of /** @type {FileSystemEntry[]} */ (entries)) await walk(e, files);
  return files.map(fileSource);
}

/**
 * @param {FileSystemEntry} entry
 * @param {File[]} out
 */
async function walk(entry, out) {
  if (entry.isFile) {
    out.push(
      await new Promise((resolve, reject) =>
        /** @type {FileSystemFileEntry} */ (entry).file(resolve, reject),
      ),
    );
    return;
  }
  const reader = /** @type {FileSystemDirectoryEntry} */ (entry).createReader();
  // readEntries returns at most ~100 entries per call: call until it returns none.
  for (;;) {
    /** @type {FileSystemEntry[]} */
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return;
    for (const e of batch) await walk(e, out);
  }
}
