#include "attn/models/handles.hpp"

#include <iterator>
#include <string>

#include "attn/errors.hpp"

namespace attn {
namespace {

// "1, 3", or "none".
template <class Map>
std::string loaded_ids(const Map& items) {
    std::string loaded;
    for (const auto& item : items) loaded += (loaded.empty() ? "" : ", ") + std::to_string(item.first);
    return loaded.empty() ? "none" : loaded;
}

}  // namespace

// ---- lab models -------------------------------------------------------------------------------

int LabModelHandles::add(LabModel model) {
    const int id = next_id_++;
    models_[id] = std::make_unique<LabModel>(std::move(model));
    return id;
}

const LabModel& LabModelHandles::get(int id) const {
    const auto it = models_.find(id);
    if (it == models_.end())
        throw ValueError("no lab model with id " + (id < 0 ? std::string("(not an id)") : std::to_string(id)) +
                         " (loaded: " + loaded_ids(models_) + "); call labLoad first");
    return *it->second;
}

bool LabModelHandles::unload(int id) { return models_.erase(id) == 1; }

// ---- opened models ----------------------------------------------------------------------------

int OpenModelHandles::add_model(std::unique_ptr<OpenModel> model) {
    const int id = next_id_++;
    models_[id] = std::move(model);
    return id;
}

OpenModel& OpenModelHandles::model(int id) {
    const auto it = models_.find(id);
    if (it == models_.end())
        throw ValueError("no open model with id " + std::to_string(id) + " (loaded: " + loaded_ids(models_) +
                         "); call openModelCreate first");
    return *it->second;
}

bool OpenModelHandles::unload(int model_id) {
    for (auto it = passes_.begin(); it != passes_.end();)
        it = it->second.model == model_id ? passes_.erase(it) : std::next(it);
    for (auto it = generations_.begin(); it != generations_.end();)
        it = it->second.model == model_id ? generations_.erase(it) : std::next(it);
    return models_.erase(model_id) == 1;
}

int OpenModelHandles::add_pass(int model_id, OpenPass pass) {
    const int id = next_id_++;
    passes_.emplace(id, Pass{model_id, std::move(pass)});
    return id;
}

OpenModelHandles::Pass& OpenModelHandles::pass_entry(int id) {
    const auto it = passes_.find(id);
    if (it == passes_.end())
        throw ValueError("no pass with id " + std::to_string(id) +
                         " (finished, its model unloaded, or never started with openModelPass)");
    return it->second;
}

OpenPass& OpenModelHandles::pass(int id) { return pass_entry(id).pass; }

OpenPassProgress OpenModelHandles::step_pass(int id) {
    Pass& e = pass_entry(id);
    model(e.model).step(e.pass);
    return {e.pass.layer - 1, e.pass.n_layers, e.pass.chunk, e.pass.chunk_ends.size(), e.pass.done()};
}

OpenRunResult OpenModelHandles::finish_pass(int id) {
    Pass& e = pass_entry(id);
    OpenRunResult r = model(e.model).finish(e.pass);
    passes_.erase(id);
    return r;
}

int OpenModelHandles::add_generation(int model_id, OpenGenerator generator) {
    const int id = next_id_++;
    generations_.emplace(id, Generation{model_id, std::move(generator)});
    return id;
}

OpenGenerationStep OpenModelHandles::step_generation(int id) {
    const auto it = generations_.find(id);
    if (it == generations_.end())
        throw ValueError("no generation with id " + std::to_string(id) +
                         " (finished, stopped, its model unloaded, or never started with openModelGenerateStart)");
    Generation& e = it->second;
    const int token = model(e.model).generation_step(e.generator);
    OpenGenerationStep step{token, e.generator.out.generated, e.generator.done()};
    if (step.done) generations_.erase(it);
    return step;
}

bool OpenModelHandles::stop_generation(int id) { return generations_.erase(id) == 1; }

// ---- the process's handles --------------------------------------------------------------------

LabModelHandles& lab_model_handles() {
    static LabModelHandles handles;
    return handles;
}

OpenModelHandles& open_model_handles() {
    static OpenModelHandles handles;
    return handles;
}

}  // namespace attn
