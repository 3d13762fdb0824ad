// llama.cpp's own quantiser (llama_model_quantize: the code of its llama-quantize tool) from
// node-llama-cpp's bundled libllama: in.gguf (F16) → out.gguf as Q4_K_M (its default mix for the
// architecture), one thread. bench/open-model-peers.mjs compiles it at bench time against the
// headers of the llama.cpp release node-llama-cpp bundles (node-llama-cpp/llama/gitRelease.bundle).
#include <stdio.h>
#include "llama.h"
int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: llama-quantize in.gguf out.gguf\n");
        return 2;
    }
    llama_backend_init();
    llama_model_quantize_params p = llama_model_quantize_default_params();
    p.ftype = LLAMA_FTYPE_MOSTLY_Q4_K_M;
    p.nthread = 1;
    const uint32_t rc = llama_model_quantize(argv[1], argv[2], &p);
    llama_backend_free();
    return rc == 0 ? 0 : 1;
}
