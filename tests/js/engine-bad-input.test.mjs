// Issue 9, the JS-facing defects: no input can corrupt the engine. A table of bad calls to the
// real engine (dist/attn-engine.js): each must throw one of the four documented error kinds
// with a message naming the field or shapes — never a RangeError, TypeError, "memory access
// out of bounds" or a silent NaN — and afterwards the same instance must still compute a
// known attention, with its WASM heap where it was.
import { crc32 } from 'node:zlib';
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine as loadEngine } from '../helpers/fixture.mjs';

const KINDS = new Set(['ShapeError', 'ValueError', 'ConfigError', 'MaskError']);
let engine;
let labId;
let labBytes;

before(async () => {
  engine = await loadEngine();
  labBytes = new Uint8Array(
    readFileSync(new URL('../../course-data/lab-model.bin', import.meta.url)),
  );
  labId = engine.labLoad(labBytes).id;
});

// 65,536 rows of width 1 (issue 9's D1): every product of two of them passes 2^32 numbers.
const tall = () => ({ shape: [65536, 1], data: new Float32Array(65536).fill(1) });
const wide = () => ({ shape: [1, 65536], data: new Float32Array(65536).fill(1) });
const q2 = [
  [1, 0],
  [0, 1],
];
const u32 = (bytes, offset, value) => new DataView(bytes.buffer).setUint32(offset, value, true);

/**
 * The shipped weights file with its header's config fields replaced (offsets: weights_io.hpp)
 * and its CRC-32 trailer recomputed, so the loader reaches the config checks.
 */
function craftedHeader(fields) {
  const bytes = new Uint8Array(labBytes);
  const at = {
    vocab: 12,
    dModel: 16,
    nLayers: 20,
    nHeads: 24,
    nKvHeads: 28,
    dHead: 32,
    context: 40,
  };
  for (const [k, v] of Object.entries(fields)) u32(bytes, at[k], v);
  u32(bytes, bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)));
  return bytes;
}

