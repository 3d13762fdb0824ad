// Waiting in a Playwright page until the course widgets on it have drawn: what the browser tests
// (tests/helpers/harness.mjs) and bench:pages (bench/pages.mjs) both wait for.

/**
 * Resolves when every attn-* element on the page has finished its first draw.
 * @param {import('playwright-core').Page} page
 * @param {number} timeout ms for each wait
 */
export async function waitForWidgets(page, timeout) {
  // A page without widgets (the chapter summary) loads no script at all.
  const widgets = await page.evaluate(
    () => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('attn-')).length,
  );
  if (widgets === 0) return;
  await page.waitForFunction(() => window.AttnCourse !== undefined, null, { timeout });
  // Each widget's script defines its element in a task of its own, after attn-core.js; a tag
  // defined by a script of its own (attn-open-model.js) is upgraded after those.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('attn-'))
        .every((e) => customElements.get(e.localName)),
    null,
    { timeout },
  );
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('attn-') && e.ready)
        .map((e) => e.ready),
    ),
  );
}
