// The f32 reference forward pass of every architecture the widget opens, in plain JS (computed in
// float64), written from the Hugging Face transformers modelling code of each family —
// models/gpt2/modeling_gpt2.py (GPT2Block: ln_1 → GPT2Attention with the fused c_attn Conv1D,
// scale by 1/√d, causal softmax → c_proj; ln_2 → GPT2MLP c_fc → gelu_new → c_proj; ln_f; lm_head
// tied to wte), models/llama/modeling_llama.py (LlamaRMSNorm, LlamaRotaryEmbedding with
// rotate_half, apply_rotary_pos_emb, repeat_kv for GQA, eager_attention_forward, LlamaMLP
// down(act(gate) · up)), models/qwen2 (Llama plus q/k/v biases), models/qwen3
// (Qwen3Attention: q_norm/k_norm RMSNorm over each head before RoPE) and Qwen3-Next's gated
// attention (q_proj gives per head [query (d); gate (d)], the attention output is multiplied by
// sigmoid(gate) before o_proj); mistral is llama (its sliding window never applies here: the
// tests stay below it). It takes the weights in HF names and orientation (torch Linear [out, in];
// GPT-2's Conv1D [in, out]) and imports nothing from cpp/ or web/: it is the independent
// reference the engine's open-model path is compared with.
//
// Letters: T tokens, V vocabulary, D d_model, L layers, H query heads, G KV heads, d head width,
// F MLP hidden width.

/** A weight by name: { rows, cols, data } (rows × cols as stored). */
function get(weights, name) {
  const w = weights.get(name);
  if (!w) throw new Error(`reference forward: no tensor ${name}`);
  return w;
}

/** x [T, n] · W: W stored [in, out] ("kn") or [out, in] ("nk"); + bias [out] when given. */
function linear(x, T, w, layout, bias) {
  const [nIn, nOut] = layout === 'kn' ? [w.rows, w.cols] : [w.cols, w.rows];
  const y = new Float64Array(T * nOut);
  for (let t = 0; t < T; t++) {
    const xt = x.subarray(t * nIn, (t + 1) * nIn);
    const yt = y.subarray(t * nOut, (t + 1) * nOut);
    if (layout === 'kn') {
      for (let i = 0; i < nIn; i++) {
        const xi = xt[i];
        const row = w.data.subarray(i * nOut, (i + 1) * nOut);
        for (let o = 0; o < nOut; o++) yt[o] += xi * row[o];
      }
    } else {
      for (let o = 0; o < nOut; o++) {
        const row = w.data.subarray(o * nIn, (o + 1) * nIn);
        let s = 0;
        for (let i = 0; i < nIn; i++) s += xt[i] * row[i];
        yt[o] = s;
      }
    }
    if (bias) for (let o = 0; o < nOut; o++) yt[o] += bias.data[o];
  }
  return y;
}

/** LlamaRMSNorm over blocks of n: x / sqrt(mean(x²) + eps) · gain. */
function rmsNorm(x, n, gain, eps) {
  const y = new Float64Array(x.length);
  for (let b = 0; b < x.length; b += n) {
    let ss = 0;
    for (let i = 0; i < n; i++) ss += x[b + i] * x[b + i];
    const inv = 1 / Math.sqrt(ss / n + eps);
    for (let i = 0; i < n; i++) y[b + i] = x[b + i] * inv * gain.data[i];
  }
  return y;
}

/** nn.LayerNorm over rows of n: (x − mean) / sqrt(var + eps) · w + b (biased variance). */
function layerNorm(x, n, w, b, eps) {
  const y = new Float64Array(x.length);
  for (let r = 0; r < x.length; r += n) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += x[r + i];
    mean /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (x[r + i] - mean) ** 2;
    const inv = 1 / Math.sqrt(v / n + eps);
    for (let i = 0; i < n; i++) y[r + i] = (x[r + i] - mean) * inv * w.data[i] + b.data[i];
  }
  return y;
}

/** apply_rotary_pos_emb with rotate_half, in place on x [T, heads·d], position t for row t. */
function rope(x, T, heads, d, theta) {
  const half = d / 2;
  for (let t = 0; t < T; t++)
    for (let h = 0; h < heads; h++) {
      const base = (t * heads + h) * d;
      for (let i = 0; i < half; i++) {
        const angle = t * theta ** (-(2 * i) / d); // inv_freq = 1 / θ^(2i/d)
        const c = Math.cos(angle),
          s = Math.sin(angle);
        const a = x[base + i],
          b = x[base + i + half];
        x[base + i] = a * c - b * s;
        x[base + i + half] = b * c + a * s;
      }
    }
}

