// node --test tests/js/quant-blocks.test.mjs
// The stored weight types of the open-model contract, byte by byte: hand-made blocks (bytes
// written out here) decoded by tests/model-files/dequantize.js to values computed by hand from
// ggml's formulas; quantise → dequantise within each type's error bound; then the engine's
// openModelDequantizeRow equal to the plain-JS decoder on the same bytes (hand blocks and
// random rows of every type).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { dequantizeRow } from '../model-files/dequantize.js';
import { quantizeRow, nearestInt } from '../model-files/quantize.js';
import { rowBytes } from '../model-files/block-types.js';
import { toHalf, toBf16, fromHalf } from '../model-files/float16.js';
import { engine } from '../model-files/integration.js';
import { mulberry32, normal } from '../model-files/random.js';

/** A block of `n` bytes, zero except the given [offset, byte] pairs. */
function bytes(n, pairs) {
  const b = new Uint8Array(n);
  for (const [at, v] of pairs) b[at] = v;
  return b;
}

// The hand-made blocks, [bytes, cols] per type, decoded by hand in the tests below and handed to
// the engine in the integration tests.
const HAND = {
  f16: [
    bytes(10, [
      [1, 0x3c], // 0x3c00 = 1
      [3, 0xc0], // 0xc000 = −2
      [4, 0xff],
      [5, 0x7b], // 0x7bff = 65504, the largest half
      [6, 0x01], // 0x0001 = 2^−24, the smallest subnormal
      [9, 0x7c], // 0x7c00 = +∞
    ]),
    5,
  ],
  bf16: [
    bytes(4, [
      [0, 0x80],
      [1, 0x3f], // 0x3f80 = 1
      [2, 0x49],
      [3, 0x40], // 0x4049 = 2 · (1 + 73/128) = 3.140625
    ]),
    2,
  ],
  q8_0: [
    bytes(34, [
      [1, 0x38], // d = 0x3800 = 0.5
      [2, 1],
      [3, 0xff], // −1
      [4, 127],
      [5, 0x80], // −128
      [7, 2],
    ]),
    32,
  ],
  q4_0: [
    bytes(18, [
      [1, 0x40], // d = 0x4000 = 2
      ...Array.from({ length: 16 }, (_, j) => [2 + j, 0x88]), // both nibbles 8 → 0
      [2, 0x9f], // qs[0]: low 15, high 9
      [3, 0x08], // qs[1]: low 8, high 0
    ]),
    32,
  ],
  // d = 1 (0x3c00), dmin = 0.5 (0x3800). Sub-block 0: sc 2, m 3 (bytes 4+0, 4+4). Sub-block 1:
  // sc 1, m 0. Sub-block 4: sc = (scales[8] & 15) | (scales[0] >> 6) << 4 = 5 | 16 = 21,
  // m = (scales[8] >> 4) | (scales[4] >> 6) << 4 = 2. The others: 0 and 0.
  q4_k: [
    bytes(144, [
      [1, 0x3c],
      [3, 0x38],
      [4 + 0, 2 | (1 << 6)],
      [4 + 4, 3],
      [4 + 1, 1],
      [4 + 8, 0x25],
      [16 + 0, 0x3a], // element 0 (sub 0): q 10; element 32 (sub 1): q 3
      [16 + 64, 0x07], // element 128 (sub 4): q 7; element 160 (sub 5): q 0
    ]),
    256,
  ],
  // d = 1 at byte 208; scales (int8, byte 192 + i): [0] = 2, [2] = −3.
  q6_k: [
    bytes(210, [
      [209, 0x3c],
      [192, 2],
      [194, 0xfd],
      [0, 0x21], // ql[0]: element 0 low bits 1, element 64 low bits 2
      [128, 0x09], // qh[0]: element 0 high bits 1 (q 17), element 32 high bits 2
      [32, 0x05], // ql[32]: element 32 low bits 5 → q 37
    ]),
    256,
  ],
};
const decodeHand = (type) => dequantizeRow(type, ...HAND[type]);

