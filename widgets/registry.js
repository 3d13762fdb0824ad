// Which element each course widget's tag names: tag → [folder under widgets/, class exported
// by its element.js]. widgets/index.js imports them all (attn-widgets.js); scripts/bundle.mjs
// builds one dist/widgets/<name>.js per entry and web/loader.js adds the ones a page's tags name.
// Plain data, so the loader can read it without importing a widget.
/** @type {Record<string, [string, string]>} */
export const WIDGET_ELEMENTS = {
  'attn-mask-grid': ['mask-grid', 'MaskGrid'],
  'attn-heatmap': ['heatmap', 'Heatmap'],
  'attn-cosine-projection': ['cosine-projection', 'CosineProjection'],
  'attn-sink-logit': ['sink-logit', 'SinkLogit'],
  'attn-softmax-variance': ['softmax-variance', 'SoftmaxVariance'],
  'attn-kv-ledger': ['kv-ledger', 'KvLedger'],
  'attn-kv-cache': ['kv-cache', 'KvCache'],
  'attn-gqa': ['gqa', 'Gqa'],
  'attn-mla': ['mla', 'Mla'],
  'attn-rope': ['rope', 'Rope'],
  'attn-multi-head': ['multi-head', 'MultiHead'],
  'attn-walkthrough': ['walkthrough', 'Walkthrough'],
  'attn-dot-product': ['dot-product', 'DotProduct'],
  'attn-value-mix': ['value-mix', 'ValueMix'],
  'attn-playground': ['playground', 'Playground'],
  'attn-rnn-vs-attention': ['rnn-vs-attention', 'RnnVsAttention'],
  'attn-quiz': ['quiz', 'Quiz'],
  'attn-lab': ['lab', 'Lab'],
  'attn-data-flow': ['data-flow', 'DataFlow'],
  'attn-evolution-map': ['evolution-map', 'EvolutionMap'],
  'attn-misconceptions': ['misconceptions', 'Misconceptions'],
  'attn-library-analogy': ['library-analogy', 'LibraryAnalogy'],
  'attn-residual': ['residual', 'Residual'],
  'attn-exercise': ['exercise', 'Exercise'],
  'attn-polysemy': ['polysemy', 'Polysemy'],
  'attn-milestone': ['milestone', 'Milestone'],
};