/**
 * Causal softmax(q·kᵀ/√d)·v per query head; head h reads KV head ⌊h / (H/G)⌋ (repeat_kv).
 * q [T, H·d], k, v [T, G·d] → { out [T, H·d], weights Float32Array [H, T, T] }.
 */
function causalAttention(q, k, v, T, H, G, d) {
  const out = new Float64Array(T * H * d);
  const weights = new Float32Array(H * T * T);
  const scale = 1 / Math.sqrt(d);
  const row = new Float64Array(T);
  for (let h = 0; h < H; h++) {
    const g = Math.floor(h / (H / G));
    for (let i = 0; i < T; i++) {
      let max = -Infinity;
      for (let j = 0; j <= i; j++) {
        let s = 0;
        for (let c = 0; c < d; c++) s += q[(i * H + h) * d + c] * k[(j * G + g) * d + c];
        row[j] = s * scale;
        max = Math.max(max, row[j]);
      }
      let z = 0;
      for (let j = 0; j <= i; j++) z += row[j] = Math.exp(row[j] - max);
      for (let j = 0; j <= i; j++) {
        const p = row[j] / z;
        weights[(h * T + i) * T + j] = p;
        for (let c = 0; c < d; c++) out[(i * H + h) * d + c] += p * v[(j * G + g) * d + c];
      }
    }
  }
  return { out, weights };
}

const silu = (x) => x / (1 + Math.exp(-x));
const sigmoid = (x) => 1 / (1 + Math.exp(-x));
// gelu_new (ACT2FN["gelu_new"], GPT-2's activation_function): the tanh approximation.
const geluNew = (x) => 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x ** 3)));

function addInPlace(x, y) {
  for (let i = 0; i < x.length; i++) x[i] += y[i];
}

/** Rows `tokens` of an embedding [V, D]. */
function embed(w, tokens, D) {
  const x = new Float64Array(tokens.length * D);
  tokens.forEach((tok, t) => {
    if (!(tok >= 0 && tok < w.rows))
      throw new Error(`token ${tok} at position ${t} outside [0, ${w.rows})`);
    for (let i = 0; i < D; i++) x[t * D + i] = w.data[tok * D + i];
  });
  return x;
}

function gpt2Forward(cfg, w, tokens) {
  const T = tokens.length,
    D = cfg.dModel,
    H = cfg.nHeads,
    d = D / H;
  const eps = cfg.normEps ?? 1e-5;
  const x = embed(get(w, 'wte.weight'), tokens, D);
  const wpe = get(w, 'wpe.weight');
  for (let t = 0; t < T; t++) for (let i = 0; i < D; i++) x[t * D + i] += wpe.data[t * D + i];
  const attention = [];
  const lin = (h, name) => {
    const wt = get(w, `${name}.weight`);
    return linear(h, T, wt, wt.layout ?? 'kn', get(w, `${name}.bias`));
  };
  for (let l = 0; l < cfg.nLayers; l++) {
    const p = `h.${l}`;
    const h = layerNorm(x, D, get(w, `${p}.ln_1.weight`), get(w, `${p}.ln_1.bias`), eps);
    const qkv = lin(h, `${p}.attn.c_attn`); // [T, 3D]: q | k | v
    const q = new Float64Array(T * D),
      k = new Float64Array(T * D),
      v = new Float64Array(T * D);
    for (let t = 0; t < T; t++) {
      q.set(qkv.subarray(t * 3 * D, t * 3 * D + D), t * D);
      k.set(qkv.subarray(t * 3 * D + D, t * 3 * D + 2 * D), t * D);
      v.set(qkv.subarray(t * 3 * D + 2 * D, t * 3 * D + 3 * D), t * D);
    }
    const a = causalAttention(q, k, v, T, H, H, d);
    attention.push(a.weights);
    addInPlace(x, lin(a.out, `${p}.attn.c_proj`));
    const u = layerNorm(x, D, get(w, `${p}.ln_2.weight`), get(w, `${p}.ln_2.bias`), eps);
    const m = lin(u, `${p}.mlp.c_fc`).map(geluNew);
    addInPlace(x, lin(m, `${p}.mlp.c_proj`));
  }
  const f = layerNorm(x, D, get(w, 'ln_f.weight'), get(w, 'ln_f.bias'), eps);
  return { logits: linear(f, T, get(w, 'wte.weight'), 'nk'), attention };
}

