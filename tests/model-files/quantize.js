// f32 → the stored weight types of the open-model contract: f16 and bf16 (round to nearest even,
// tests/model-files/float16.js) and ggml's blocks Q8_0, Q4_0, Q4_K, Q6_K, written from
// llama.cpp's ggml/src/ggml-quants.c: quantize_row_q8_0_ref, quantize_row_q4_0_ref,
// quantize_row_q4_K_ref (with make_qkx2_quants) and quantize_row_q6_K_ref (with
// make_qx_quants), and the byte layouts of ggml-common.h. Plain JS with the float32 roundings
// of the C code (Math.fround) where they decide a value; the byte LAYOUT is ggml's exactly, the
// choice of scales may differ from ggml's in a last rounding (it only has to be a good
// quantisation: the tests compare the engine with tests/model-files/dequantize.js on the SAME
// bytes). Nothing here comes from the engine, so the test files it writes are an independent
// check of the engine's decoders.
import { toHalf, toBf16, fromHalf } from './float16.js';
import { rowBytes } from './block-types.js';

const fr = Math.fround;

/** ggml's nearest_int: round to nearest, ties to even, through float32 (the 1.5·2^23 trick). */
export function nearestInt(x) {
  return fr(fr(x) + 12582912) - 12582912;
}

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

function putHalf(out, at, x) {
  const h = toHalf(x);
  out[at] = h & 0xff;
  out[at + 1] = h >>> 8;
}

// ---- Q8_0: d = amax / 127, q = round(x / d) ------------------------------------------------
function q8_0Block(x, out, at) {
  let amax = 0;
  for (let j = 0; j < 32; j++) amax = Math.max(amax, Math.abs(x[j]));
  const d = fr(amax / 127);
  const id = d ? fr(1 / d) : 0;
  putHalf(out, at, d);
  // roundf: half away from zero.
  for (let j = 0; j < 32; j++) {
    const v = fr(x[j] * id);
    out[at + 2 + j] = (Math.sign(v) * Math.round(Math.abs(v))) & 0xff;
  }
}

// ---- Q4_0: d = max / −8 (max = the value of largest magnitude), q = min(15, (int)(x/d + 8.5))
function q4_0Block(x, out, at) {
  let amax = 0,
    max = 0;
  for (let j = 0; j < 32; j++)
    if (amax < Math.abs(x[j])) {
      amax = Math.abs(x[j]);
      max = x[j];
    }
  const d = fr(max / -8);
  const id = d ? fr(1 / d) : 0;
  putHalf(out, at, d);
  for (let j = 0; j < 16; j++) {
    const x0 = fr(x[j] * id),
      x1 = fr(x[j + 16] * id);
    const q0 = Math.min(15, Math.trunc(fr(x0 + 8.5)));
    const q1 = Math.min(15, Math.trunc(fr(x1 + 8.5)));
    out[at + 2 + j] = q0 | (q1 << 4);
  }
}

// ---- make_qkx2_quants: scale and min of one sub-block for x ≈ scale·L − min, L in 0 … nmax,
// weighted least squares over a small grid of trial scales (ggml-quants.c).
function makeQkx2Quants(n, nmax, x, weights, L, rmin, rdelta, nstep) {
  let min = x[0],
    max = x[0],
    sumW = weights[0],
    sumX = fr(sumW * x[0]);
  for (let i = 1; i < n; i++) {
    if (x[i] < min) min = x[i];
    if (x[i] > max) max = x[i];
    sumW = fr(sumW + weights[i]);
    sumX = fr(sumX + fr(weights[i] * x[i]));
  }
  if (min > 0) min = 0;
  if (max === min) {
    L.fill(0, 0, n);
    return { scale: 0, min: -min };
  }
  let iscale = fr(nmax / fr(max - min));
  let scale = fr(1 / iscale);
  let bestError = 0;
  for (let i = 0; i < n; i++) {
    L[i] = clamp(nearestInt(fr(iscale * fr(x[i] - min))), 0, nmax);
    const diff = fr(fr(scale * L[i]) + min - x[i]);
    bestError = fr(bestError + fr(weights[i] * fr(diff * diff)));
  }
  const Laux = new Uint8Array(n);
  for (let is = 0; is <= nstep; is++) {
    iscale = fr(fr(rmin + fr(rdelta * is) + nmax) / fr(max - min));
    let sumL = 0,
      sumL2 = 0,
      sumXL = 0;
    for (let i = 0; i < n; i++) {
      const l = clamp(nearestInt(fr(iscale * fr(x[i] - min))), 0, nmax);
      Laux[i] = l;
      const w = weights[i];
      sumL = fr(sumL + fr(w * l));
      sumL2 = fr(sumL2 + fr(fr(w * l) * l));
      sumXL = fr(sumXL + fr(fr(w * l) * x[i]));
    }
    const D = fr(fr(sumW * sumL2) - fr(sumL * sumL));
    if (D > 0) {
      let thisScale = fr(fr(fr(sumW * sumXL) - fr(sumX * sumL)) / D);
      let thisMin = fr(fr(fr(sumL2 * sumX) - fr(sumL * sumXL)) / D);
      if (thisMin > 0) {
        thisMin = 0;
        thisScale = fr(sumXL / sumL2);
      }
      let curError = 0;
      for (let i = 0; i < n; i++) {
        const diff = fr(fr(thisScale * Laux[i]) + thisMin - x[i]);
        curError = fr(curError + fr(weights[i] * fr(diff * diff)));
      }
      if (curError < bestError) {
        L.set(Laux.subarray(0, n));
        bestError = curError;
        scale = thisScale;
        min = thisMin;
      }
    }
  }
  return { scale, min: -min };
}

