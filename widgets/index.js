// Every widget of the course: tag → class. web/index.js defines them as custom elements.
import { MaskGrid } from './mask-grid.js';
import { Heatmap } from './heatmap.js';
import { CosineProjection } from './cosine-projection.js';
import { SinkLogit } from './sink-logit.js';
import { SoftmaxVariance } from './softmax-variance.js';
import { KvLedger } from './kv-ledger.js';
import { KvCache } from './kv-cache.js';
import { Gqa } from './gqa.js';
import { Mla } from './mla.js';
import { Rope } from './rope.js';
import { MultiHead } from './multi-head.js';
import { Walkthrough } from './walkthrough.js';
import { DotProduct } from './dot-product.js';
import { ValueMix } from './value-mix.js';
import { Playground } from './playground.js';
import { RnnVsAttention } from './rnn-vs-attention.js';
import { Quiz } from './quiz.js';
import { Lab } from './lab.js';

export const WIDGETS = {
  'attn-mask-grid': MaskGrid,
  'attn-heatmap': Heatmap,
  'attn-cosine-projection': CosineProjection,
  'attn-sink-logit': SinkLogit,
  'attn-softmax-variance': SoftmaxVariance,
  'attn-kv-ledger': KvLedger,
  'attn-kv-cache': KvCache,
  'attn-gqa': Gqa,
  'attn-mla': Mla,
  'attn-rope': Rope,
  'attn-multi-head': MultiHead,
  'attn-walkthrough': Walkthrough,
  'attn-dot-product': DotProduct,
  'attn-value-mix': ValueMix,
  'attn-playground': Playground,
  'attn-rnn-vs-attention': RnnVsAttention,
  'attn-quiz': Quiz,
  'attn-lab': Lab,
};