function llamaFamilyForward(cfg, w, tokens) {
  const T = tokens.length,
    D = cfg.dModel,
    H = cfg.nHeads,
    G = cfg.nKvHeads,
    d = cfg.dHead;
  const eps = cfg.normEps;
  const qkNorm = cfg.arch === 'qwen3';
  const bias = cfg.arch === 'qwen2' || (cfg.arch === 'llama' && cfg.attentionBias);
  const x = embed(get(w, 'model.embed_tokens.weight'), tokens, D);
  const attention = [];
  const lin = (h, name, withBias = false) =>
    linear(h, T, get(w, `${name}.weight`), 'nk', withBias ? get(w, `${name}.bias`) : null);
  for (let l = 0; l < cfg.nLayers; l++) {
    const p = `model.layers.${l}`;
    const h = rmsNorm(x, D, get(w, `${p}.input_layernorm.weight`), eps);
    let q = lin(h, `${p}.self_attn.q_proj`, bias);
    let gate = null;
    if (cfg.attnOutputGate) {
      // [T, H, 2d] → query [T, H·d] and gate [T, H·d] (torch.chunk(…view(T, H, 2d), 2, −1)).
      const both = q;
      q = new Float64Array(T * H * d);
      gate = new Float64Array(T * H * d);
      for (let r = 0; r < T * H; r++) {
        q.set(both.subarray(r * 2 * d, r * 2 * d + d), r * d);
        gate.set(both.subarray(r * 2 * d + d, (r + 1) * 2 * d), r * d);
      }
    }
    let k = lin(h, `${p}.self_attn.k_proj`, bias);
    const v = lin(h, `${p}.self_attn.v_proj`, bias);
    if (qkNorm) {
      q = rmsNorm(q, d, get(w, `${p}.self_attn.q_norm.weight`), eps);
      k = rmsNorm(k, d, get(w, `${p}.self_attn.k_norm.weight`), eps);
    }
    rope(q, T, H, d, cfg.ropeTheta);
    rope(k, T, G, d, cfg.ropeTheta);
    const a = causalAttention(q, k, v, T, H, G, d);
    attention.push(a.weights);
    if (gate) for (let i = 0; i < a.out.length; i++) a.out[i] *= sigmoid(gate[i]);
    addInPlace(x, lin(a.out, `${p}.self_attn.o_proj`));
    const u = rmsNorm(x, D, get(w, `${p}.post_attention_layernorm.weight`), eps);
    const g = lin(u, `${p}.mlp.gate_proj`),
      up = lin(u, `${p}.mlp.up_proj`);
    for (let i = 0; i < g.length; i++) g[i] = silu(g[i]) * up[i];
    addInPlace(x, lin(g, `${p}.mlp.down_proj`));
  }
  const f = rmsNorm(x, D, get(w, 'model.norm.weight'), eps);
  const head = cfg.tiedEmbeddings ? 'model.embed_tokens.weight' : 'lm_head.weight';
  return { logits: linear(f, T, get(w, head), 'nk'), attention };
}

/**
 * config: the engine's open-model config ({ arch, vocab, dModel, nLayers, nHeads, nKvHeads,
 * dHead, mlpHidden, context, ropeTheta, normEps, tiedEmbeddings, attentionBias,
 * attnOutputGate }); weights: Map HF name → { rows, cols, data: Float32Array, layout? } (GPT-2's
 * Conv1D weights "kn" unless layout says "nk"); tokens: ids. Returns { logits: Float64Array
 * [T, V], attention: [L] × Float32Array [H, T, T] }.
 */
export function referenceForward(config, weights, tokens) {
  if (config.arch === 'gpt2') return gpt2Forward(config, weights, tokens);
  if (['llama', 'mistral', 'qwen2', 'qwen3'].includes(config.arch))
    return llamaFamilyForward(config, weights, tokens);
  throw new Error(`reference forward: unsupported arch ${config.arch}`);
}