// ---- Q4_K: 8 sub-blocks of 32, each x ≈ d·sc·q − dmin·m with 6-bit sc, m packed in 12 bytes.
function q4_kBlock(x, out, at) {
  const L = new Uint8Array(256);
  const scales = new Float32Array(8),
    mins = new Float32Array(8);
  let maxScale = 0,
    maxMin = 0;
  const weights = new Float32Array(32);
  for (let j = 0; j < 8; j++) {
    const xs = x.subarray(32 * j, 32 * j + 32);
    let sumX2 = 0;
    for (let l = 0; l < 32; l++) sumX2 = fr(sumX2 + fr(xs[l] * xs[l]));
    const avX = fr(Math.sqrt(fr(sumX2 / 32)));
    for (let l = 0; l < 32; l++) weights[l] = fr(avX + Math.abs(xs[l]));
    const r = makeQkx2Quants(32, 15, xs, weights, L.subarray(32 * j, 32 * j + 32), -1, 0.1, 20);
    scales[j] = r.scale;
    mins[j] = r.min;
    if (r.scale > maxScale) maxScale = r.scale;
    if (r.min > maxMin) maxMin = r.min;
  }
  const invScale = maxScale > 0 ? fr(63 / maxScale) : 0;
  const invMin = maxMin > 0 ? fr(63 / maxMin) : 0;
  const sc = out.subarray(at + 4, at + 16);
  sc.fill(0);
  for (let j = 0; j < 8; j++) {
    // uint8_t of nearest_int, then MIN(63, ·), as the C code.
    const ls = Math.min(63, nearestInt(fr(invScale * scales[j])) & 0xff);
    const lm = Math.min(63, nearestInt(fr(invMin * mins[j])) & 0xff);
    if (j < 4) {
      sc[j] = ls;
      sc[j + 4] = lm;
    } else {
      sc[j + 4] = (ls & 0xf) | ((lm & 0xf) << 4);
      sc[j - 4] |= (ls >> 4) << 6;
      sc[j] |= (lm >> 4) << 6;
    }
  }
  putHalf(out, at, fr(maxScale / 63));
  putHalf(out, at + 2, fr(maxMin / 63));
  const d = fromHalf(toHalf(fr(maxScale / 63))),
    dmin = fromHalf(toHalf(fr(maxMin / 63)));
  for (let j = 0; j < 8; j++) {
    const [s, m] = scaleMinK4(j, sc);
    const dj = fr(d * s);
    if (!dj) continue;
    const dm = fr(dmin * m);
    for (let ii = 0; ii < 32; ii++)
      L[32 * j + ii] = clamp(nearestInt(fr(fr(x[32 * j + ii] + dm) / dj)), 0, 15);
  }
  for (let j = 0, q = at + 16; j < 256; j += 64, q += 32)
    for (let l = 0; l < 32; l++) out[q + l] = L[j + l] | (L[j + l + 32] << 4);
}

/** ggml's get_scale_min_k4: the 6-bit scale and min of sub-block j from the 12 packed bytes. */
export function scaleMinK4(j, q) {
  if (j < 4) return [q[j] & 63, q[j + 4] & 63];
  return [(q[j + 4] & 0xf) | ((q[j - 4] >> 6) << 4), (q[j + 4] >> 4) | ((q[j] >> 6) << 4)];
}