test('f16 and bf16: bit patterns to values, and round to nearest even on the way in', () => {
  assert.deepEqual([...decodeHand('f16')], [1, -2, 65504, 2 ** -24, Infinity]);
  assert.deepEqual([...decodeHand('bf16')], [1, 3.140625]);
  // 1 + 2^−11 is halfway between halves 1 and 1 + 2^−10: ties go to the even mantissa (1).
  assert.equal(toHalf(1 + 2 ** -11), 0x3c00);
  assert.equal(toHalf(1 + 3 * 2 ** -11), 0x3c02);
  assert.equal(toHalf(65520), 0x7c00); // rounds past the largest half
  assert.equal(toBf16(1 + 2 ** -8), 0x3f80); // tie → even
  assert.equal(toBf16(1 + 3 * 2 ** -8), 0x3f82);
  assert.equal(fromHalf(toHalf(0.1)), 0.0999755859375);
});

test("ggml's nearest_int rounds halves to even, as the float trick in C does", () => {
  assert.deepEqual(
    [0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 7.6].map(nearestInt),
    [0, 2, 2, 0, -2, 2, 8],
  );
});

test('q8_0 by hand: x = d · q with d = 0.5', () => {
  const y = decodeHand('q8_0');
  assert.deepEqual([...y.slice(0, 6)], [0.5, -0.5, 63.5, -64, 0, 1]);
  assert.ok(y.slice(6).every((v) => v === 0));
});

test('q4_0 by hand: element j < 16 is the low nibble of qs[j], j + 16 the high one, x = d·(n − 8)', () => {
  const y = decodeHand('q4_0');
  assert.equal(y[0], 2 * 7);
  assert.equal(y[16], 2 * 1);
  assert.ok(y[1] === 0, 'y[1]');
  assert.equal(y[17], 2 * -8);
  assert.equal(y.filter((v) => v !== 0).length, 3);
});

test('q4_k by hand: 6-bit scales and mins as get_scale_min_k4 unpacks them, x = d·sc·q − dmin·m', () => {
  const y = decodeHand('q4_k');
  assert.equal(y[0], 1 * 2 * 10 - 0.5 * 3); // 18.5
  assert.equal(y[1], -1.5); // q 0 in sub-block 0
  assert.equal(y[32], 1 * 1 * 3);
  assert.ok(y[33] === 0, 'y[33]');
  assert.equal(y[128], 1 * 21 * 7 - 0.5 * 2); // 146
  assert.equal(y[129], -1);
  assert.ok(y[160] === 0, 'y[160]');
  assert.ok(y[64] === 0, 'y[64]'); // sub-block 2: sc 0, m 0
});

test('q6_k by hand: q = low 4 bits from ql, high 2 from qh, x = d · scales[i] · (q − 32)', () => {
  const y = decodeHand('q6_k');
  assert.equal(y[0], 2 * (17 - 32)); // −30
  assert.equal(y[1], 2 * (0 - 32)); // −64
  assert.ok(y[16] === 0, 'y[16]'); // scales[1] = 0
  assert.equal(y[32], -3 * (37 - 32)); // −15
  assert.equal(y[33], -3 * (0 - 32)); // 96
  assert.ok(y[64] === 0, 'y[64]'); // scales[4] = 0
});

test('row sizes follow the block geometry, and a row that does not split into blocks is refused', () => {
  assert.equal(rowBytes('q8_0', 64), 68);
  assert.equal(rowBytes('q4_0', 64), 36);
  assert.equal(rowBytes('q4_k', 512), 288);
  assert.equal(rowBytes('q6_k', 256), 210);
  assert.equal(rowBytes('bf16', 3), 6);
  assert.throws(() => rowBytes('q4_k', 128), /q4_k needs cols % 256/);
});

/** A row drawn from N(0, σ²) with a few outliers, as trained weights look. */
function randomRow(rng, n, sigma = 0.05) {
  return Float32Array.from({ length: n }, () => normal(rng) * sigma * (rng() < 0.02 ? 8 : 1));
}

/** The largest |x| of each block of `block`, repeated per element. */
function blockAmax(x, block) {
  const out = new Float32Array(x.length);
  for (let b = 0; b < x.length; b += block) {
    let m = 0;
    for (let j = 0; j < block; j++) m = Math.max(m, Math.abs(x[b + j]));
    out.fill(m, b, b + block);
  }
  return out;
}

