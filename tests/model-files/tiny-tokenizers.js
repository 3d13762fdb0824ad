// Small tokenizers for the random test models, trained here by greedy BPE on a fixed corpus, in
// the two kinds real checkpoints carry, each as HF's tokenizer.json AND as GGUF's
// tokenizer.ggml.* metadata (the same vocabulary, so both formats of a model must tokenise
// alike):
// - byte-level BPE (GPT-2; Llama 3, Qwen2/3 with their pre-tokenizer regexes): 256 byte
//   symbols in GPT-2's bytes_to_unicode order, then the merges, then the special tokens; GGUF
//   tokenizer.ggml.model "gpt2" with tokens, token_type, merges and tokenizer.ggml.pre.
// - SentencePiece BPE with byte fallback (Llama 2, Mistral): <unk>, <s>, </s>, <0x00> … <0xFF>,
//   the corpus's characters (a space is ▁), then the merged pieces with falling scores; the HF
//   side is the tokenizer.json transformers' LlamaConverter writes (Prepend ▁ + Replace
//   normalizer, byte_fallback BPE, Replace/ByteFallback/Fuse/Strip decoder); GGUF
//   tokenizer.ggml.model "llama" with tokens, scores, token_type.
// Layouts from huggingface/tokenizers' JSON serialisation and llama.cpp's
// convert_hf_to_gguf.py (_set_vocab_gpt2, _set_vocab_sentencepiece); nothing from web/.

export const CORPUS = [
  'the cat sat on the mat. the dog ate the bone, and the cat saw the dog.',
  'attention heads look back at the tokens before them; the first token is a sink.',
  'a model reads the text one token at a time and predicts the next one.',
  '小明给了小红一本书。 12 + 30 = 42',
];

/** GPT-2's bytes_to_unicode: byte → the printable character that stands for it. */
export function bytesToUnicode() {
  const bs = [];
  for (let b = 33; b <= 126; b++) bs.push(b);
  for (let b = 161; b <= 172; b++) bs.push(b);
  for (let b = 174; b <= 255; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++)
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n++);
    }
  const map = new Array(256);
  bs.forEach((b, i) => (map[b] = String.fromCodePoint(cs[i])));
  return map;
}

const GPT2_SPLIT = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;
const PRE = {
  'gpt-2': null, // ByteLevel's own regex
  'llama-bpe': String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  qwen2: String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
};

/** Greedy BPE: `words` (arrays of symbols, with counts) merged nMerges times. → merges [[a, b]]. */
function trainMerges(words, nMerges) {
  const merges = [];
  for (let k = 0; k < nMerges; k++) {
    const pairs = new Map();
    for (const [w, c] of words)
      for (let i = 0; i + 1 < w.length; i++) {
        const key = w[i] + '\u0000' + w[i + 1];
        pairs.set(key, (pairs.get(key) ?? 0) + c);
      }
    if (!pairs.size) break;
    // Most frequent pair; ties to the smaller key, so training is deterministic.
    const [best] = [...pairs].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const [a, b] = best.split('\u0000');
    merges.push([a, b]);
    for (const entry of words) {
      const w = entry[0],
        out = [];
      for (let i = 0; i < w.length; i++)
        if (i + 1 < w.length && w[i] === a && w[i + 1] === b) (out.push(a + b), i++);
        else out.push(w[i]);
      entry[0] = out;
    }
  }
  return merges;
}

function countWords(list) {
  const counts = new Map();
  for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].map(([w, c]) => [[...w], c]);
}

const added = (id, content) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});

/**
 * A byte-level BPE tokenizer. pre: 'gpt-2' | 'llama-bpe' | 'qwen2'; specials: names appended
 * after the merges; bos: the special that a TemplateProcessing post-processor puts first (Llama
 * 3), or null. → { kind, tokens: string[] (id → token), specials: {name: id}, tokenizerJson,
 * gguf(vocabRows): metadata entries }.
 */
