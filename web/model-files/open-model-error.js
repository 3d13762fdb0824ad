// The one error type of web/model-files/: what is wrong with the files a student picked. `code`
// says which kind (the widget translates by it, the tests assert it); the message is English and
// names the file, tensor, architecture or sizes involved.
//   missing-file       a file the format needs is not among those picked (config.json, a shard)
//   bad-header         a safetensors/GGUF header that is truncated or corrupt, or a config.json
//                      that is not JSON
//   missing-tensor     a tensor the architecture needs is not in the files
//   wrong-shape        a tensor's shape differs from what the config says
//   unsupported-dtype  a dtype or quantisation the engine does not run (I8, Q5_K, …)
//   unsupported-arch   an architecture other than gpt2 / llama / mistral / qwen2 / qwen3
//   too-large          the model would not fit in the engine's heap (both sizes named)
//   vocab-mismatch     the tokenizer knows ids past the embedding's rows

/**
 * @typedef {'missing-file' | 'bad-header' | 'missing-tensor' | 'wrong-shape' |
 *   'unsupported-dtype' | 'unsupported-arch' | 'too-large' | 'vocab-mismatch'} OpenModelErrorCode
 */

export const ERROR_CODES = /** @type {const} */ ([
  'missing-file',
  'bad-header',
  'missing-tensor',
  'wrong-shape',
  'unsupported-dtype',
  'unsupported-arch',
  'too-large',
  'vocab-mismatch',
]);

export class OpenModelError extends Error {
  /**
   * @param {OpenModelErrorCode} code
   * @param {string} message English, naming what is wrong
   * @param {Record<string, any>} [detail] the names and numbers of the message, for the widget's
   *   translation (file, tensor, arch, needed, limit, …)
   */
  constructor(code, message, detail = {}) {
    super(message);
    this.name = 'OpenModelError';
    this.code = code;
    this.detail = detail;
  }
}
