// Every built page (dist/*.html) in both languages, opened from file:// in Firefox ESR
// (`firefox-esr`, Debian), and every warning and error its console shows, as the browser's own
// console service holds them: WebDriver BiDi hands a test only errors, so this reads
// Services.console through Marionette (Firefox's own remote protocol) from the browser's chrome
// context. Issue 43's check: no warning from the engine's WebAssembly (the legacy exception
// handling was deprecated) and none from MathML (an accent inferred from its operator).
//
//   node scripts/firefox-console-sweep.mjs [dist/page.html …]
//
// Prints one line per page with its warnings, then the counts; exits 1 when a warning or error
// comes from the pages themselves (engine, MathML, widgets). Not part of npm test (Firefox is
// not among the test set-up's packages); run it by hand after a change to how the engine or a
// formula is built.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const dist = join(root, 'dist');
const PORT = 28000 + (process.pid % 1000);
const PAGE_MS = 60000;

const pages = process.argv.slice(2).length
  ? process.argv.slice(2).map((p) => resolve(p))
  : readdirSync(dist)
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => join(dist, f));

const profile = mkdtempSync(join(tmpdir(), 'attn-firefox-'));
writeFileSync(
  join(profile, 'user.js'),
  [
    ['marionette.port', PORT],
    ['browser.shell.checkDefaultBrowser', false],
    ['datareporting.policy.dataSubmissionEnabled', false],
    ['toolkit.telemetry.reportingpolicy.firstRun', false],
    ['browser.aboutwelcome.enabled', false],
    ['app.update.enabled', false],
    ['network.captive-portal-service.enabled', false],
  ]
    .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
    .join('\n'),
);
const firefox = spawn(
  'firefox-esr',
  [
    '--headless',
    '--marionette',
    '-remote-allow-system-access',
    '--no-remote',
    '--profile',
    profile,
  ],
  { stdio: 'ignore' },
);

/** Marionette's framing: "length:json", requests [0, id, command, params]. */
function client(socket) {
  let buffer = Buffer.alloc(0); // lengths count bytes, and messages hold Chinese text
  let id = 0;
  const waiting = new Map();
  let hello;
  const helloSeen = new Promise((r) => (hello = r));
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(':');
      if (colon < 0) return;
      const n = Number(buffer.subarray(0, colon).toString());
      if (buffer.length < colon + 1 + n) return;
      const msg = JSON.parse(buffer.subarray(colon + 1, colon + 1 + n).toString('utf8'));
      buffer = buffer.subarray(colon + 1 + n);
      if (!Array.isArray(msg)) hello(msg);
      else waiting.get(msg[1])?.(msg);
    }
  });
  return {
    helloSeen,
    send(command, params = {}) {
      const msgId = ++id;
      if (process.env.SWEEP_DEBUG) console.error('->', command);
      const text = JSON.stringify([0, msgId, command, params]);
      socket.write(`${Buffer.byteLength(text)}:${text}`);
      return new Promise((res, rej) =>
        waiting.set(msgId, ([, , error, result]) =>
          error ? rej(new Error(`${command}: ${JSON.stringify(error)}`)) : res(result),
        ),
      );
    },
  };
}

async function connectWhenUp() {
  for (let i = 0; i < 120; i++) {
    try {
      return await new Promise((res, rej) => {
        const s = connect(PORT, '127.0.0.1', () => res(s));
        s.on('error', rej);
      });
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`Marionette did not listen on ${PORT}`);
}

// In the page: resolves when every attn-* element is defined and has drawn (scripts/
// wait-for-widgets.mjs, without Playwright).
const WAIT_FOR_WIDGETS = `
  const [done] = arguments;
  const tags = () => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('attn-'));
  const start = Date.now();
  (function poll() {
    const all = tags();
    if (all.length === 0) return done('no widgets');
    if (all.every((e) => customElements.get(e.localName)))
      return Promise.all(all.filter((e) => e.ready).map((e) => e.ready)).then(
        () => setTimeout(() => done('drawn'), 500),
        (e) => done('failed: ' + e),
      );
    if (Date.now() - start > ${PAGE_MS}) return done('timeout');
    setTimeout(poll, 100);
  })();`;

// In the chrome context: every message the console service holds since the last reset, then
// a reset. Warnings and errors of web content only: the WebAssembly compiler's come with no
// source file (category "content javascript"), MathML's as "DOM Core".
const READ_CONSOLE = `
  const out = [];
  for (const m of Services.console.getMessageArray() || []) {
    if (!(m instanceof Ci.nsIScriptError)) continue;
    if (m.isFromChromeContext) continue; // the browser's own (its network probes fail offline)
    out.push({
      level: m.flags & Ci.nsIScriptError.warningFlag ? 'warning' : m.flags & Ci.nsIScriptError.infoFlag ? 'info' : 'error',
      category: m.category,
      message: m.errorMessage,
      source: (m.sourceName || '').split('/').pop(),
    });
  }
  Services.console.reset();
  return out;`;

let failed = false;
const counts = { pages: 0, warnings: 0, errors: 0, engine: 0, mathml: 0 };
try {
  const m = client(await connectWhenUp());
  await m.helloSeen;
  await m.send('WebDriver:NewSession', { capabilities: {} });
  await m.send('WebDriver:SetTimeouts', { script: PAGE_MS + 5000, pageLoad: PAGE_MS });
  const version = await (async () => {
    await m.send('Marionette:SetContext', { value: 'chrome' });
    const v = await m.send('WebDriver:ExecuteScript', {
      script: 'return Services.appinfo.name + " " + Services.appinfo.version;',
      args: [],
    });
    await m.send('WebDriver:ExecuteScript', { script: READ_CONSOLE, args: [] });
    await m.send('Marionette:SetContext', { value: 'content' });
    return v.value;
  })();
  console.log(`${version}, headless, ${pages.length} pages × 2 languages, file://`);
  for (const page of pages)
    for (const lang of ['zh-CN', 'en']) {
      const url = `${pathToFileURL(page).href}?lang=${lang}&teacher=1`;
      await m.send('WebDriver:Navigate', { url });
      const state = await m.send('WebDriver:ExecuteAsyncScript', {
        script: WAIT_FOR_WIDGETS,
        args: [],
      });
      await m.send('Marionette:SetContext', { value: 'chrome' });
      const { value: messages } = await m.send('WebDriver:ExecuteScript', {
        script: READ_CONSOLE,
        args: [],
      });
      await m.send('Marionette:SetContext', { value: 'content' });
      counts.pages++;
      const shown = messages.filter((x) => x.level !== 'info');
      for (const x of shown) {
        counts[x.level === 'warning' ? 'warnings' : 'errors']++;
        if (/WebAssembly|wasm/i.test(x.message)) counts.engine++;
        if (/MathML|accent|<m[a-z]+>/i.test(x.message)) counts.mathml++;
      }
      if (shown.length) failed = true;
      console.log(
        `${basename(page)} ${lang} (${state.value}): ${shown.length ? '' : 'no warnings'}` +
          shown.map((x) => `\n  ${x.level} [${x.category}] ${x.source}: ${x.message}`).join(''),
      );
    }
  await m.send('WebDriver:DeleteSession');
} finally {
  firefox.kill();
  rmSync(profile, { recursive: true, force: true });
}
console.log(
  `${counts.pages} page loads: ${counts.warnings} warnings (${counts.engine} from the engine's ` +
    `WebAssembly, ${counts.mathml} from MathML), ${counts.errors} errors`,
);
process.exitCode = failed ? 1 : 0;
