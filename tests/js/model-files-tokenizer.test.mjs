// web/model-files/tokenizer.js: a tokenizer.json through @huggingface/tokenizers, and a GGUF's
// own vocabulary (byte-level BPE with merges; SentencePiece with scores) rebuilt as one and fed
// to the same library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  tokenizerFromJson,
  tokenizerJsonFromGguf,
  mergesFromScores,
} from '../../web/model-files/tokenizer.js';

// A character-level tokenizer.json like the lab model's: <bos> = 0, <unk> = 1, one id per
// character, <bos> put first by the post-processor.
const CHARS = ['<bos>', '<unk>', ' ', 'a', 'b', 'c', '猫'];
const charJson = {
  version: '1.0',
  truncation: null,
  padding: null,
  added_tokens: [
    {
      id: 0,
      content: '<bos>',
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    },
    {
      id: 1,
      content: '<unk>',
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    },
  ],
  normalizer: null,
  pre_tokenizer: null,
  post_processor: {
    type: 'TemplateProcessing',
    single: [{ SpecialToken: { id: '<bos>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
    pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
    special_tokens: { '<bos>': { id: '<bos>', ids: [0], tokens: ['<bos>'] } },
  },
  decoder: { type: 'Fuse' },
  model: {
    type: 'BPE',
    dropout: null,
    unk_token: '<unk>',
    continuing_subword_prefix: null,
    end_of_word_suffix: null,
    fuse_unk: false,
    byte_fallback: false,
    vocab: Object.fromEntries(CHARS.map((c, i) => [c, i])),
    merges: [],
  },
};

test('a character-level tokenizer.json: one id per character, <unk> outside, <bos> found', () => {
  const t = tokenizerFromJson(charJson);
  assert.deepEqual(t.encode('ab c猫'), [3, 4, 2, 5, 6]);
  assert.deepEqual(t.encode('ax'), [3, 1]);
  assert.equal(t.bosId, 0);
  assert.equal(t.size, 7);
  assert.equal(t.decode([3, 2, 6]), 'a 猫');
  assert.deepEqual(t.tokens([0, 3, 6]), ['<bos>', 'a', '猫']);
  const noBos = tokenizerFromJson({ ...charJson, post_processor: null });
  assert.equal(noBos.bosId, null);
  // tokenizer_config.json's add_bos_token (Llama 2's way) puts it back.
  const cfgBos = tokenizerFromJson(
    { ...charJson, post_processor: null },
    { add_bos_token: true, bos_token: '<bos>' },
  );
  assert.equal(cfgBos.bosId, 0);
  const objBos = tokenizerFromJson(
    { ...charJson, post_processor: null },
    { add_bos_token: true, bos_token: { content: '<bos>' } },
  );
  assert.equal(objBos.bosId, 0);
});

// GPT-2's byte-level alphabet for the few bytes used here: space is "Ġ" (U+0120).
const bpeMd = (extra = {}) => ({
  'tokenizer.ggml.model': 'gpt2',
  'tokenizer.ggml.pre': 'qwen2',
  'tokenizer.ggml.tokens': [
    'h',
    'e',
    'l',
    'o',
    'Ġ',
    'w',
    'r',
    'd',
    'he',
    'll',
    'hell',
    'hello',
    'Ġw',
    'Ġwor',
    'or',
    'Ġworld',
    'ld',
    '<|endoftext|>',
  ],
  'tokenizer.ggml.token_type': [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3],
  'tokenizer.ggml.merges': [
    'h e',
    'l l',
    'he ll',
    'hell o',
    'Ġ w',
    'o r',
    'Ġw or',
    'l d',
    'Ġwor ld',
  ],
  'tokenizer.ggml.bos_token_id': 17,
  ...extra,
});

test('GGUF byte-level BPE (gpt2 model): merges applied, specials matched whole, no BOS by default', () => {
  const { json, addBos } = tokenizerJsonFromGguf(bpeMd(), 'q.gguf');
  const t = tokenizerFromJson(json, {}, { addBos });
  assert.deepEqual(t.encode('hello world'), [11, 15]);
  assert.deepEqual(t.encode('hello<|endoftext|>'), [11, 17]);
  assert.equal(t.decode([11, 15]), 'hello world');
  assert.deepEqual(t.tokens([11, 15]), ['hello', ' world']);
  assert.equal(t.bosId, null);
  const withBos = tokenizerJsonFromGguf(bpeMd({ 'tokenizer.ggml.add_bos_token': true }), 'q.gguf');
  assert.equal(withBos.addBos, 17);
  assert.equal(t.size, 18);
});

test('the pre-tokenizer follows tokenizer.ggml.pre: Llama 3 groups digits by three, Qwen2 one by one', () => {
  // Byte-level: every digit is its own piece and "12", "123", "1234" are merges.
  const tokens = ['1', '2', '3', '4', '12', '123', '34'];
  const md = (pre) => ({
    'tokenizer.ggml.model': 'gpt2',
    'tokenizer.ggml.pre': pre,
    'tokenizer.ggml.tokens': tokens,
    'tokenizer.ggml.merges': ['1 2', '12 3', '3 4'],
  });
  const ids = (pre) => {
    const { json, addBos } = tokenizerJsonFromGguf(md(pre), 'x.gguf');
    return tokenizerFromJson(json, {}, { addBos }).encode('1234');
  };
  assert.deepEqual(ids('llama-bpe'), [5, 3], '"123" "4"');
  assert.deepEqual(ids('qwen2'), [0, 1, 2, 3], 'one digit per pre-token');
  assert.deepEqual(ids('gpt-2'), [5, 3], 'GPT-2: the digits are one pre-token, merged greedily');
});

test('SentencePiece merges come from the scores: the higher-scored piece merges first', () => {
  const tokens = ['a', 'b', 'c', 'ab', 'bc', 'abc'];
  const scores = [0, 0, 0, -1, -2, -3];
  assert.deepEqual(mergesFromScores(tokens, scores, []), [
    ['a', 'b'],
    ['b', 'c'],
    ['a', 'bc'],
    ['ab', 'c'],
  ]);
});

test('GGUF SentencePiece (llama model): ▁ for spaces, prefix space, byte fallback, BOS added', () => {
  const bytes = Array.from(
    { length: 256 },
    (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, '0')}>`,
  );
  const pieces = [
    '<unk>',
    '<s>',
    '</s>',
    ...bytes,
    '▁',
    'h',
    'i',
    '▁h',
    '▁hi',
    't',
    'e',
    'r',
    'er',
    'he',
    '▁the',
    'th',
    '▁t',
    'the',
  ];
  const types = pieces.map((p, i) => (i === 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1));
  // Scores as SentencePiece gives them: longer, frequent pieces high.
  const scores = pieces.map((p, i) => (i < 259 ? 0 : -(i - 259)));
  const md = {
    'tokenizer.ggml.model': 'llama',
    'tokenizer.ggml.tokens': pieces,
    'tokenizer.ggml.token_type': types,
    'tokenizer.ggml.scores': scores,
    'tokenizer.ggml.bos_token_id': 1,
    'tokenizer.ggml.unknown_token_id': 0,
  };
  const { json, addBos } = tokenizerJsonFromGguf(md, 'llama2.gguf');
  assert.equal(addBos, 1, 'llama.cpp adds BOS for SentencePiece models by default');
  const t = tokenizerFromJson(json, {}, { addBos });
  const id = (p) => pieces.indexOf(p);
  assert.deepEqual(t.encode('hi the'), [id('▁hi'), id('▁the')]);
  assert.equal(t.decode(t.encode('hi the')), 'hi the');
  // "é" is not a piece: its two UTF-8 bytes as <0xC3> <0xA9>, and back.
  assert.deepEqual(t.encode('hé').slice(-2), [id('<0xC3>'), id('<0xA9>')]);
  assert.equal(t.decode(t.encode('hé')), 'hé');
});

test('a character vocabulary without ▁ keeps its spaces (the lab model in GGUF)', () => {
  const md = {
    'tokenizer.ggml.model': 'llama',
    'tokenizer.ggml.tokens': CHARS,
    'tokenizer.ggml.token_type': [3, 2, 1, 1, 1, 1, 1],
    'tokenizer.ggml.scores': CHARS.map(() => 0),
    'tokenizer.ggml.bos_token_id': 0,
    'tokenizer.ggml.unknown_token_id': 1,
  };
  const { json, addBos } = tokenizerJsonFromGguf(md, 'lab.gguf');
  const t = tokenizerFromJson(json, {}, { addBos });
  assert.deepEqual(t.encode('ab c猫'), [3, 4, 2, 5, 6]);
  assert.deepEqual(t.encode('a?'), [3, 1]);
  assert.equal(t.bosId, 0);
});

test('an unknown tokenizer model is named; no vocabulary is bad-header', () => {
  assert.throws(
    () =>
      tokenizerJsonFromGguf(
        { 'tokenizer.ggml.model': 'bert', 'tokenizer.ggml.tokens': ['a'] },
        'b.gguf',
      ),
    {
      code: 'unsupported-arch',
      message:
        /tokenizer\.ggml\.model is "bert"; the page reads the "gpt2" \(byte-level BPE\) and "llama" \(SentencePiece\)/,
    },
  );
  assert.throws(() => tokenizerJsonFromGguf({ 'tokenizer.ggml.model': 'gpt2' }, 'b.gguf'), {
    code: 'bad-header',
    message: "b.gguf has no tokenizer.ggml.tokens: the page needs the model's vocabulary",
  });
});
