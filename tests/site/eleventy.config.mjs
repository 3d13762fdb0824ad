// The Eleventy configuration of the test course site (tests/browser/eleventy-site.test.mjs):
// Markdown pages with widget tags in them, one layout that loads dist/attn-widgets.js with a
// single script tag under a strict Content-Security-Policy, as a teacher's own site would.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const widgets = join(here, '..', '..', 'dist', 'attn-widgets.js');

export default function (eleventyConfig) {
  // Passthrough paths are relative to the working directory Eleventy runs in.
  eleventyConfig.addPassthroughCopy({ [relative(process.cwd(), widgets)]: 'attn-widgets.js' });
  eleventyConfig.addPassthroughCopy({
    [relative(process.cwd(), join(here, 'site.css'))]: 'site.css',
  });
}

export const config = {
  dir: { includes: '_includes' },
  markdownTemplateEngine: false,
};