/** [what, call, error name, fragment of the message]. */
const cases = () => [
  // D1: result sizes past 2^32 in WASM's 32-bit size_t
  [
    'D1 scoreMatrix 65536²',
    () => engine.scoreMatrix(tall(), tall()),
    'ShapeError',
    /scores \[Tq, Tk\] \[65536, 65536\]/,
  ],
  [
    'D1 cosineMatrix 65536²',
    () => engine.cosineMatrix(tall(), tall()),
    'ShapeError',
    /cosines \[n, m\] \[65536, 65536\]/,
  ],
  [
    'D1 matmul 65536²',
    () => engine.matmul(tall(), wide()),
    'ShapeError',
    /matmul result \[n, m\] \[65536, 65536\]/,
  ],
  [
    'D1 attention T = 65536',
    () => engine.attention({ q: tall(), k: tall(), v: tall() }),
    'ShapeError',
    // (its [H, Tq, Tk] maps are past the work bound first: issue 43)
    /attention H × Tq × Tk × \(work per score[^)]*\) = 1 × 65536 × 65536/,
  ],
  [
    'D1 causalMask 65536²',
    () => engine.causalMask(65536, 65536),
    'ShapeError',
    /causal mask \[Tq, Tk\] \[65536, 65536\]/,
  ],
  [
    'D1 causalMask (2^31 − 1)²',
    () => engine.causalMask(2147483647, 2147483647),
    'ShapeError',
    /causal mask \[Tq, Tk\] \[2147483647, 2147483647\]: 2147483647 is above the limit/,
  ],
  [
    'D1 tiny decoder vocab × dModel',
    () => engine.tinyDecoderGenerate({ prompt: [1], vocab: 65536, dModel: 65536 }),
    'ShapeError',
    /embedding \[vocab, d_model\] \[65536, 65536\]/,
  ],
  [
    'D1 mla T = 65536',
    () =>
      engine.mla({ T: 65536, dModel: 1, nHeads: 1, dNope: 1, dRope: 2, kvLoraRank: 1, dValue: 1 }),
    'ShapeError',
    /MLA: weights \[n_heads, T, T\] \[1, 65536, 65536\]/,
  ],
  [
    'D1 nested 65537 × 65536',
    () => engine.matmul(new Array(65537).fill(new Array(65536).fill(0)), [[1]]),
    'ShapeError',
    /a \[65537, 65536\] would hold more than the limit/,
  ],
  [
    'D1 output wider than the inputs',
    () => engine.attention({ q: wide(), k: [[1]], v: wide(), nHeads: 65536, nKvHeads: 1 }),
    'ShapeError',
    /attention output \[Tq, H·dv\] \[1, 65536, 65536\]/,
  ],
  [
    'D1 shape product',
    () => engine.matmul({ shape: [65536, 65536], data: [1] }, [[1]]),
    'ShapeError',
    /a \[65536, 65536\] would hold more/,
  ],
  [
    'D1 3-d shape product',
    () => engine.headPatterns({ shape: [4096, 4096, 4096], data: [1] }),
    'ShapeError',
    /weights \[4096, 4096, 4096\]/,
  ],
  // D2: a valid-format lab file whose attention at full context passes the limits
  [
    'D2 8192 heads × context 16384',
    () =>
      engine.labLoad(
        craftedHeader({ vocab: 3, dModel: 2, nHeads: 8192, dHead: 2, context: 16384 }),
      ),
    'ShapeError',
    /attention \[n_heads, T, T\] \[8192, 16384, 16384\]/,
  ],
  [
    'D2 too many layers of big maps',
    () => engine.labLoad(craftedHeader({ nLayers: 64, nHeads: 2048, dHead: 8, context: 128 })),
    'ShapeError',
    /n_layers \+ 2 attention maps/,
  ],
  // D4: bounded work
  [
    'D4 tinyDecoderGenerate steps 2^31 − 1',
    () => engine.tinyDecoderGenerate({ prompt: [1], steps: 2147483647 }),
    'ConfigError',
    /steps \(2147483647\) is above the limit of 1024/,
  ],
  [
    'D4 tiny decoder sequence',
    () => engine.tinyDecoderForward({ tokens: new Array(5000).fill(1) }),
    'ShapeError',
    /limit of 4096 tokens/,
  ],
  [
    'D4 labGenerate past the context',
    () => engine.labGenerate(labId, { tokens: [0], steps: 1000 }),
    'ShapeError',
    /context of 64 tokens/,
  ],
  [
    'D4 softmaxVariance samples × d',
    () => engine.softmaxVariance({ d: 65536, nSamples: 65536 }),
    'ShapeError',
    /samples × d/,
  ],
  // D5: NaN / Infinity in, or an overflow, is an error, not a NaN result
  ['D5 matmul NaN', () => engine.matmul([[NaN]], [[1]]), 'ValueError', /a\[0, 0\] is NaN/],
  [
    'D5 scoreMatrix NaN',
    () => engine.scoreMatrix([[NaN]], [[1]]),
    'ValueError',
    /q\[0, 0\] is NaN/,
  ],
  [
    'D5 scoreMatrix scale NaN',
    () => engine.scoreMatrix([[1]], [[1]], { scale: NaN }),
    'ValueError',
    /scale should be a finite number, got NaN/,
  ],
  ['D5 dot NaN', () => engine.dot([NaN], [1]), 'ValueError', /a\[0\] is NaN/],
  [
    'D5 proportionalSplit NaN',
    () => engine.proportionalSplit([NaN, 1]),
    'ValueError',
    /scores\[0\] is NaN/,
  ],
  [
    'D5 cosine Infinity',
    () => engine.cosine([Infinity, 0], [1, 1]),
    'ValueError',
    /a\[0\] is infinite/,
  ],
  [
    'D5 attention 1e30 scores',
    () =>
      engine.attention({
        q: [
          [1e30, 1e30],
          [0, 1],
        ],
        k: [
          [1e30, 1e30],
          [0, 1],
        ],
        v: [
          [1, 2],
          [3, 4],
        ],
        scale: 1,
      }),
    'ValueError',
    /attention output\[0, 0\] is NaN: float32 overflow/,
  ],
  [
    'D5 matmul overflow',
    () => engine.matmul([[1e30]], [[1e30]]),
    'ValueError',
    /matmul result\[0, 0\] is infinite: float32 overflow/,
  ],
  [
    'D5 dot overflow',
    () => engine.dot([1e30], [1e30]),
    'ValueError',
    /dot is infinite: float32 overflow/,
  ],
  [
    'D5 scoreMatrix overflow',
    () => engine.scoreMatrix([[1e30]], [[1e30]], { scale: 1 }),
    'ValueError',
    /scores\[0, 0\] is infinite/,
  ],
  [
    'D5 scoreMatrix scale Infinity',
    () => engine.scoreMatrix([[1]], [[1]], { scale: Infinity }),
    'ValueError',
    /scale should be a finite number, got Infinity/,
  ],
  ['D5 rope x Infinity', () => engine.rope([[Infinity, 0]]), 'ValueError', /x\[0, 0\] is infinite/],
  [
    'D5 additiveScore NaN',
    () => engine.additiveScore({ q: [NaN], k: [1], W1: [[1]], W2: [[1]], v: [1] }),
    'ValueError',
    /q\[0\] is NaN/,
  ],
  [
    'D5 cosineMatrix NaN',
    () => engine.cosineMatrix([[NaN]], [[1]]),
    'ValueError',
    /a\[0, 0\] is NaN/,
  ],
  [
    'D5 softmax +Infinity',
    () => engine.softmax([Infinity, 0]),
    'ValueError',
    /scores\[0\] is infinite/,
  ],
  [
    'D5 flat data NaN',
    () => engine.matmul({ shape: [1, 2], data: new Float32Array([1, NaN]) }, [[1], [1]]),
    'ValueError',
    /a\[0, 1\] is NaN/,
  ],
  // D6: only documented kinds, the field named
  [
    'D6 data.length −1',
    () => engine.matmul({ shape: [2, 2], data: { length: -1 } }, [[1]]),
    'ShapeError',
    /a\.data should be an array of numbers/,
  ],
  [
    'D6 causalMask 50000²',
    () => engine.causalMask(50000, 50000),
    'ShapeError',
    /causal mask \[Tq, Tk\] \[50000, 50000\]/,
  ],
  [
    'D6 ropeFrequencies 2^31 − 2',
    () => engine.ropeFrequencies(2 ** 31 - 2),
    'ShapeError',
    /rotaryDim \(2147483646\) is above the limit/,
  ],
  [
    'D6 softmaxVariance nSamples 2^31 − 1',
    () => engine.softmaxVariance({ nSamples: 2 ** 31 - 1 }),
    'ShapeError',
    /samples × d \[2147483647, 64\]/,
  ],
  [
    'D6 softmax {length: 2^40}',
    () => engine.softmax({ length: 2 ** 40 }),
    'ShapeError',
    /scores should be an array of numbers/,
  ],
  ['D6 attention(null)', () => engine.attention(null), 'ShapeError', /missing matrix 'q'/],
  [
    'D6 attention(5)',
    () => engine.attention(5),
    'ConfigError',
    /attention options should be an object, got number/,
  ],
  [
    'D6 attention([])',
    () => engine.attention([]),
    'ConfigError',
    /attention options should be an object, got an array/,
  ],
  [
    'D6 typed array too long',
    () => engine.dot(new Float32Array(2 ** 26 + 1), [1]),
    'ShapeError',
    /a has 67108865 numbers, more than the limit/,
  ],
  // too few or too many arguments: Embind's own BindingError, turned into a ConfigError
  [
    'attention()',
    () => engine.attention(),
    'ConfigError',
    /^attention takes 1 argument\(s\), got 0$/,
  ],
  [
    'dot with one vector',
    () => engine.dot([1]),
    'ConfigError',
    /^dot takes 2 argument\(s\), got 1$/,
  ],
  [
    'softmax with 3 arguments',
    () => engine.softmax([1], {}, 3),
    'ConfigError',
    /^softmax takes 1 or 2 argument\(s\), got 3$/,
  ],
  [
    'labUnload()',
    () => engine.labUnload(),
    'ConfigError',
    /^labUnload takes 1 argument\(s\), got 0$/,
  ],
  // D7: one meaning everywhere
  [
    'D7 attention nKvHeads 0',
    () => engine.attention({ q: q2, k: q2, v: q2, nKvHeads: 0 }),
    'ConfigError',
    /nKvHeads must be at least 1/,
  ],
  [
    'D7 tinyDecoder nKvHeads 0',
    () => engine.tinyDecoderGenerate({ prompt: [1], nKvHeads: 0 }),
    'ConfigError',
    /n_kv_heads must be at least 1/,
  ],
  ['D7 softmax([])', () => engine.softmax([]), 'ShapeError', /scores is empty/],
  [
    'D7 kvLedgerVariants unnamed',
    () =>
      engine.kvLedgerVariants({
        attention: { kind: 'mha', nHeads: 2, nKvHeads: 2, headDim: 4 },
        layers: 2,
      }),
    'ConfigError',
    /^model: kvLedgerVariants needs a contextLength/,
  ],
  [
    'D7 kvLedgerVariants reported only',
    () => engine.kvLedgerVariants({ reportedKvBytesPerToken: 5 }, 10),
    'ConfigError',
    /^model: only a reported KV figure/,
  ],
  [
    'D7 attention nHeads 0',
    () => engine.attention({ q: q2, k: q2, v: q2, nHeads: 0 }),
    'ConfigError',
    /nHeads must be at least 1/,
  ],
  // attention options and matrices
  ['attention {}', () => engine.attention({}), 'ShapeError', /missing matrix 'q'/],
  [
    'attention q string',
    () => engine.attention({ q: 'q', k: q2, v: q2 }),
    'ShapeError',
    /q should be number\[\]\[\] or \{shape/,
  ],
  [
    'attention q entry string',
    () => engine.attention({ q: [[1, 'a']], k: q2, v: q2 }),
    'ValueError',
    /q\[0, 1\] is not a number/,
  ],
  [
    'attention ragged q',
    () => engine.attention({ q: [[1, 2], [3]], k: q2, v: q2 }),
    'ShapeError',
    /q row 1 should have 2 numbers/,
  ],
  [
    'attention q rows not arrays',
    () => engine.attention({ q: [1, 2], k: q2, v: q2 }),
    'ShapeError',
    /q should be an array of rows/,
  ],
  [
    'attention q no rows',
    () => engine.attention({ q: [], k: q2, v: q2 }),
    'ShapeError',
    /q has no rows/,
  ],
  [
    'attention data too short',
    () => engine.attention({ q: { shape: [1, 2], data: [1] }, k: q2, v: q2 }),
    'ShapeError',
    /q\.data has 1 numbers, shape \[1, 2\] needs 2/,
  ],
  [
    'attention shape rank 3',
    () => engine.attention({ q: { shape: [1, 2, 3], data: [1] }, k: q2, v: q2 }),
    'ShapeError',
    /q\.shape should have 2 entries/,
  ],
  [
    'attention shape −1',
    () => engine.attention({ q: { shape: [-1, 2], data: [1] }, k: q2, v: q2 }),
    'ConfigError',
    /q\.shape\[0\] should be a whole number from 0 to 2147483647, got -1/,
  ],
  [
    'attention shape 1.5',
    () => engine.attention({ q: { shape: [1.5, 2], data: [1] }, k: q2, v: q2 }),
    'ConfigError',
    /q\.shape\[0\] should be a whole number/,
  ],
  [
    'attention shape string',
    () => engine.attention({ q: { shape: ['1', 2], data: [1] }, k: q2, v: q2 }),
    'ConfigError',
    /q\.shape\[0\] should be a whole number .*got string/,
  ],
  [
    'attention data string',
    () => engine.attention({ q: { shape: [1, 2], data: 'ab' }, k: q2, v: q2 }),
    'ShapeError',
    /q\.data should be an array of numbers/,
  ],
  [
    'attention data entry string',
    () => engine.attention({ q: { shape: [1, 2], data: [1, 'x'] }, k: q2, v: q2 }),
    'ValueError',
    /q\[0, 1\] is NaN/,
  ],
  [
    'attention data DataView',
    () =>
      engine.attention({
        q: { shape: [1, 1], data: new DataView(new ArrayBuffer(4)) },
        k: q2,
        v: q2,
      }),
    'ShapeError',
    /q\.data should be an array/,
  ],
  [
    // set() from a BigInt64Array into float32 would throw a bare TypeError.
    'softmax of a BigInt64Array',
    () => engine.softmax(new BigInt64Array(3)),
    'ShapeError',
    /scores should be an array of numbers/,
  ],
  [
    'attention data BigUint64Array',
    () => engine.attention({ q: { shape: [1, 1], data: new BigUint64Array(1) }, k: q2, v: q2 }),
    'ShapeError',
    /q\.data should be an array/,
  ],
  [
    'attention shape without data',
    () => engine.attention({ q: { shape: [1, 1] }, k: q2, v: q2 }),
    'ShapeError',
    /q should be number\[\]\[\] or \{shape/,
  ],
  [
    'attention nHeads −1',
    () => engine.attention({ q: q2, k: q2, v: q2, nHeads: -1 }),
    'ConfigError',
    /nHeads should be a whole number/,
  ],
  [
    'attention nHeads 1.5',
    () => engine.attention({ q: q2, k: q2, v: q2, nHeads: 1.5 }),
    'ConfigError',
    /nHeads should be a whole number/,
  ],
  [
    'attention nHeads string',
    () => engine.attention({ q: q2, k: q2, v: q2, nHeads: '2' }),
    'ConfigError',
    /nHeads should be a whole number .*got string/,
  ],
  [
    'attention nHeads Infinity',
    () => engine.attention({ q: q2, k: q2, v: q2, nHeads: Infinity }),
    'ConfigError',
    /nHeads/,
  ],
  [
    'attention q does not split',
    () => engine.attention({ q: [[1, 2, 3]], k: [[1]], v: [[1]], nHeads: 2 }),
    'ShapeError',
    /does not split into n_heads = 2/,
  ],
  [
    'attention heads not grouped',
    () =>
      engine.attention({
        q: [[1, 2, 3, 4]],
        k: [[1, 2, 3]],
        v: [[1, 2, 3]],
        nHeads: 4,
        nKvHeads: 3,
      }),
    'ConfigError',
    /multiple of n_kv_heads/,
  ],
  [
    'attention k width',
    () => engine.attention({ q: [[1, 2]], k: [[1, 2, 3]], v: [[1]] }),
    'ShapeError',
    /k \[1, 3\]/,
  ],
  [
    'attention v rows',
    () => engine.attention({ q: q2, k: q2, v: [[1, 2]] }),
    'ShapeError',
    /v \[1, 2\] should have as many rows as k/,
  ],
  [
    'attention causal string',
    () => engine.attention({ q: q2, k: q2, v: q2, causal: 'yes' }),
    'ConfigError',
    /causal should be true or false/,
  ],
  [
    'attention causal Tq > Tk',
    () => engine.attention({ q: q2, k: [[1, 0]], v: [[1, 0]], causal: true }),
    'ShapeError',
    /causal attention needs Tq <= Tk/,
  ],
  [
    'attention mask 2',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: q2,
        mask: [
          [1, 2],
          [1, 1],
        ],
      }),
    'ValueError',
    /mask\[0, 1\] should be 0\/1 or true\/false/,
  ],
  [
    'attention mask string',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: q2,
        mask: [
          ['a', 1],
          [1, 1],
        ],
      }),
    'ValueError',
    /mask\[0, 0\] should be 0\/1/,
  ],
  [
    'attention mask shape',
    () => engine.attention({ q: q2, k: q2, v: q2, mask: [[1]] }),
    'ShapeError',
    /mask \[1, 1\] should be \[Tq, Tk\] = \[2, 2\]/,
  ],
  [
    'attention mask all 0',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: q2,
        mask: [
          [0, 0],
          [1, 1],
        ],
      }),
    'MaskError',
    /query row 0 of head 0 is fully masked/,
  ],
  [
    'attention mask all false',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: q2,
        mask: [
          [false, false],
          [true, true],
        ],
      }),
    'MaskError',
    /fully masked/,
  ],
  [
    'attention scale string',
    () => engine.attention({ q: q2, k: q2, v: q2, scale: 'x' }),
    'ValueError',
    /scale should be a finite number, got string/,
  ],
  [
    'attention scale NaN',
    () => engine.attention({ q: q2, k: q2, v: q2, scale: NaN }),
    'ValueError',
    /scale should be a finite number, got NaN/,
  ],
  [
    'attention sinkLogit NaN',
    () => engine.attention({ q: q2, k: q2, v: q2, sinkLogit: NaN }),
    'ValueError',
    /sinkLogit should be a number \(not NaN\)/,
  ],
  [
    'attention gate shape',
    () => engine.attention({ q: q2, k: q2, v: q2, gateLogits: [[1]] }),
    'ShapeError',
    /gate_logits \[1, 1\] should be \[2, 2\]/,
  ],
  [
    'attention gate NaN',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: q2,
        gateLogits: [
          [NaN, 0],
          [0, 0],
        ],
      }),
    'ValueError',
    /gateLogits\[0, 0\] is NaN/,
  ],
  [
    'attention maskMode string',
    () => engine.attention({ q: q2, k: q2, v: q2, maskMode: 'after' }),
    'ConfigError',
    /maskMode should be 'neg-inf' or 'zero-after-softmax'/,
  ],
  [
    'attention maskMode number',
    () => engine.attention({ q: q2, k: q2, v: q2, maskMode: 5 }),
    'ConfigError',
    /maskMode should be a string/,
  ],
  [
    'attention want []',
    () => engine.attention({ q: q2, k: q2, v: q2, want: [] }),
    'ConfigError',
    /want should be a non-empty array/,
  ],
  [
    'attention want unknown',
    () => engine.attention({ q: q2, k: q2, v: q2, want: ['output', 'x'] }),
    'ConfigError',
    /want\[1\] should be/,
  ],
  [
    'attention want string',
    () => engine.attention({ q: q2, k: q2, v: q2, want: 'output' }),
    'ConfigError',
    /want should be a non-empty array/,
  ],
  [
    'attention k Infinity',
    () =>
      engine.attention({
        q: q2,
        k: [
          [Infinity, 0],
          [0, 1],
        ],
        v: q2,
      }),
    'ValueError',
    /k\[0, 0\] is infinite/,
  ],
  [
    'attention v −Infinity',
    () =>
      engine.attention({
        q: q2,
        k: q2,
        v: [
          [-Infinity, 0],
          [0, 1],
        ],
      }),
    'ValueError',
    /v\[0, 0\] is infinite/,
  ],
  // matmul, softmax, vectors
  [
    'matmul inner mismatch',
    () => engine.matmul([[1, 2]], [[1, 2]]),
    'ShapeError',
    /inner dimensions differ/,
  ],
  ['matmul missing a', () => engine.matmul(null, [[1]]), 'ShapeError', /missing matrix 'a'/],
  [
    'matmul vector as matrix',
    () => engine.matmul([1, 2], [[1]]),
    'ShapeError',
    /a should be an array of rows/,
  ],
  ['softmax NaN', () => engine.softmax([NaN, 1]), 'ValueError', /scores\[0\] is NaN/],
  ['softmax string entry', () => engine.softmax(['a']), 'ValueError', /scores\[0\] is NaN/],
  [
    'softmax all −Infinity',
    () => engine.softmax([-Infinity, -Infinity]),
    'MaskError',
    /the score row is fully masked/,
  ],
  [
    'softmax options number',
    () => engine.softmax([1], 5),
    'ConfigError',
    /softmax options should be an object/,
  ],
  [
    'softmax sinkLogit NaN',
    () => engine.softmax([1], { sinkLogit: NaN }),
    'ValueError',
    /sinkLogit should be a number \(not NaN\)/,
  ],
  ['softmax missing', () => engine.softmax(undefined), 'ShapeError', /missing vector 'scores'/],
  [
    'softmax string',
    () => engine.softmax('123'),
    'ShapeError',
    /scores should be an array of numbers/,
  ],
  [
    'proportionalSplit sums to 0',
    () => engine.proportionalSplit([1, -1]),
    'ValueError',
    /sum to 0/,
  ],
  [
    'dot lengths differ',
    () => engine.dot([1, 2], [1]),
    'ShapeError',
    /dot: vectors of length 2 and 1 differ/,
  ],
  ['dot empty', () => engine.dot([], []), 'ShapeError', /dot: vectors are empty/],
  ['cosine zero vector', () => engine.cosine([0, 0], [1, 1]), 'ValueError', /zero vector/],
  [
    'scoreMatrix widths',
    () => engine.scoreMatrix([[1, 2]], [[1]]),
    'ShapeError',
    /need the same width d/,
  ],
  [
    'scoreMatrix options array',
    () => engine.scoreMatrix([[1]], [[1]], [1]),
    'ConfigError',
    /scoreMatrix options should be an object, got an array/,
  ],
  [
    'cosineMatrix zero row',
    () => engine.cosineMatrix([[0, 0]], [[1, 1]]),
    'ValueError',
    /zero vector/,
  ],
  [
    'additiveScore missing W1',
    () => engine.additiveScore({ q: [1], k: [1], W2: [[1]], v: [1] }),
    'ShapeError',
    /missing matrix 'W1'/,
  ],
  // masks, RoPE
  ['causalMask Tq > Tk', () => engine.causalMask(3, 2), 'ShapeError', /causal mask needs Tq <= Tk/],
  ['causalMask −1', () => engine.causalMask(-1, 2), 'ConfigError', /tq should be a whole number/],
  [
    'causalMask NaN',
    () => engine.causalMask(NaN, 2),
    'ConfigError',
    /tq should be a whole number .*got NaN/,
  ],
  [
    'causalMask string',
    () => engine.causalMask(1, '2'),
    'ConfigError',
    /tk should be a whole number/,
  ],
  [
    'rope odd rotaryDim',
    () => engine.rope([[1, 2, 3, 4]], { rotaryDim: 3 }),
    'ConfigError',
    /rotary_dim 3 must be even/,
  ],
  [
    'rope rotaryDim > d',
    () => engine.rope([[1, 2]], { rotaryDim: 4 }),
    'ConfigError',
    /rotary_dim 4 is larger than d_head 2/,
  ],
  [
    'rope base 1',
    () => engine.rope([[1, 2]], { base: 1 }),
    'ConfigError',
    /base must be a finite number > 1/,
  ],
  [
    'rope base NaN',
    () => engine.rope([[1, 2]], { base: NaN }),
    'ValueError',
    /base should be a finite number/,
  ],
  [
    'rope positions NaN',
    () => engine.rope([[1, 2]], { positions: [NaN] }),
    'ValueError',
    /positions\[0\] is NaN/,
  ],
  [
    'rope heads do not split',
    () => engine.rope([[1, 2, 3]], { nHeads: 2 }),
    'ShapeError',
    /x \[1, 3\] does not split into n_heads = 2/,
  ],
  ['ropeFrequencies odd', () => engine.ropeFrequencies(3), 'ConfigError', /must be even/],
  [
    'ropeFrequencies base < 1',
    () => engine.ropeFrequencies(4, 0.5),
    'ConfigError',
    /base must be a finite number > 1/,
  ],
  [
    'ropeFrequencies base string',
    () => engine.ropeFrequencies(4, 'x'),
    'ValueError',
    /base should be a finite number/,
  ],
  // tiny decoder
  [
    'tiny decoder empty prompt',
    () => engine.tinyDecoderGenerate({ prompt: [] }),
    'ShapeError',
    /prompt is empty/,
  ],
  [
    'tiny decoder token outside vocab',
    () => engine.tinyDecoderGenerate({ prompt: [16] }),
    'ValueError',
    /token 16 at position 0 is outside the vocabulary \[0, 16\)/,
  ],
  [
    'tiny decoder fractional token',
    () => engine.tinyDecoderGenerate({ prompt: [1.5] }),
    'ValueError',
    /prompt\[0\] should be an integer token id, got a fraction/,
  ],
  [
    'tiny decoder prompt string',
    () => engine.tinyDecoderGenerate({ prompt: 'abc' }),
    'ShapeError',
    /prompt should be an array of token ids/,
  ],
  [
    'tiny decoder heads not grouped',
    () => engine.tinyDecoderGenerate({ prompt: [1], nHeads: 3, nKvHeads: 2 }),
    'ConfigError',
    /multiple of n_kv_heads/,
  ],
  [
    'tiny decoder ropeBase NaN',
    () => engine.tinyDecoderGenerate({ prompt: [1], ropeBase: NaN }),
    'ValueError',
    /ropeBase should be a finite number/,
  ],
  [
    'tiny decoder useCache string',
    () => engine.tinyDecoderGenerate({ prompt: [1], useCache: 'no' }),
    'ConfigError',
    /useCache should be true or false/,
  ],
  [
    'tiny decoder steps −1',
    () => engine.tinyDecoderGenerate({ prompt: [1], steps: -1 }),
    'ConfigError',
    /steps should be a whole number/,
  ],
  [
    'tiny decoder seed 2^60',
    () => engine.tinyDecoderGenerate({ prompt: [1], seed: 2 ** 60 }),
    'ConfigError',
    /seed should be a non-negative integer \(at most 2\^53\)/,
  ],
  [
    'tiny decoder vocab 0',
    () => engine.tinyDecoderForward({ tokens: [0], vocab: 0 }),
    'ConfigError',
    /vocab must be at least 1/,
  ],
  [
    'tiny decoder options string',
    () => engine.tinyDecoderIncrementalCheck('x'),
    'ConfigError',
    /tinyDecoderIncrementalCheck options should be an object/,
  ],
  // MLA, ledger, experiment, byte counts
  [
    'mla odd dRope',
    () => engine.mla({ dRope: 3 }),
    'ConfigError',
    /MLA: d_rope \(3\) must be a positive even number/,
  ],
  ['mla T 0', () => engine.mla({ T: 0 }), 'ShapeError', /x \[0, 32\] is empty/],
  [
    'mla ropeBase 1',
    () => engine.mla({ ropeBase: 1 }),
    'ConfigError',
    /MLA: rope_base must be a finite number > 1/,
  ],
  [
    'mla seed −1',
    () => engine.mla({ seed: -1 }),
    'ConfigError',
    /seed should be a non-negative integer/,
  ],
  [
    'kvLedger not an object',
    () => engine.kvLedger(5),
    'ConfigError',
    /model config should be an object/,
  ],
  [
    'kvLedger no attention',
    () => engine.kvLedger({ name: 'm' }),
    'ConfigError',
    /^m: model config needs 'attention'/,
  ],
  [
    'kvLedger unknown kind',
    () => engine.kvLedger({ attention: { kind: 'x' }, layers: 1 }),
    'ConfigError',
    /attention kind 'x' should be one of/,
  ],
  [
    'kvLedger name number',
    () => engine.kvLedger({ name: 5 }),
    'ConfigError',
    /name should be a string/,
  ],
  [
    'kvLedger G does not divide H',
    () =>
      engine.kvLedger({
        name: 'q',
        layers: 2,
        attention: { kind: 'gqa', nHeads: 24, nKvHeads: 5, headDim: 4 },
      }),
    'ConfigError',
    /^q: num_key_value_heads \(5\) must divide num_attention_heads \(24\)/,
  ],
  [
    'kvLedger layers −1',
    () => engine.kvLedger({ layers: -1 }),
    'ConfigError',
    /layers should be a non-negative integer/,
  ],
  [
    'kvLedger past 2^53',
    () =>
      engine.kvLedger({
        layers: 2 ** 40,
        contextLength: 2 ** 40,
        attention: { kind: 'mha', nHeads: 64, nKvHeads: 64, headDim: 128 },
      }),
    'ValueError',
    /36028797018963968 B is above 2\^53/,
  ],
  [
    'kvLedger reported NaN',
    () => engine.kvLedger({ reportedKvBytesPerToken: NaN }),
    'ValueError',
    /reportedKvBytesPerToken should be a finite number/,
  ],
  [
    'kvLedgerVariants contextLength −5',
    () =>
      engine.kvLedgerVariants(
        { name: 'm', layers: 1, attention: { kind: 'mha', nHeads: 1, nKvHeads: 1, headDim: 1 } },
        -5,
      ),
    'ConfigError',
    /contextLength should be a non-negative integer/,
  ],
  [
    'softmaxVariance d 0',
    () => engine.softmaxVariance({ d: 0 }),
    'ConfigError',
    /d must be at least 1/,
  ],
  [
    'softmaxVariance nSamples 1',
    () => engine.softmaxVariance({ nSamples: 1 }),
    'ConfigError',
    /n_samples must be at least 2/,
  ],
  [
    'softmaxVariance d 2^31',
    () => engine.softmaxVariance({ d: 2 ** 31 }),
    'ConfigError',
    /d should be a whole number from 0 to 2147483647/,
  ],
  ['scoreMemory T 0', () => engine.scoreMemory({ T: 0, dA: 1 }), 'ValueError', /T must be > 0/],
  [
    'scoreMemory dA missing',
    () => engine.scoreMemory({ T: 4 }),
    'ConfigError',
    /dA should be a non-negative integer/,
  ],
  ['kvReduction from 0', () => engine.kvReduction(0, 1), 'ValueError', /from_bytes must be > 0/],
  [
    'kvReduction −1',
    () => engine.kvReduction(-1, 1),
    'ConfigError',
    /fromBytes should be a non-negative integer/,
  ],
  // the lab model
  ['labLoad array', () => engine.labLoad([1, 2, 3]), 'ValueError', /bytes should be a Uint8Array/],
  ['labLoad 3 bytes', () => engine.labLoad(new Uint8Array(3)), 'ValueError', /truncated/],
  [
    'labLoad magic',
    () => engine.labLoad(new Uint8Array(64)),
    'ValueError',
    /not a lab weights file/,
  ],
  [
    'labLoad 0 heads',
    () => engine.labLoad(craftedHeader({ nHeads: 0 })),
    'ConfigError',
    /LabConfig\.n_heads must be at least 1/,
  ],
  [
    'labRun unknown id',
    () => engine.labRun(987654, { tokens: [0] }),
    'ValueError',
    /no lab model with id 987654/,
  ],
  [
    'labRun id string',
    () => engine.labRun('x', { tokens: [0] }),
    'ValueError',
    /no lab model with id \(not an id\)/,
  ],
  [
    'labRun no input',
    () => engine.labRun(labId, {}),
    'ShapeError',
    /give tokens \(number\[\]\) or text \(string\)/,
  ],
  [
    'labRun token outside vocab',
    () => engine.labRun(labId, { tokens: [0, 600] }),
    'ValueError',
    /token 600 at position 1 is outside the vocabulary/,
  ],
  [
    'labRun past context',
    () => engine.labRun(labId, { tokens: new Array(65).fill(0) }),
    'ShapeError',
    /context of 64 tokens/,
  ],
  [
    'labRun text number',
    () => engine.labRun(labId, { text: 5 }),
    'ConfigError',
    /text should be a string/,
  ],
  [
    'labRun attention string',
    () => engine.labRun(labId, { tokens: [0], attention: 'yes' }),
    'ConfigError',
    /attention should be true or false/,
  ],
  [
    'labGenerate steps −1',
    () => engine.labGenerate(labId, { tokens: [0], steps: -1 }),
    'ConfigError',
    /steps should be a whole number/,
  ],
  [
    'headPatterns not a tensor',
    () => engine.headPatterns([[1]]),
    'ShapeError',
    /weights should be \{shape: \[a, b, c\], data\}/,
  ],
  [
    'headPatterns Tq ≠ Tk',
    () => engine.headPatterns({ shape: [1, 2, 3], data: new Float32Array(6) }),
    'ShapeError',
    /needs weights \[H, T, T\] \(queries = keys\), got \[1, 2, 3\]/,
  ],
  [
    'headPatterns NaN',
    () => engine.headPatterns({ shape: [1, 2, 2], data: [1, 0, NaN, 0] }),
    'ValueError',
    /weights\[0, 1, 0\] is NaN/,
  ],
];

