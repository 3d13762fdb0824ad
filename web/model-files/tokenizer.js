// Text ↔ token ids for an opened model, through one library (@huggingface/tokenizers, pure JS):
// an HF checkpoint's tokenizer.json as it is, and a GGUF file's own vocabulary
// (tokenizer.ggml.*) rebuilt as the tokenizer.json that Hugging Face's converters would have
// written for it:
//   "gpt2"   byte-level BPE (GPT-2, Llama 3, Qwen2/2.5/3): tokens + merges, the pre-tokenizer
//            regex of tokenizer.ggml.pre;
//   "llama"  SentencePiece BPE (Llama 2, Mistral): tokens + scores, the merges derived from the
//            scores as transformers' SentencePieceExtractor does, "▁" for spaces, byte fallback.
// The engine never sees text; the widget encodes the prompt here and labels the heatmap with
// tokens(ids).
import { Tokenizer } from '@huggingface/tokenizers';
import { OpenModelError } from './open-model-error.js';

/**
 * @typedef {object} ModelTokenizer
 * @property {(text: string) => number[]} encode the text's ids, no special tokens added
 * @property {(ids: number[]) => string} decode
 * @property {(ids: number[]) => string[]} tokens one readable label per id
 * @property {number} size the largest id it can produce + 1
 * @property {number | null} bosId the id the model's tokenizer puts first (null: none)
 * @property {number | null} unkId the id of what it cannot read (null: a byte-level vocabulary,
 *   which reads everything)
 */

/**
 * @param {Record<string, any>} json a tokenizer.json object
 * @param {Record<string, any>} [config] tokenizer_config.json, if picked
 * @param {{ addBos?: number | null }} [opts] a GGUF's add_bos_token choice (HF: the
 *   tokenizer.json's post-processor decides)
 * @returns {ModelTokenizer}
 */
export function tokenizerFromJson(json, config = {}, opts = {}) {
  const tok = new Tokenizer(json, config);
  const vocab = json.model?.vocab;
  const ids = [
    ...(Array.isArray(vocab) ? vocab.map((_, i) => i) : Object.values(vocab ?? {})),
    ...(json.added_tokens ?? []).map((/** @type {{id: number}} */ t) => t.id),
  ];
  const size = ids.reduce((a, b) => Math.max(a, b + 1), 0);
  // HF: whatever encode(…, add_special_tokens) puts before the text (Llama's <|begin_of_text|>).
  let bosId = opts.addBos ?? null;
  if (opts.addBos === undefined) {
    const plain = tok.encode('a', { add_special_tokens: false }).ids;
    const full = tok.encode('a', { add_special_tokens: true }).ids;
    bosId = full.length > plain.length && full[0] !== plain[0] ? full[0] : null;
    // A tokenizer_config.json may ask for the BOS that tokenizer.json's post-processor omits.
    const bos = config.bos_token?.content ?? config.bos_token;
    if (bosId === null && config.add_bos_token === true && typeof bos === 'string')
      bosId = tok.token_to_id(bos) ?? null;
  }
  const unk = json.model?.unk_token;
  const unkId = typeof unk === 'string' ? (tok.token_to_id(unk) ?? null) : null;
  return {
    // A lone UTF-16 surrogate is no character: it becomes U+FFFD, one <unk> where the vocabulary
    // has one (a byte-level vocabulary encodes U+FFFD's bytes), and never swallows its neighbour.
    encode: (text) =>
      tok.encode(text.replace(/\p{Cs}/gu, '\uFFFD'), { add_special_tokens: false }).ids,
    decode: (list) => tok.decode(list),
    tokens: (list) =>
      list.map((id) => {
        const text = tok.decode([id]);
        // A lone byte of a multi-byte character decodes to U+FFFD: show the stored piece.
        return text && !text.includes('\uFFFD') ? text : (tok.id_to_token(id) ?? `#${id}`);
      }),
    size,
    bosId,
    unkId,
  };
}

// Pre-tokenizer regexes of llama.cpp's tokenizer.ggml.pre names (llama-vocab.cpp), as the
// models' own tokenizer.json files state them.
const GPT2_SPLIT = String.raw`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`;
const LLAMA3_SPLIT = String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
const QWEN2_SPLIT = String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
const PRE_SPLIT = /** @type {Record<string, string>} */ ({
  gpt2: GPT2_SPLIT,
  'gpt-2': GPT2_SPLIT,
  default: GPT2_SPLIT,
  'llama-bpe': LLAMA3_SPLIT,
  llama3: LLAMA3_SPLIT,
  qwen2: QWEN2_SPLIT,
});

// tokenizer.ggml.token_type values (llama.cpp's llama_token_type).
const CONTROL = 3;
const USER_DEFINED = 4;

/**
 * A GGUF file's tokenizer as a tokenizer.json object.
 * @param {Record<string, any>} md the GGUF metadata
 * @param {string} fileName for errors
 * @returns {{ json: Record<string, any>, addBos: number | null }}
 */
