// Handles: engine objects a caller keeps between calls and names by number, for an API whose
// values cannot own C++ objects (the WASM module's functions take and return plain JS values,
// so a loaded model stays here, under its id, until the caller unloads it).
//
// Ids are positive ints, handed out in order from 1 and never reused; anything else (a
// negative number: the bindings' reading of a value that is not an id) finds nothing. A
// lookup that finds nothing throws ValueError naming the id and what is loaded.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "attn/models/open_model.hpp"

namespace attn {

// Trained lab models (course-data/lab-model.bin), loaded once per page and run many times.
class LabModelHandles {
  public:
    // Keeps model; its id.
    int add(LabModel model);
    // ValueError "no lab model with id <id> (loaded: 1, 3); call labLoad first".
    const LabModel& get(int id) const;
    // Forgets the model; false if there was none under id.
    bool unload(int id);

  private:
    std::map<int, std::unique_ptr<LabModel>> models_;
    int next_id_ = 1;
};

// Where a layer-by-layer pass has got to (after OpenModel::step).
struct OpenPassProgress {
    std::size_t layer;  // the layer just done
    std::size_t layers;
    std::size_t chunk;  // the chunk it ran on (a long pass runs its tokens in chunks)
    std::size_t chunks;
    bool done;
};

// One token step of a generation.
struct OpenGenerationStep {
    int token;                   // the token chosen, or −1 when the step ran a layer only
    std::vector<int> generated;  // every token generated so far
    bool done;
};

// Opened checkpoints (open_model.hpp) and the passes and generations started on them, which
// belong to their model: unloading it ends them. One id sequence for all three kinds.
class OpenModelHandles {
  public:
    int add_model(std::unique_ptr<OpenModel> model);
    // ValueError "no open model with id <id> (loaded: ...); call openModelCreate first".
    OpenModel& model(int id);
    // The model and its passes and generations; false if there was no model under id.
    bool unload(int model_id);

    // A pass begun on model_id (OpenModel::begin), run a layer per step_pass().
    int add_pass(int model_id, OpenPass pass);
    // ValueError "no pass with id <id> (finished, its model unloaded, or never started ...)".
    OpenPass& pass(int id);
    OpenPassProgress step_pass(int id);
    // OpenModel::finish; the pass is forgotten once finished.
    OpenRunResult finish_pass(int id);

    // A generation started on model_id (OpenModel::start_generation).
    int add_generation(int model_id, OpenGenerator generator);
    // One OpenModel::generation_step; the generation is forgotten once done. ValueError "no
    // generation with id <id> (finished, stopped, ...)" for an unknown id.
    OpenGenerationStep step_generation(int id);
    // Forgets the generation; false if there was none under id.
    bool stop_generation(int id);

  private:
    struct Pass {
        int model;
        OpenPass pass;
    };
    struct Generation {
        int model;
        OpenGenerator generator;
    };
    Pass& pass_entry(int id);

    std::map<int, std::unique_ptr<OpenModel>> models_;
    std::map<int, Pass> passes_;
    std::map<int, Generation> generations_;
    int next_id_ = 1;
};

// The handles of the process (of the WASM module instance): what the JS API's ids name.
LabModelHandles& lab_model_handles();
OpenModelHandles& open_model_handles();

}  // namespace attn
