// Config loading: a config object (config_object.hpp) → the engine's config structs, with the
// defaults, the required fields and the derived values of each, then the struct's own
// validation where it has one. Field names are the JS API's camelCase (web/attn-engine.d.ts);
// a field left out keeps the struct's default unless said otherwise below.
#pragma once
#include "attn/course/config_object.hpp"
#include "attn/course/mla_experiment.hpp"
#include "attn/course/model_shapes.hpp"
#include "attn/models/ledger.hpp"
#include "attn/models/open_model.hpp"
#include "attn/models/tiny_decoder.hpp"

namespace attn {

// A course-data/models.json entry: name, layers, fullAttentionLayers, dtypeBytes (default 2),
// slidingWindow, contextLength, reportedKvBytesPerToken, linearAttention {layers,
// stateBytesTotal}, attention {kind, nHeads, nKvHeads, headDim, vHeadDim, kvLoraRank, ropeDim}.
// An entry without attention needs reportedKvBytesPerToken and comes back reported_only
// (ConfigError "<name>: model config needs 'attention'" otherwise); attention.kind must be a
// string naming mha, gqa, mqa or mla. Not validated: the ledger functions do that.
ModelConfig load_model_config(const ConfigObject& m);

// The same entry as the data-flow lesson reads it (modelStages): name, hiddenSize, layers,
// fullAttentionLayers (default: layers), vocabSize, intermediateSize, linearAttention
// {stateBytesTotal}, attention {nHeads, nKvHeads, headDim, qkNorm, outputGate}. ConfigError
// "<name>: modelStages needs attention with nHeads, nKvHeads and headDim" without attention or
// its nKvHeads.
DecoderShapeConfig load_decoder_shape_config(const ConfigObject& m);

// tinyDecoder*'s options: vocab, dModel, nLayers, nHeads, nKvHeads, dHead, rotaryDim, ropeBase,
// mlpHidden, seed. Validated by TinyDecoder itself.
TinyDecoderConfig load_tiny_decoder_config(const ConfigObject& o);

// mla's options: nHeads, dNope, dRope, kvLoraRank, dValue, ropeBase, dModel, T, seed, dtypeBytes.
MlaExperimentOptions load_mla_experiment_options(const ConfigObject& o);

// An opened checkpoint's config (openModelCreate): arch ('gpt2', 'llama', 'mistral', 'qwen2',
// 'qwen3'), vocab, dModel, nLayers, nHeads, mlpHidden, context (required: ConfigError
// "config.<key> is missing"); nKvHeads (default nHeads), dHead (default dModel / nHeads),
// ropeTheta (10000), normEps (1e-5 for gpt2, 1e-6 otherwise), tiedEmbeddings (true for gpt2),
// attentionBias, attnOutputGate, slidingWindow, ropeScaling {type 'linear' | 'llama3', factor,
// lowFreqFactor, highFreqFactor, originalContext}, ropeFreqFactors. Then validate().
OpenModelConfig load_open_model_config(const ConfigObject& o);

}  // namespace attn