export function byteLevelTokenizer({ nMerges = 40, pre = 'gpt-2', specials, bos = null }) {
  const byteChar = bytesToUnicode();
  const enc = new TextEncoder();
  const words = CORPUS.join(' ')
    .match(GPT2_SPLIT)
    .map((w) => [...enc.encode(w)].map((b) => byteChar[b]).join(''));
  const merges = trainMerges(countWords(words), nMerges);
  const tokens = [...byteChar, ...merges.map(([a, b]) => a + b)];
  const specialIds = {};
  for (const s of specials) specialIds[s] = tokens.push(s) - 1;
  const byteLevel = {
    type: 'ByteLevel',
    add_prefix_space: false,
    trim_offsets: true,
    use_regex: true,
  };
  const preTokenizer = PRE[pre]
    ? {
        type: 'Sequence',
        pretokenizers: [
          { type: 'Split', pattern: { Regex: PRE[pre] }, behavior: 'Isolated', invert: false },
          { ...byteLevel, use_regex: false },
        ],
      }
    : byteLevel;
  const postProcessor = bos
    ? {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: bos, type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
        pair: [
          { SpecialToken: { id: bos, type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: bos, type_id: 1 } },
          { Sequence: { id: 'B', type_id: 1 } },
        ],
        special_tokens: { [bos]: { id: bos, ids: [specialIds[bos]], tokens: [bos] } },
      }
    : { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true };
  const tokenizerJson = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specials.map((s) => added(specialIds[s], s)),
    normalizer: null,
    pre_tokenizer: preTokenizer,
    post_processor: postProcessor,
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: Object.fromEntries(tokens.map((t, i) => [t, i])),
      merges: merges.map(([a, b]) => `${a} ${b}`),
    },
  };
  // _set_vocab_gpt2: tokens padded to the embedding rows with [PAD{i}] (type 5, unused);
  // token_type 1 normal, 3 control.
  const gguf = (vocabRows, { bosId, eosId }) => {
    const padded = [...tokens];
    for (let i = tokens.length; i < vocabRows; i++) padded.push(`[PAD${i}]`);
    const types = padded.map((_, i) => (i >= tokens.length ? 5 : i >= 256 + merges.length ? 3 : 1));
    return [
      ['tokenizer.ggml.model', 'string', 'gpt2'],
      ['tokenizer.ggml.pre', 'string', pre],
      ['tokenizer.ggml.tokens', 'array:string', padded],
      ['tokenizer.ggml.token_type', 'array:i32', types],
      ['tokenizer.ggml.merges', 'array:string', merges.map(([a, b]) => `${a} ${b}`)],
      ['tokenizer.ggml.bos_token_id', 'u32', bosId],
      ['tokenizer.ggml.eos_token_id', 'u32', eosId],
      ['tokenizer.ggml.add_bos_token', 'bool', bos !== null],
    ];
  };
  return { kind: 'bpe', tokens, specials: specialIds, tokenizerJson, gguf };
}

/** A SentencePiece-style (Llama 2 / Mistral) BPE tokenizer with byte fallback. */
export function sentencePieceTokenizer({ nMerges = 40 } = {}) {
  const tokens = ['<unk>', '<s>', '</s>'];
  for (let b = 0; b < 256; b++) tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
  // SentencePiece's words: every piece of text starts with ▁ (a space, or the prepended one).
  const normalized = CORPUS.map((line) => '\u2581' + line.replaceAll(' ', '\u2581'));
  const words = normalized.flatMap((line) => line.split(/(?=\u2581)/u));
  const chars = [...new Set(words.flatMap((w) => [...w]))].sort();
  const nBase = tokens.length;
  tokens.push(...chars);
  const merges = trainMerges(countWords(words), nMerges);
  const nChars = tokens.length;
  tokens.push(...merges.map(([a, b]) => a + b));
  // Scores: merged pieces fall in merge order (SentencePiece merges the best-scored piece first);
  // characters below every merge; special and byte tokens 0.
  const scores = tokens.map((_, i) => (i < nBase ? 0 : i < nChars ? -1000 - i : -(i - nChars)));
  const types = tokens.map((_, i) => (i === 0 ? 2 : i < 3 ? 3 : i < nBase ? 6 : 1));
  const tokenizerJson = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [added(0, '<unk>'), added(1, '<s>'), added(2, '</s>')],
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'Prepend', prepend: '\u2581' },
        { type: 'Replace', pattern: { String: ' ' }, content: '\u2581' },
      ],
    },
    pre_tokenizer: null,
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '<s>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '<s>', type_id: 1 } },
        { Sequence: { id: 'B', type_id: 1 } },
      ],
      special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } },
    },
    decoder: {
      type: 'Sequence',
      decoders: [
        { type: 'Replace', pattern: { String: '\u2581' }, content: ' ' },
        { type: 'ByteFallback' },
        { type: 'Fuse' },
        { type: 'Strip', content: ' ', start: 1, stop: 0 },
      ],
    },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: '<unk>',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: true,
      byte_fallback: true,
      ignore_merges: false,
      vocab: Object.fromEntries(tokens.map((t, i) => [t, i])),
      merges: merges.map(([a, b]) => `${a} ${b}`),
    },
  };
  const gguf = (vocabRows) => {
    if (vocabRows !== tokens.length) throw new Error('SentencePiece vocab is not padded');
    return [
      ['tokenizer.ggml.model', 'string', 'llama'],
      ['tokenizer.ggml.tokens', 'array:string', tokens],
      ['tokenizer.ggml.scores', 'array:f32', scores],
      ['tokenizer.ggml.token_type', 'array:i32', types],
      ['tokenizer.ggml.bos_token_id', 'u32', 1],
      ['tokenizer.ggml.eos_token_id', 'u32', 2],
      ['tokenizer.ggml.unknown_token_id', 'u32', 0],
      ['tokenizer.ggml.add_bos_token', 'bool', true],
      ['tokenizer.ggml.add_eos_token', 'bool', false],
    ];
  };
  return {
    kind: 'spm',
    tokens,
    specials: { '<unk>': 0, '<s>': 1, '</s>': 2 },
    tokenizerJson,
    gguf,
  };
}