/** Runs every case; returns the list of cases that did not fail as expected. */
function runTable() {
  const wrong = [];
  for (const [what, call, name, message] of cases()) {
    try {
      call();
      wrong.push(`${what}: returned instead of throwing ${name}`);
    } catch (e) {
      if (!KINDS.has(e.name))
        wrong.push(`${what}: ${e.name} (not a documented kind): ${e.message}`);
      else if (e.name !== name || !message.test(e.message))
        wrong.push(`${what}: ${e.name}: ${e.message} (expected ${name} ${message})`);
    }
  }
  return wrong;
}

/** The course's worked example, and the same by hand: softmax(q·kᵀ/√2) · v. */
function checkKnownAttention() {
  const x = [
    [1.0, 0.2],
    [0.3, 0.9],
  ];
  const v = [
    [0.54, -0.16],
    [0.33, 0.54],
  ];
  const r = engine.attention({ q: x, k: x, v, causal: true });
  const s = [0, 1].map((j) => (x[1][0] * x[j][0] + x[1][1] * x[j][1]) / Math.SQRT2);
  const w = s.map((e) => Math.exp(e - Math.max(...s)));
  const z = w[0] + w[1];
  const want = [
    0.54,
    -0.16,
    (w[0] * v[0][0] + w[1] * v[1][0]) / z,
    (w[0] * v[0][1] + w[1] * v[1][1]) / z,
  ];
  for (let i = 0; i < 4; i++)
    assert.ok(Math.abs(r.output.data[i] - want[i]) < 1e-6, `output[${i}]`);
  assert.deepEqual(
    [...r.output.data].map((e) => e.toFixed(2)),
    ['0.54', '-0.16', '0.42', '0.24'],
  );
}

