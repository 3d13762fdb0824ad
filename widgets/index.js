// Every widget of the course: tag → class. web/index.js defines them as custom elements.
import { MaskGrid } from './mask-grid.js';
import { KvLedger } from './kv-ledger.js';

export const WIDGETS = {
  'attn-mask-grid': MaskGrid,
  'attn-kv-ledger': KvLedger,
};
