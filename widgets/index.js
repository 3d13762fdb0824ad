// Every widget of the course (tag → class below), and defineCourse(createEngine), which defines
// them as custom elements over one runtime made from the engine factory it is given. The
// bundle's entries (scripts/entries/attn-widgets.js, attn-widgets-module.js) call it with the
// engine factory of web/engine-wasm.js; a course page's scripts define the widgets one by one
// instead (widgets/registry.js). web/ never imports a widget, and nothing here imports build
// output.
/** @import { EngineFactory } from '../web/runtime.js' */
import { startCourse, defineWidgets } from '../web/course.js';
import { MaskGrid } from './mask-grid/element.js';
import { Heatmap } from './heatmap/element.js';
import { CosineProjection } from './cosine-projection/element.js';
import { SinkLogit } from './sink-logit/element.js';
import { SoftmaxVariance } from './softmax-variance/element.js';
import { KvLedger } from './kv-ledger/element.js';
import { KvCache } from './kv-cache/element.js';
import { Gqa } from './gqa/element.js';
import { Mla } from './mla/element.js';
import { Rope } from './rope/element.js';
import { MultiHead } from './multi-head/element.js';
import { Walkthrough } from './walkthrough/element.js';
import { DotProduct } from './dot-product/element.js';
import { ValueMix } from './value-mix/element.js';
import { Playground } from './playground/element.js';
import { RnnVsAttention } from './rnn-vs-attention/element.js';
import { Quiz } from './quiz/element.js';
import { Lab } from './lab/element.js';
import { DataFlow } from './data-flow/element.js';
import { EvolutionMap } from './evolution-map/element.js';
import { Misconceptions } from './misconceptions/element.js';
import { LibraryAnalogy } from './library-analogy/element.js';
import { Residual } from './residual/element.js';
import { Exercise } from './exercise/element.js';
import { Polysemy } from './polysemy/element.js';
import { Milestone } from './milestone/element.js';

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
  'attn-data-flow': DataFlow,
  'attn-evolution-map': EvolutionMap,
  'attn-misconceptions': Misconceptions,
  'attn-library-analogy': LibraryAnalogy,
  'attn-residual': Residual,
  'attn-exercise': Exercise,
  'attn-polysemy': Polysemy,
  'attn-milestone': Milestone,
};

/**
 * Starts the course over one runtime of `createEngine` (web/course.js) and defines every widget.
 * @param {EngineFactory} createEngine
 */
export function defineCourse(createEngine) {
  startCourse(createEngine);
  defineWidgets(WIDGETS);
}
