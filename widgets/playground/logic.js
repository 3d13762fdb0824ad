// The pieces of <attn-playground> that need no DOM, shared by three places: the page (the
// widget), the Web Worker that runs the student's code (worker.js beside this file), and the node
// tests. Nothing here computes attention: the student's code calls the engine; this file
// formats values, carries them across postMessage, and checks what comes back.
//
// The message protocol (page ⇄ worker; one worker per run, terminated afterwards):
//   page → worker  {type: 'init', world}            the teaching-world document (rt.world)
//                  {type: 'run', id, code}           once, after 'ready'
//   worker → page  {type: 'ready'}                   engine loaded, `new Function` allowed
//                  {type: 'fatal', reason, name, message}
//                       reason 'eval': the page's CSP forbids evaluation (EvalError);
//                       reason 'engine': the engine did not load in the worker
//                  {type: 'print', id, text}         one line of print()/console.log
//                  {type: 'show', id, matrices: [{title, rows}], rowLabels, colLabels}
//                  {type: 'error', id, name, message, line, column}   where in the student's code
//                       (1-based; null where unknown; a syntax error has both)
//                  {type: 'done', id, ms}
//                  {type: 'report', id, value}  report(value): what an exercise's checker reads
//                       (widgets/exercise/): arrays of finite numbers, nested, or null
// The student's code runs in the worker's global scope and can post anything, so the page
// reads every message through parseWorkerMessage(), which drops what does not fit.
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { TeachingWorldDoc } from '../../web/course-data.js' */
import { STARTER_TEXT } from './strings.js';

/** @typedef {{ title: string | null, rows: number[][] }} ShownMatrix one map of show() */
/**
 * A message of the protocol above, as parseWorkerMessage() lets it through.
 * @typedef {{ type: 'ready' }
 *   | { type: 'fatal', reason: 'eval' | 'engine', name: string, message: string }
 *   | { type: 'print', id: number, text: string }
 *   | ShowMessage
 *   | { type: 'error', id: number, name: string, message: string, line: number | null,
 *       column: number | null }
 *   | { type: 'done', id: number, ms: number | null }
 *   | { type: 'report', id: number, value: Reported }} WorkerMessage
 */
/**
 * What report() carries: a number, or null (a value that was not a finite number), or arrays of
 * these (nested), at most MAX_REPORTED numbers in all.
 * @typedef {number | null | Reported[]} Reported
 */
/**
 * @typedef {{ type: 'show', id: number, matrices: ShownMatrix[], rowLabels: string[],
 *   colLabels: string[] }} ShowMessage
 */
/**
 * A thrown error as the page shows it: line and column 1-based in the student's code, or null.
 * @typedef {{ name: string, message: string, line: number | null, column: number | null }}
 *   ErrorInfo
 */

/** Numbers one report() may carry (an exercise's outputs are a few small matrices). */
export const MAX_REPORTED = 65536;

/**
 * `value` as report() carries it: finite numbers kept, anything else a number would be → null,
 * arrays (and typed arrays) nested; undefined if it holds more than MAX_REPORTED numbers or is
 * nested deeper than 4.
 * @param {unknown} value
 * @returns {Reported | undefined}
 */