test(`at least 100 bad calls, each a documented error kind naming the field`, () => {
  assert.ok(cases().length >= 100, `${cases().length} cases`);
  const wrong = runTable();
  assert.deepEqual(wrong, []);
});

test('after the whole table the same instance computes a known attention, heap unchanged', () => {
  runTable(); // warm-up: the error-message buffers reach their size
  checkKnownAttention();
  const before = engine.heapBytesInUse();
  assert.deepEqual(runTable(), []);
  checkKnownAttention();
  assert.equal(engine.heapBytesInUse(), before);
  // The real model still loads and runs after the crafted files.
  const again = engine.labLoad(labBytes);
  assert.equal(engine.labRun(again.id, { text: '小明' }).tokens.length, 3);
  assert.ok(engine.labUnload(again.id));
});

test('what the table refuses has a working twin: boolean masks, want, Float32Array data', () => {
  const ones = [
    [1, 1],
    [1, 1],
  ];
  const numeric = engine.attention({
    q: q2,
    k: q2,
    v: ones,
    mask: [
      [1, 0],
      [1, 1],
    ],
  });
  const boolean = engine.attention({
    q: q2,
    k: q2,
    v: ones,
    mask: [
      [true, false],
      [true, true],
    ],
  });
  const flat = engine.attention({
    q: q2,
    k: q2,
    v: ones,
    mask: { shape: [2, 2], data: [true, false, true, true] },
  });
  assert.deepEqual([...boolean.weights.data], [...numeric.weights.data]);
  assert.deepEqual([...flat.weights.data], [...numeric.weights.data]);
  assert.equal(numeric.weights.data[1], 0);
  // nKvHeads absent means nHeads (multi-head); given, it must be ≥ 1.
  const mha = engine.attention({
    q: [[1, 0, 0, 1]],
    k: [[1, 0, 0, 1]],
    v: [[1, 2, 3, 4]],
    nHeads: 2,
  });
  const same = engine.attention({
    q: [[1, 0, 0, 1]],
    k: [[1, 0, 0, 1]],
    v: [[1, 2, 3, 4]],
    nHeads: 2,
    nKvHeads: 2,
  });
  assert.deepEqual([...mha.output.data], [...same.output.data]);
  assert.deepEqual(engine.softmax([1]).weights, new Float32Array([1]));
});