// ---- make_qx_quants (rmse_type 1, no importance weights): symmetric scale, L in −nmax … nmax−1.
function makeQxQuants(n, nmax, x, L) {
  let max = 0,
    amax = 0;
  for (let i = 0; i < n; i++)
    if (Math.abs(x[i]) > amax) {
      amax = Math.abs(x[i]);
      max = x[i];
    }
  if (amax < 1e-15) {
    L.fill(0, 0, n);
    return 0;
  }
  const trial = (iscale) => {
    let sumlx = 0,
      suml2 = 0;
    for (let i = 0; i < n; i++) {
      const l = clamp(nearestInt(fr(iscale * x[i])), -nmax, nmax - 1);
      const w = fr(x[i] * x[i]);
      sumlx = fr(sumlx + fr(fr(w * x[i]) * l));
      suml2 = fr(suml2 + fr(fr(w * l) * l));
    }
    return { sumlx, suml2 };
  };
  const fill = (iscale) => {
    for (let i = 0; i < n; i++) L[i] = nmax + clamp(nearestInt(fr(iscale * x[i])), -nmax, nmax - 1);
  };
  let iscale = fr(-nmax / max);
  let { sumlx, suml2 } = trial(iscale);
  fill(iscale);
  let scale = suml2 ? fr(sumlx / suml2) : 0;
  let best = fr(scale * sumlx);
  for (let is = -9; is <= 9; is++) {
    if (is === 0) continue;
    iscale = fr(-fr(nmax + fr(0.1 * is)) / max);
    ({ sumlx, suml2 } = trial(iscale));
    if (suml2 > 0 && fr(sumlx * sumlx) > fr(best * suml2)) {
      fill(iscale);
      scale = fr(sumlx / suml2);
      best = fr(scale * sumlx);
    }
  }
  return scale;
}

// ---- Q6_K: 16 sub-blocks of 16, x ≈ d·scales[i]·(q − 32), q 6-bit split into ql (low 4) and qh.
function q6_kBlock(x, out, at) {
  const L = new Uint8Array(256);
  const scales = new Float32Array(16);
  let maxScale = 0,
    maxAbsScale = 0;
  for (let ib = 0; ib < 16; ib++) {
    const s = makeQxQuants(16, 32, x.subarray(16 * ib, 16 * ib + 16), L.subarray(16 * ib));
    scales[ib] = s;
    if (Math.abs(s) > maxAbsScale) {
      maxAbsScale = Math.abs(s);
      maxScale = s;
    }
  }
  out.fill(0, at, at + 210);
  if (maxAbsScale < 1e-15) return;
  const iscale = fr(-128 / maxScale);
  putHalf(out, at + 208, fr(1 / iscale));
  const d = fromHalf(toHalf(fr(1 / iscale)));
  const sc = new Int8Array(out.buffer, out.byteOffset + at + 192, 16);
  for (let ib = 0; ib < 16; ib++) sc[ib] = Math.min(127, nearestInt(fr(iscale * scales[ib])));
  for (let j = 0; j < 16; j++) {
    const dj = fr(d * sc[j]);
    if (!dj) continue;
    for (let ii = 0; ii < 16; ii++)
      L[16 * j + ii] = clamp(nearestInt(fr(x[16 * j + ii] / dj)), -32, 31) + 32;
  }
  for (let j = 0, ql = at, qh = at + 128; j < 256; j += 128, ql += 64, qh += 32)
    for (let l = 0; l < 32; l++) {
      const [a, b, c, e] = [L[j + l], L[j + l + 32], L[j + l + 64], L[j + l + 96]];
      out[ql + l] = (a & 0xf) | ((c & 0xf) << 4);
      out[ql + l + 32] = (b & 0xf) | ((e & 0xf) << 4);
      out[qh + l] = (a >> 4) | ((b >> 4) << 2) | ((c >> 4) << 4) | ((e >> 4) << 6);
    }
}

const BLOCKS = {
  q8_0: [32, 34, q8_0Block],
  q4_0: [32, 18, q4_0Block],
  q4_k: [256, 144, q4_kBlock],
  q6_k: [256, 210, q6_kBlock],
};

/** One row of f32 values → its stored bytes in `type`. */
export function quantizeRow(type, row) {
  const x = row instanceof Float32Array ? row : Float32Array.from(row);
  const out = new Uint8Array(rowBytes(type, x.length));
  if (type === 'f32')
    new Uint8Array(out.buffer).set(new Uint8Array(x.buffer, x.byteOffset, out.length));
  else if (type === 'f16' || type === 'bf16') {
    const enc = type === 'f16' ? toHalf : toBf16;
    for (let i = 0; i < x.length; i++) {
      const h = enc(x[i]);
      out[2 * i] = h & 0xff;
      out[2 * i + 1] = h >>> 8;
    }
  } else {
    const [block, bytes, quantizeBlock] = BLOCKS[type];
    for (let b = 0; b * block < x.length; b++)
      quantizeBlock(x.subarray(b * block, (b + 1) * block), out, b * bytes);
  }
  return out;
}

/** A row-major matrix [rows, cols] of f32 → rows × rowBytes(type, cols) bytes, row after row. */
export function quantizeMatrix(type, data, rows, cols) {
  const rb = rowBytes(type, cols);
  const out = new Uint8Array(rows * rb);
  for (let r = 0; r < rows; r++)
    out.set(quantizeRow(type, data.subarray(r * cols, (r + 1) * cols)), r * rb);
  return out;
}