export function reported(value) {
  let count = 0;
  /** @type {(v: unknown, depth: number) => Reported | undefined} */
  const walk = (v, depth) => {
    if (Array.isArray(v) || ArrayBuffer.isView(v)) {
      if (depth > 4) return undefined;
      const out = [];
      for (const x of Array.from(/** @type {ArrayLike<unknown>} */ (v))) {
        const w = walk(x, depth + 1);
        if (w === undefined) return undefined;
        out.push(w);
      }
      return out;
    }
    if (++count > MAX_REPORTED) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  return walk(value, 0);
}

/** A run that has not finished after this long is stopped (the worker is terminated). */
export const TIME_LIMIT_MS = 2000;
/** print() lines kept per run; later ones are dropped with one note. */
export const MAX_LINES = 200;
/** show() calls drawn per run. */
export const MAX_SHOWS = 8;
/** Cells of one shown matrix (64 × 64). */
export const MAX_CELLS = 4096;
/** Heads of one shown [H, Tq, Tk] tensor. */
export const MAX_HEADS = 16;
/** Characters of one printed line. */
export const MAX_LINE_CHARS = 4000;

// ---- formatting ------------------------------------------------------------------------------

/**
 * A number as print() shows it: integers as they are, others to at most 4 decimals (float32
 * noise such as 0.41999998 reads 0.42), tiny ones in exponent form.
 * @param {number} x
 */
export function formatNumber(x) {
  if (Number.isInteger(x)) return Object.is(x, -0) ? '0' : String(x);
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a < 1e-4 || a >= 1e15) return x.toExponential(3).replace(/\.?0+e/, 'e');
  const s = x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** @param {unknown} v */
const isTypedArray = (v) => ArrayBuffer.isView(v) && !(v instanceof DataView);
/**
 * @param {unknown} v
 * @returns {v is ArrayLike<any>}
 */
const isArrayLike = (v) => Array.isArray(v) || isTypedArray(v);
/** @typedef {{ shape: number[], data: ArrayLike<number> }} AnyTensor */
/**
 * An engine tensor: {shape: number[], data: Float32Array | number[]}.
 * @param {any} v anything a student's code passes
 * @returns {v is AnyTensor}
 */
export const isTensor = (v) =>
  v !== null &&
  typeof v === 'object' &&
  Array.isArray(v.shape) &&
  isArrayLike(v.data) &&
  v.shape.every(
    (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0,
  ) &&
  v.shape.reduce((/** @type {number} */ p, /** @type {number} */ n) => p * n, 1) === v.data.length;

const MAX_ITEMS = 50;

/**
 * Nested arrays of a tensor's data following its shape (a 0-d tensor is its one number): what a
 * student's print(), round() and toRows() read, and what show() posts to the page.
 * @param {AnyTensor} t
 * @returns {any} number, number[], number[][], … as deep as the shape
 */
export function nestTensor(t) {
  /**
   * @param {number} dim
   * @param {number} offset
   * @returns {any}
   */
  const rec = (dim, offset) => {
    if (dim === t.shape.length) return t.data[offset];
    const stride = t.shape.slice(dim + 1).reduce((p, n) => p * n, 1);
    return Array.from({ length: t.shape[dim] }, (_, i) => rec(dim + 1, offset + i * stride));
  };
  return rec(0, 0);
}

/**
 * Any value as one line of text, the way print() shows it. Strings print bare at the top level
 * and quoted inside arrays and objects; tensors print with their shape.
 * @param {any} v anything a student's code prints
 * @returns {string}
 */
export function formatValue(v, depth = 0) {
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return depth === 0 ? v : JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v === undefined || v === null || typeof v === 'boolean' || typeof v === 'symbol')
    return String(v);
  if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (depth > 4) return isArrayLike(v) ? '[…]' : '{…}';
  if (isTensor(v) && v.shape.length <= 4)
    return `Tensor[${v.shape.join(', ')}] ${formatValue(nestTensor(v), depth + 1)}`;
  if (isArrayLike(v)) {
    const items = Array.from({ length: Math.min(v.length, MAX_ITEMS) }, (_, i) =>
      formatValue(v[i], depth + 1),
    );
    if (v.length > MAX_ITEMS) items.push(`… ${v.length - MAX_ITEMS} more`);
    return `[${items.join(', ')}]`;
  }
  if (v instanceof Map) return `Map ${formatValue(Object.fromEntries(v), depth + 1)}`;
  if (v instanceof Set) return `Set ${formatValue([...v], depth + 1)}`;
  const keys = Object.keys(v);
  const items = keys
    .slice(0, MAX_ITEMS)
    .map(
      (k) =>
        `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${formatValue(v[k], depth + 1)}`,
    );
  if (keys.length > MAX_ITEMS) items.push(`… ${keys.length - MAX_ITEMS} more`);
  return `{${items.join(', ')}}`;
}

/**
 * round(x, 2): a number, an array (nested or typed) or a tensor rounded for printing.
 * @param {any} v a number, an array or a tensor from a student's code
 * @returns {any} a number, or nested arrays of numbers
 */
export function round(v, digits = 2) {
  if (typeof v === 'number') return Number(v.toFixed(digits));
  if (isTensor(v)) return round(nestTensor(v), digits);
  if (isArrayLike(v)) return Array.from(v, (x) => round(x, digits));
  throw new TypeError(`round() takes a number, an array or a tensor, not ${formatValue(v, 1)}`);
}

/**
 * toRows(tensor): the tensor as nested arrays (a [T, d] tensor → T rows of d numbers).
 * @param {any} t a tensor from a student's code
 */
export function toRows(t) {
  if (!isTensor(t))
    throw new TypeError(`toRows() takes a tensor {shape, data}, not ${formatValue(t, 1)}`);
  return nestTensor(t);
}

// ---- show() ----------------------------------------------------------------------------------

/**
 * @param {any} v
 * @returns {v is ArrayLike<number>[]}
 */
const isMatrix = (v) =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((/** @type {any} */ r) => isArrayLike(r) && r.length === v[0].length && r.length > 0);

/**
 * What show(value) draws: [{title, rows}] with rows number[][] (nested: they cross postMessage
 * and go straight to the heatmap). value: an attention result (its weights are shown), a tensor
 * [Tq, Tk] or [H, Tq, Tk] (one map per head), or nested rows.
 * @param {any} value what a student's code passed to show()
 * @returns {ShownMatrix[]}
 */
export function matricesOf(value) {
  let v = value;
  if (v && typeof v === 'object' && !isTensor(v) && !isArrayLike(v) && isTensor(v.weights))
    v = v.weights;
  /** @type {ShownMatrix[]} */
  let mats;
  if (isTensor(v) && v.shape.length === 2) mats = [{ title: null, rows: nestTensor(v) }];
  else if (isTensor(v) && v.shape.length === 3) {
    if (v.shape[0] > MAX_HEADS)
      throw new RangeError(
        `show(): ${v.shape[0]} heads is too many to draw (at most ${MAX_HEADS})`,
      );
    /** @type {number[][][]} */
    const heads = nestTensor(v);
    mats = heads.map((rows, hd) => ({ title: heads.length > 1 ? `head ${hd}` : null, rows }));
  } else if (isMatrix(v)) mats = [{ title: null, rows: v.map((r) => Array.from(r)) }];
  else
    throw new TypeError(
      'show() needs a weights matrix: res.weights, a [T, T] or [H, T, T] tensor, or rows like [[1, 0], [0.4, 0.6]]',
    );
  for (const m of mats) {
    if (!m.rows.length || !m.rows[0].length) throw new RangeError('show(): the matrix is empty');
    const cells = m.rows.length * m.rows[0].length;
    if (cells > MAX_CELLS)
      throw new RangeError(
        `show(): ${m.rows.length} × ${m.rows[0].length} is too large to draw (at most ${MAX_CELLS} cells)`,
      );
    if (!m.rows.every((r) => r.every((x) => typeof x === 'number')))
      throw new TypeError('show(): every entry must be a number');
  }
  return mats;
}

/**
 * Labels for show(): the student's (checked against the size) or 0, 1, 2, …
 * @param {any} labels what the student passed, or undefined
 * @param {number} n rows or columns
 * @param {'row' | 'column'} which
 * @returns {string[]}
 */
export function labelsFor(labels, n, which) {
  if (labels === undefined || labels === null)
    return Array.from({ length: n }, (_, i) => String(i));
  if (!isArrayLike(labels)) throw new TypeError(`show(): ${which} labels must be an array`);
  if (labels.length !== n)
    throw new RangeError(`show(): ${labels.length} ${which} labels for ${n} ${which}s`);
  return Array.from(labels, (l) => String(l));
}

// ---- errors ----------------------------------------------------------------------------------

/**
 * A thrown value → {name, message, line}: line is 1-based in the student's code, or null.
 * @param {any} e whatever a student's code threw
 * @returns {ErrorInfo}
 */
export function errorInfo(e, headerLines = 2) {
  if (e === null || typeof e !== 'object')
    return { name: 'Uncaught', message: formatValue(e), line: null, column: null };
  const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
  const message = typeof e.message === 'string' ? e.message : formatValue(e);
  // V8 names code made by new Function "<anonymous>"; its source has 2 header lines
  // ("async function anonymous(\n) {\n") before the student's first line.
  const m = typeof e.stack === 'string' ? /<anonymous>:(\d+):(\d+)/.exec(e.stack) : null;
  const line = m ? Number(m[1]) - headerLines : null;
  const ok = line !== null && line >= 1;
  return { name, message, line: ok ? line : null, column: ok ? Number(m?.[2]) : null };
}

/**
 * Where a syntax error is, when `compile` (new AsyncFunction, as the runner compiles) refuses
 * `code`: V8's SyntaxError names no position for code made by new Function. Found by compiling
 * prefixes: a prefix holds the error when it fails with the same message whatever follows it
 * (two different closing tokens appended); otherwise the parser only ran off its end. The first
 * line whose prefix holds the full code's error, then the first column of that line. Code that
 * only ends too early (a bracket or string still open) gives the end of the code, atEnd true.
 * null when `code` compiles. Line and column are 1-based.
 * @param {string} code
 * @param {(source: string) => unknown} [compile]
 * @returns {{ line: number, column: number, atEnd: boolean } | null}
 */
export function syntaxPosition(code, compile = (source) => new AsyncFunction(source)) {
  /** @param {string} src the SyntaxError's message, or null if src compiles */
  const messageOf = (src) => {
    try {
      compile(src);
      return null;
    } catch (e) {
      return e instanceof SyntaxError ? e.message : null;
    }
  };
  /** @param {string} prefix the error inside prefix, or null if the parser only ran off its end */
  const errorIn = (prefix) => {
    const a = messageOf(`${prefix}\n)`);
    return a !== null &&
      a === messageOf(`${prefix}\n]`) &&
      !/end of input|Unterminated template/.test(a)
      ? a
      : null;
  };
  if (messageOf(code) === null) return null;
  const lines = code.split('\n');
  const message = errorIn(code);
  const last = lines.length - 1;
  if (message === null) return { line: last + 1, column: lines[last].length + 1, atEnd: true };
  const upTo = (/** @type {number} */ i) => lines.slice(0, i + 1).join('\n');
  const line = Math.max(
    0,
    lines.findIndex((_, i) => errorIn(upTo(i)) === message),
  );
  const before = line ? `${upTo(line - 1)}\n` : '';
  const text = lines[line];
  let column = text.length + 1;
  for (let c = 1; c <= text.length; c++)
    if (errorIn(before + text.slice(0, c)) === message) {
      column = c;
      break;
    }
  return { line: line + 1, column, atEnd: false };
}

// ---- the runner (in the worker) --------------------------------------------------------------

const AsyncFunction = /** @type {FunctionConstructor} */ ((async () => {}).constructor);

/**
 * Runs student code with the helpers as globals of `scope` (the worker's global object):
 * engine, world, print, show, round, toRows, and console.log/info/warn/error → print.
 * `post` receives the protocol's messages. Returns a promise that settles after 'done' or
 * 'error' was posted. `await` works at the top level of the code.
 * @param {{ engine: AttnEngine, world: TeachingWorldDoc, post: (m: WorkerMessage) => void,
 *   scope?: Record<string, any>, now?: () => number }} o
 * @returns {(id: number, code: string) => Promise<void>}
 */
export function createRunner({ engine, world, post, scope = globalThis, now = () => Date.now() }) {
  return async function run(id, code) {
    let lines = 0,
      truncated = false,
      shows = 0;
    /** @param {string} text */
    const emit = (text) => {
      if (lines >= MAX_LINES) {
        if (!truncated)
          post({
            type: 'print',
            id,
            text: `… (more than ${MAX_LINES} lines: the rest is not shown)`,
          });
        truncated = true;
        return;
      }
      lines++;
      post({
        type: 'print',
        id,
        text: text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text,
      });
    };
    const print = (/** @type {any[]} */ ...args) => emit(args.map((a) => formatValue(a)).join(' '));
    /**
     * @param {any} value
     * @param {any} [rowLabels]
     * @param {any} [colLabels]
     */
    const show = (value, rowLabels, colLabels) => {
      const matrices = matricesOf(value);
      const rows = labelsFor(rowLabels, matrices[0].rows.length, 'row');
      const cols = labelsFor(colLabels ?? rowLabels, matrices[0].rows[0].length, 'column');
      if (shows >= MAX_SHOWS) {
        if (shows === MAX_SHOWS) emit(`… show(): only the first ${MAX_SHOWS} maps are drawn`);
        shows++;
        return;
      }
      shows++;
      post({ type: 'show', id, matrices, rowLabels: rows, colLabels: cols });
    };
    /** @param {unknown} value */
    const report = (value) => post({ type: 'report', id, value: reported(value) ?? null });
    Object.assign(scope, { engine, world, print, show, round, toRows, report });
    if (scope.console)
      for (const k of ['log', 'info', 'warn', 'error', 'debug']) scope.console[k] = print;
    const t0 = now();
    let fn;
    try {
      fn = new AsyncFunction(code);
    } catch (e) {
      // V8 gives a syntax error of new Function no position: find it by compiling prefixes.
      const at = e instanceof SyntaxError ? syntaxPosition(code) : null;
      post({
        type: 'error',
        id,
        ...errorInfo(e),
        ...(at ? { line: at.line, column: at.column } : {}),
      });
      return;
    }
    try {
      await fn();
      post({ type: 'done', id, ms: now() - t0 });
    } catch (e) {
      post({ type: 'error', id, ...errorInfo(e) });
    }
  };
}

/**
 * Can this realm evaluate strings? {ok: true} or {ok: false, name, message} (CSP: EvalError).
 * @returns {{ ok: true } | { ok: false, name: string, message: string }}
 */
export function evalProbe() {
  try {
    if (new Function('return 1')() === 1) return { ok: true };
    return { ok: false, name: 'Error', message: '' }; // what the page read of the bare {ok: false}
  } catch (e) {
    const { name, message } = /** @type {Error} */ (e);
    return { ok: false, name, message };
  }
}

// ---- the page side ---------------------------------------------------------------------------

/**
 * @param {unknown} v
 * @param {number} [max]
 */
const str = (v, max = MAX_LINE_CHARS) => (typeof v === 'string' ? v.slice(0, max) : null);
/**
 * @param {unknown} v
 * @returns {v is string[]}
 */
const strings = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * A message from the worker checked against the protocol: the message (a clean copy) or null.
 * @param {any} m whatever arrived on the port (student code can reach the worker's scope)
 * @returns {WorkerMessage | null}
 */
export function parseWorkerMessage(m) {
  if (m === null || typeof m !== 'object' || typeof m.type !== 'string') return null;
  switch (m.type) {
    case 'ready':
      return { type: 'ready' };
    case 'fatal':
      return ['eval', 'engine'].includes(m.reason)
        ? {
            type: 'fatal',
            reason: m.reason,
            name: str(m.name) ?? 'Error',
            message: str(m.message) ?? '',
          }
        : null;
    case 'print':
      return typeof m.id === 'number' && typeof m.text === 'string'
        ? { type: 'print', id: m.id, text: m.text.slice(0, MAX_LINE_CHARS + 1) }
        : null;
    case 'error':
      return typeof m.id === 'number' && typeof m.name === 'string' && typeof m.message === 'string'
        ? {
            type: 'error',
            id: m.id,
            name: m.name.slice(0, 200),
            message: m.message.slice(0, MAX_LINE_CHARS),
            line: Number.isInteger(m.line) && m.line > 0 ? m.line : null,
            column: Number.isInteger(m.column) && m.column > 0 ? m.column : null,
          }
        : null;
    case 'report': {
      if (typeof m.id !== 'number') return null;
      const value = reported(m.value);
      return value === undefined ? null : { type: 'report', id: m.id, value };
    }
    case 'done':
      return typeof m.id === 'number'
        ? { type: 'done', id: m.id, ms: Number.isFinite(m.ms) ? m.ms : null }
        : null;
    case 'show': {
      if (
        typeof m.id !== 'number' ||
        !Array.isArray(m.matrices) ||
        !m.matrices.length ||
        m.matrices.length > MAX_HEADS
      )
        return null;
      if (!strings(m.rowLabels) || !strings(m.colLabels)) return null;
      const R = m.rowLabels.length,
        C = m.colLabels.length;
      if (!R || !C || R * C > MAX_CELLS) return null;
      const ok = m.matrices.every(
        (/** @type {any} */ mat) =>
          mat &&
          Array.isArray(mat.rows) &&
          mat.rows.length === R &&
          (mat.title === null || typeof mat.title === 'string') &&
          mat.rows.every(
            (/** @type {unknown} */ r) =>
              Array.isArray(r) && r.length === C && r.every((x) => typeof x === 'number'),
          ),
      );
      if (!ok) return null;
      return {
        type: 'show',
        id: m.id,
        matrices: m.matrices.map((/** @type {ShownMatrix} */ mat) => ({
          title: mat.title === null ? null : mat.title.slice(0, 200),
          rows: mat.rows.map((r) => r.slice()),
        })),
        rowLabels: m.rowLabels.map((/** @type {string} */ s) => s.slice(0, 80)),
        colLabels: m.colLabels.map((/** @type {string} */ s) => s.slice(0, 80)),
      };
    }
    default:
      return null;
  }
}

/**
 * What a Content-Security-Policy (the page's <meta> policies; all of them apply) forbids that the
 * cell needs: [] when nothing, else some of "worker-src blob:" and "'unsafe-eval'". A policy
 * sent as an HTTP header is invisible to a page; the widget also catches that case at run time.
 * @param {string[]} policies
 * @returns {string[]}
 */
export function cspProblems(policies) {
  /** @type {Set<string>} */
  const problems = new Set();
  for (const text of policies) {
    /** @type {Map<string, string[]>} */
    const dirs = new Map();
    for (const part of String(text).split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name && !dirs.has(name.toLowerCase()))
        dirs.set(
          name.toLowerCase(),
          sources.map((s) => s.toLowerCase()),
        );
    }
    const first = (/** @type {string[]} */ ...names) =>
      names.map((n) => dirs.get(n)).find((d) => d !== undefined);
    const worker = first('worker-src', 'child-src', 'script-src', 'default-src');
    if (worker && !worker.includes('blob:')) problems.add('worker-src blob:');
    const script = first('script-src', 'default-src');
    if (script && !script.includes("'unsafe-eval'")) problems.add("'unsafe-eval'");
  }
  return [...problems];
}

// ---- the starter code ------------------------------------------------------------------------

/**
 * The example the cell starts with (and Reset restores): world `worldId` of the teaching-world
 * document `doc`, Q/K/V by engine.matmul, engine.attention with a causal mask, the first and the
 * last token's outputs printed (switching causal off changes the first, not the last), the
 * weights shown. Comments in the language `lang` (strings.js STARTER_TEXT).
 * @param {string} lang
 * @param {string} worldId
 * @param {TeachingWorldDoc} doc
 */
export function starterCode(lang, worldId, doc) {
  const s = STARTER_TEXT[lang === 'en' ? 'en' : 'zh-CN'];
  const w = doc.worlds[worldId];
  if (!w)
    throw new Error(
      `teaching-world.json has no world "${worldId}" (it has: ${Object.keys(doc.worlds).join(', ')})`,
    );
  const en = lang === 'en';
  const labels = en ? 'tokensEn' : 'tokens';
  const names = en ? w.tokensEn : w.tokens;
  const first = names[0];
  const last = names[w.tokens.length - 1];
  const title = w.title?.[en ? 'en' : 'zh-CN'] ?? worldId;
  return [
    s.head(title),
    `const w = world.worlds['${worldId.replace(/[\\']/g, '\\$&')}'];`,
    `const x = w.x;                          // [${w.tokens.length}, ${w.dModel}], ${s.x}`,
    `const q = engine.matmul(x, w.Wq);       // ${s.q}`,
    `const k = engine.matmul(x, w.Wk);       // ${s.k}`,
    w.V
      ? `const v = w.V;                          // ${s.vGiven}`
      : `const v = engine.matmul(x, w.Wv);       // ${s.vMul}`,
    `const res = engine.attention({ q, k, v, causal: true });   // ${s.att}`,
    `const out = toRows(res.output);         // ${s.out}`,
    '',
    // The first row as well as the last: under the causal mask the last token sees every
    // token anyway, so only the rows before it change when causal turns false.
    `// ${s.print(first, last)}`,
    `print('out[${first}] =', round(out[0], 2));`,
    `print('out[${last}] =', round(out[out.length - 1], 2));`,
    `// ${s.show}`,
    `show(res.weights, w.${labels}, w.${labels});`,
    '',
  ].join('\n');
}
