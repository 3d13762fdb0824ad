// The Eleventy configuration of the test course site (tests/browser/eleventy-site.test.mjs):
// Markdown pages with widget tags in them, one layout that loads dist/attn-loader.js with a
// single script tag under a strict Content-Security-Policy, as a teacher's own site would; the
// loader adds attn-widgets.js (copied next to it) on the pages with widgets. site.css themes them.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');

export default function (eleventyConfig) {
  // Passthrough paths are relative to the working directory Eleventy runs in.
  for (const script of ['attn-loader.js', 'attn-widgets.js'])
    eleventyConfig.addPassthroughCopy({ [relative(process.cwd(), join(dist, script))]: script });
  eleventyConfig.addPassthroughCopy({
    [relative(process.cwd(), join(here, 'site.css'))]: 'site.css',
  });
}

export const config = {
  dir: { includes: '_includes' },
  markdownTemplateEngine: false,
};
