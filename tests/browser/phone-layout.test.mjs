// The course on a phone (issue 11's "done when"): every page at 360 px, in Chinese and in
// English, has no attn-* element — nor anything inside its shadow root — wider than the screen
// unless it sits in a scroll region a keyboard can reach and a screen reader can name
// (role=region, aria-label, tabindex ≥ 0); every box that scrolls sideways is such a region and
// shows its "scroll →" hint; the page itself never scrolls sideways; the page's widgets are all
// there and drawn; previous / next are there and carry the language; the title takes at most
// two lines; axe finds nothing serious or critical at 360 px and at 1280 px in both languages.
// One page open per page × language × width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, seriousViolations, dist } from '../helpers/harness.mjs';

const course = JSON.parse(readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'));
const pages = [
  { name: 'index', widgets: (course.indexWidgets ?? []).map((w) => w.tag) },
  ...course.lessons.map((l) => ({ name: l.slug, widgets: l.widgets.map((w) => w.tag) })),
];

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * In the page: what is wider than the viewport and not inside a reachable, named scroll region,
 * and which sideways-scrolling boxes are not such regions. Waits two frames first: a scroll
 * region measures itself in an animation frame.
 */
const layoutProblems = (page) =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const vw = document.documentElement.clientWidth;
    const problems = [];
    const where = (el) =>
      `${el.localName}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''
      }`;
    const scrolls = (el) => {
      const o = getComputedStyle(el).overflowX;
      return (o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    };
    const isRegion = (el) =>
      el.getAttribute('role') === 'region' &&
      (el.getAttribute('aria-label') ?? '').trim() !== '' &&
      el.tabIndex >= 0;
    // The nearest ancestor (across shadow roots) that clips sideways, or null.
    const clipper = (el) => {
      for (let p = el.parentElement ?? el.getRootNode().host; p;) {
        if (getComputedStyle(p).overflowX !== 'visible') return p;
        p = p.parentElement ?? p.getRootNode().host ?? null;
      }
      return null;
    };
    const walk = (root, widget) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot, widget);
        // Form controls scroll their own content (a code editor's long lines): they are
        // focusable and labelled by what they are.
        if (scrolls(el) && !['textarea', 'input', 'select'].includes(el.localName) && !isRegion(el))
          problems.push(
            `${widget}: ${where(el)} scrolls sideways but is not a named, focusable region`,
          );
        // A region that scrolls says so: its "scroll →" hint is shown.
        if (
          scrolls(el) &&
          isRegion(el) &&
          el.closest('.scroll-wrap')?.querySelector('.scroll-hint')?.hidden !== false
        )
          problems.push(`${widget}: ${where(el)} scrolls without its visible "scroll →" hint`);
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || (r.right <= vw + 1 && r.left >= -1)) continue;
        const c = clipper(el);
        if (!c) problems.push(`${widget}: ${where(el)} reaches ${Math.round(r.right)} px`);
        else if (scrolls(c) && !isRegion(c))
          problems.push(`${widget}: ${where(c)} cuts its content but is not a named region`);
      }
    };
    for (const el of document.querySelectorAll('*')) {
      if (!el.localName.startsWith('attn-')) continue;
      const r = el.getBoundingClientRect();
      if (r.right > vw + 1) problems.push(`${el.localName} reaches ${Math.round(r.right)} px`);
      if (el.shadowRoot) walk(el.shadowRoot, el.localName);
    }
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 1) problems.push(`the page scrolls sideways by ${overflow} px`);
    return [...new Set(problems)];
  });

for (const { name, widgets } of pages)
  for (const lang of ['zh-CN', 'en'])
    test(`${name} (${lang}) at 360 px: fits, scroll regions named, widgets drawn, prev / next, axe`, async () => {
      const { page, errors } = await openPage(
        browser,
        browser.fileUrl,
        `${name}.html?lang=${lang}`,
        {
          viewport: { width: 360, height: 780 },
        },
      );
      assert.deepEqual(await layoutProblems(page), []);
      const state = await page.evaluate(
        (tags) => ({
          widgets: tags.map((t) => {
            const el = document.querySelector(t);
            return {
              tag: t,
              defined: !!customElements.get(t),
              error: el?.dataset.error ?? null,
              drawn: el?.shadowRoot?.textContent.length ?? 0,
            };
          }),
          prev: document.querySelector('a[rel="prev"]')?.getAttribute('href') ?? null,
          next: document.querySelector('a[rel="next"]')?.getAttribute('href') ?? null,
          titleLines: (() => {
            const h1 = document.querySelector('h1');
            const span = [...h1.children].find((s) => s.getClientRects().length) ?? h1;
            return span.getClientRects().length;
          })(),
        }),
        widgets,
      );
      for (const w of state.widgets) {
        assert.ok(w.defined, `${w.tag} is on the page and defined`);
        assert.equal(w.error, null, `${w.tag} shows no error`);
        assert.ok(w.drawn > 20, `${w.tag} drew something`);
      }
      if (name !== 'index') assert.ok(state.prev, 'a previous link');
      if (name !== pages.at(-1).name) assert.ok(state.next, 'a next link');
      const keepsLang = (href) =>
        lang === 'en' ? /[?&]lang=en\b/.test(href) : !/[?&]lang=/.test(href);
      for (const href of [state.prev, state.next].filter(Boolean))
        assert.ok(keepsLang(href), `${href} keeps the language ${lang}`);
      assert.ok(state.titleLines <= 2, `the title takes ${state.titleLines} lines`);
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });

for (const { name } of pages)
  for (const lang of ['zh-CN', 'en'])
    test(`${name} (${lang}) at 1280 px: axe finds nothing serious`, async () => {
      const { page, errors } = await openPage(
        browser,
        browser.fileUrl,
        `${name}.html?lang=${lang}`,
        {
          viewport: { width: 1280, height: 900 },
        },
      );
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
