// Configuration of @custom-elements-manifest/analyzer (build.sh: `cem analyze --config …`):
// dist/custom-elements.json from the class-level JSDoc of each widget element (@tag, @attr,
// @fires, @cssprop) and the attributes each class observes. The module-level helpers and the
// classes' own drawing methods are not an embedding API, so only what a page may use is kept:
// ready, selfCheck(), lang and the properties named after attributes.
const PUBLIC = new Set(['ready', 'selfCheck', 'lang']);
const camel = (a) => a.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** @returns {import('@custom-elements-manifest/analyzer').Plugin} */
function publicApiOnly() {
  return {
    name: 'attn-public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        mod.declarations = (mod.declarations ?? []).filter((d) => d.kind === 'class');
        const kept = new Set(mod.declarations.map((d) => d.name));
        mod.exports = (mod.exports ?? []).filter((e) => kept.has(e.declaration?.name));
        for (const d of mod.declarations) {
          const props = new Set((d.attributes ?? []).map((a) => camel(a.name)));
          d.members = (d.members ?? []).filter(
            (m) => !m.static && (PUBLIC.has(m.name) || props.has(m.name)),
          );
        }
      }
    },
  };
}

export default {
  globs: ['web/widget-base.js', 'widgets/*/element.js'],
  outdir: 'dist',
  packagejson: false,
  plugins: [publicApiOnly()],
};