// Error bound per element, as a fraction of the block's largest |x|: q8_0 rounds to d/2 =
// amax/254 (+ d's own f16 rounding); q4_0's d = max/−8 leaves half a step, amax/16, except the
// far side clips at +7 (a whole step, amax/8); k-quants: a sub-block step of its range/15 (q4_k)
// or ~amax/32 (q6_k), halved, plus the 6- or 8-bit rounding of the sub-block scales.
const BOUNDS = {
  f16: 2 ** -11,
  bf16: 2 ** -8,
  q8_0: 1 / 254 + 1e-3,
  q4_0: 1 / 8,
  q4_k: 0.1,
  q6_k: 0.03,
};
const BLOCK = { f16: 1, bf16: 1, q8_0: 32, q4_0: 32, q4_k: 256, q6_k: 256 };

test('quantise → dequantise stays within each type’s bound, and is not exact for the block types', () => {
  const rng = mulberry32(7);
  for (const [type, bound] of Object.entries(BOUNDS)) {
    const x = randomRow(rng, 1024);
    const y = dequantizeRow(type, quantizeRow(type, x), x.length);
    const amax = blockAmax(x, BLOCK[type]);
    let worst = 0;
    for (let i = 0; i < x.length; i++) {
      const ref = BLOCK[type] === 1 ? Math.abs(x[i]) : amax[i];
      worst = Math.max(worst, Math.abs(x[i] - y[i]) / ref);
    }
    assert.ok(worst <= bound, `${type}: worst error ${worst} of the block's |x|max > ${bound}`);
    if (BLOCK[type] > 1) assert.ok(worst > 1e-4, `${type}: suspiciously exact`);
  }
  const zeros = new Float32Array(256);
  for (const type of ['q8_0', 'q4_0', 'q4_k', 'q6_k'])
    assert.ok(
      dequantizeRow(type, quantizeRow(type, zeros), 256).every((v) => v === 0),
      type,
    );
});

let e;
before(async () => {
  e = await engine();
});

/** |engine − reference| within float32 rounding of the reference (different association). */
function assertSameRow(type, bytesIn, cols) {
  const mine = dequantizeRow(type, bytesIn, cols);
  const theirs = e.openModelDequantizeRow(type, bytesIn, cols);
  assert.ok(theirs instanceof Float32Array, `${type}: a Float32Array`);
  assert.equal(theirs.length, cols);
  for (let i = 0; i < cols; i++)
    assert.ok(
      Math.abs(mine[i] - theirs[i]) <= 1e-6 * Math.max(1, Math.abs(mine[i])),
      `${type}[${i}]: engine ${theirs[i]}, reference ${mine[i]}`,
    );
}

test('engine: openModelDequantizeRow equals the plain-JS decoder on the hand-made blocks', () => {
  for (const [type, [b, cols]] of Object.entries(HAND))
    // The f16 block ends in +∞, which the engine refuses to hand out (a finite-results rule):
    // its first four, finite halves.
    if (type === 'f16') assertSameRow(type, b.subarray(0, 8), 4);
    else assertSameRow(type, b, cols);
});

test('engine: openModelDequantizeRow equals the plain-JS decoder on random rows of every type', () => {
  const rng = mulberry32(11);
  for (const type of ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_k', 'q6_k']) {
    for (const cols of [256, 768]) {
      const row = randomRow(rng, cols, 0.3);
      assertSameRow(type, quantizeRow(type, row), cols);
      // Random bytes too: every bit pattern of a block decodes the same (f32/f16/bf16 would
      // make NaN and ∞ from random bits, so those keep the quantised row only).
      if (BLOCK[type] > 1) {
        const junk = Uint8Array.from({ length: rowBytes(type, cols) }, () => (rng() * 256) | 0);
        // Keep every f16 scale finite: clear the top exponent bit of each d / dmin.
        fixScales(type, junk);
        assertSameRow(type, junk, cols);
      }
    }
  }
});

/** Clears bit 14 of each f16 scale of the blocks in `b` so that none is ∞ or NaN. */
function fixScales(type, b) {
  const spots = { q8_0: [34, [1]], q4_0: [18, [1]], q4_k: [144, [1, 3]], q6_k: [210, [209]] }[type];
  const [size, highBytes] = spots;
  for (let at = 0; at < b.length; at += size) for (const h of highBytes) b[at + h] &= 0xbf;
}

test('engine: a row that does not split into blocks is refused with a message naming the type', () => {
  assert.throws(() => e.openModelDequantizeRow('q4_k', new Uint8Array(144), 128), /q4_k|256/);
  assert.throws(() => e.openModelDequantizeRow('q5_k', new Uint8Array(176), 256), /q5_k/);
});
