// The entry of dist/attn-train.js (scripts/bundle.mjs): <attn-train> with the GGUF writer of
// export-hf (scripts/lab-checkpoint.mjs), so its download gives the bytes export-hf writes.
import { labModelGguf } from '../lab-checkpoint.mjs';
import { defineTrain } from '../../widgets/train/index.js';

defineTrain(labModelGguf);
