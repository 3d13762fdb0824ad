// HTML text helpers of the build's page writers (scripts/pages.mjs, scripts/summary-page.mjs).

/** `s` with &, <, > and " escaped, for text and attribute values. */
export const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** A {zh-CN, en} text as the two language spans a page shows one of. */
export const both = (t) =>
  `<span lang="zh-CN">${esc(t['zh-CN'])}</span><span lang="en">${esc(t.en)}</span>`;