export function tokenizerJsonFromGguf(md, fileName) {
  const kind = md['tokenizer.ggml.model'];
  /** @type {string[]} */
  const tokens = md['tokenizer.ggml.tokens'];
  if (!Array.isArray(tokens) || !tokens.length)
    throw new OpenModelError(
      'bad-header',
      `${fileName} has no tokenizer.ggml.tokens: the page needs the model's vocabulary`,
      { file: fileName, field: 'tokenizer.ggml.tokens' },
    );
  /** @type {number[]} */
  const types = md['tokenizer.ggml.token_type'] ?? [];
  const vocab = Object.fromEntries(tokens.map((t, i) => [t, i]));
  const added_tokens = tokens.flatMap((content, id) =>
    types[id] === CONTROL || types[id] === USER_DEFINED
      ? [
          {
            id,
            content,
            single_word: false,
            lstrip: false,
            rstrip: false,
            normalized: false,
            special: types[id] === CONTROL,
          },
        ]
      : [],
  );
  const bos = md['tokenizer.ggml.bos_token_id'];
  const wantBos = md['tokenizer.ggml.add_bos_token'] ?? kind === 'llama';
  const addBos = wantBos && Number.isInteger(bos) ? bos : null;
  const base = { version: '1.0', truncation: null, padding: null, added_tokens };
  if (kind === 'gpt2') {
    const split = PRE_SPLIT[md['tokenizer.ggml.pre']] ?? GPT2_SPLIT;
    const byteLevel = { add_prefix_space: false, trim_offsets: false, use_regex: false };
    return {
      json: {
        ...base,
        normalizer: null,
        pre_tokenizer: {
          type: 'Sequence',
          pretokenizers: [
            { type: 'Split', pattern: { Regex: split }, behavior: 'Isolated', invert: false },
            { type: 'ByteLevel', ...byteLevel },
          ],
        },
        post_processor: null,
        decoder: { type: 'ByteLevel', ...byteLevel },
        model: {
          type: 'BPE',
          dropout: null,
          unk_token: null,
          continuing_subword_prefix: null,
          end_of_word_suffix: null,
          fuse_unk: false,
          byte_fallback: false,
          ignore_merges: false,
          vocab,
          merges: md['tokenizer.ggml.merges'] ?? [],
        },
      },
      addBos,
    };
  }
  if (kind === 'llama') {
    /** @type {number[]} */
    const scores = md['tokenizer.ggml.scores'] ?? tokens.map((_, i) => -i);
    const unk = md['tokenizer.ggml.unknown_token_id'];
    // SentencePiece writes a space as "▁"; a vocabulary without "▁" (a character-level one that
    // keeps " " itself) is left with its spaces.
    const escape = '▁' in vocab;
    const prefix = md['tokenizer.ggml.add_space_prefix'] ?? escape;
    const normalizers = [
      ...(prefix ? [{ type: 'Prepend', prepend: escape ? '▁' : ' ' }] : []),
      ...(escape ? [{ type: 'Replace', pattern: { String: ' ' }, content: '▁' }] : []),
    ];
    return {
      json: {
        ...base,
        normalizer: normalizers.length ? { type: 'Sequence', normalizers } : null,
        pre_tokenizer: null,
        post_processor: null,
        decoder: {
          type: 'Sequence',
          decoders: [
            ...(escape ? [{ type: 'Replace', pattern: { String: '▁' }, content: ' ' }] : []),
            { type: 'ByteFallback' },
            { type: 'Fuse' },
            ...(prefix ? [{ type: 'Strip', content: ' ', start: 1, stop: 0 }] : []),
          ],
        },
        model: {
          type: 'BPE',
          dropout: null,
          unk_token: Number.isInteger(unk) ? tokens[unk] : null,
          continuing_subword_prefix: null,
          end_of_word_suffix: null,
          fuse_unk: true,
          byte_fallback: tokens.includes('<0x00>'),
          ignore_merges: false,
          vocab,
          merges: mergesFromScores(tokens, scores, types),
        },
      },
      addBos,
    };
  }
  throw new OpenModelError(
    'unsupported-arch',
    `${fileName}: tokenizer.ggml.model is "${kind}"; the page reads the "gpt2" (byte-level BPE) and "llama" (SentencePiece) tokenizers`,
    { file: fileName, arch: `tokenizer ${kind}` },
  );
}

/**
 * A SentencePiece BPE vocabulary's merges, from its scores (transformers'
 * SentencePieceExtractor): every split of a piece into two pieces of the vocabulary is a merge,
 * ranked by the merged piece's score (higher first), ties by the two parts' ids.
 * @param {string[]} tokens
 * @param {number[]} scores
 * @param {number[]} types
 * @returns {[string, string][]}
 */
export function mergesFromScores(tokens, scores, types) {
  /** @type {Map<string, number>} */
  const id = new Map(tokens.map((t, i) => [t, i]));
  /** @type {{ l: string, r: string, s: number, a: number, b: number }[]} */
  const found = [];
  tokens.forEach((piece, i) => {
    if (types[i] === CONTROL || types[i] === USER_DEFINED) return;
    const chars = Array.from(piece);
    for (let k = 1; k < chars.length; k++) {
      const l = chars.slice(0, k).join('');
      const r = chars.slice(k).join('');
      const a = id.get(l);
      const b = id.get(r);
      if (a !== undefined && b !== undefined) found.push({ l, r, s: scores[i], a, b });
    }
  });
  found.sort((x, y) => y.s - x.s || x.a - y.a || x.b - y.b);
  return found.map((m) => [m.l, m.r]);
}
