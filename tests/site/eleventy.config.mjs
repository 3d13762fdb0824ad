// The Eleventy configuration of the test course site (tests/browser/eleventy-site.test.mjs):
// Markdown pages with widget tags in them, one layout that loads dist/attn-loader.js with a
// single script tag under a strict Content-Security-Policy, as a teacher's own site would; the
// loader adds what the pages' widgets need from the files copied next to it (attn-core.js, the
// engine's WebAssembly as attn-engine.wasm and attn-engine-wasm.js, widgets/). site.css themes
// them.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');

export default function (eleventyConfig) {
  // Passthrough paths are relative to the working directory Eleventy runs in.
  for (const file of [
    'attn-loader.js',
    'attn-core.js',
    'attn-engine.wasm',
    'attn-engine-wasm.js',
    // the legacy exception-handling form, for a browser without exnref (web/wasm-features.js)
    'attn-engine-legacy.wasm',
    'attn-engine-wasm-legacy.js',
    'widgets',
  ])
    eleventyConfig.addPassthroughCopy({ [relative(process.cwd(), join(dist, file))]: file });
  eleventyConfig.addPassthroughCopy({
    [relative(process.cwd(), join(here, 'site.css'))]: 'site.css',
  });
}

export const config = {
  dir: { includes: '_includes' },
  markdownTemplateEngine: false,
};
