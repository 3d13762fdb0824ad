// The same causal attention as the engine's attention_output, written the way one would in plain
// JavaScript (bench-common.mjs's causalAttention: Float32Array storage, straightforward loops,
// two-pass softmax, masked keys skipped), timed on the benchmark's cases, printing the same JSON
// lines so scripts/bench.sh can put it in one table with the other runners. It is also the
// float64 reference the other JS runners check their outputs against.
//
// With ATTN_BENCH_REF_DIR set it writes each case's output there (<case>.f32), so the other
// runners need not recompute the reference.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CASES,
  FLOPS_NOTE,
  H,
  D,
  caseInputs,
  causalAttention,
  timeCase,
  refFile,
} from './bench-common.mjs';

console.log(
  JSON.stringify({ engine: 'plain-js', kernel_path: `node ${process.version}`, flops: FLOPS_NOTE }),
);
for (const c of CASES) {
  const { q, k, v } = caseInputs(c);
  if (process.env.ATTN_BENCH_REF_DIR)
    writeFileSync(
      join(process.env.ATTN_BENCH_REF_DIR, refFile(c)),
      causalAttention(q, k, v, c.T, c.G),
    );
  const t = await timeCase(() => causalAttention(q, k, v, c.T, c.G), c.T);
  console.log(JSON.stringify({ case: c.name, T: c.T, H, kv_heads: c.G, d: D, ...t }));
}
