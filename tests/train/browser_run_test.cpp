// The in-browser trainer's run (browser_run.hpp): the options' defaults and limits, the warm-up
// clamp shared with attn-train, the one current run, and the snapshot <attn-train> draws.
#include "browser_run.hpp"

#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/ledger.hpp"
#include "test_util.hpp"

using namespace attn;
using namespace attn::train;
using Catch::Contains;

TEST_CASE("browser run: the options a student leaves out, and the limits of those given", "[train][browser]") {
    const BrowserRunOptions defaults;
    const TrainOptions t = browser_train_options(defaults);
    CHECK(t.steps == 200);
    CHECK(t.batch == TrainOptions{}.batch);
    CHECK(t.seed == TrainOptions{}.seed);
    CHECK(t.warmup == 21);  // 50, clamped to a tenth of 200 plus one
    CHECK(clamped_warmup(50, 1000) == 50);
    CHECK(clamped_warmup(50, 9) == 1);
    BrowserRunOptions o;
    o.steps = 0;
    CHECK_THROWS_WITH(browser_train_options(o), "steps must be 1 … 20000, got 0");
    o.steps = kBrowserMaxSteps + 1;
    CHECK_THROWS_AS(browser_train_options(o), ConfigError);
    o.steps = kBrowserMaxSteps;
    o.batch = kBrowserMaxBatch + 1;
    CHECK_THROWS_WITH(browser_train_options(o), "batch must be 1 … 64, got 65");
    CHECK_THROWS_WITH(require_fortune_texts(1), "texts should be the 2 fortune files' texts (tang300, song100)");
}

TEST_CASE("browser run: one run at a time, stepped, snapshot with patterns and a text without <bos>",
          "[train][browser]") {
    const std::vector<std::string> texts = {"床前明月光\n疑是地上霜\n%\n举头望明月\n低头思故乡\n%\n",
                                            "明月几时有\n把酒问青天\n%\n"};
    BrowserRunOptions o;
    o.steps = 3;
    o.batch = 2;
    o.hybrid = true;
    BrowserRun& run = start_browser_run(o, texts);
    CHECK(&browser_run() == &run);
    CHECK(run.options.warmup == 1);
    CHECK(run.tokens_per_step() == 2 * run.config.context);
    CHECK(run.valid_tokens() == run.valid.targets.size() * run.config.context);
    CHECK(run.parameters() > 0);
    CHECK(run.steps(2).size() == 2);
    CHECK(run.steps(10).size() == 1);  // fewer at the end of the run
    CHECK(run.trainer->done());

    TrainSnapshotOptions s;
    CHECK(s.steps == kLabGenerateSteps);
    s.text = "明月光";
    s.prompt = "明月";
    const TrainSnapshot snap = train_snapshot(run, s);
    REQUIRE(snap.labels.size() == 4);
    CHECK(snap.labels[0] == "<bos>");
    REQUIRE(snap.layers.size() == 2);
    CHECK(snap.layers[0].type == LabLayerType::Linear);  // hybrid: every even layer
    CHECK(snap.layers[0].patterns.empty());
    CHECK(snap.layers[1].patterns.size() == run.config.n_heads);
    CHECK(snap.layers[1].sink_share.size() == run.config.n_heads);
    const LabModel model = run.model();
    CHECK(snap.sample == lab_text(model, model.generate(model.encode("明月"), kLabGenerateSteps).tokens));
    CHECK(snap.sample.rfind("<bos>", 0) != 0);
    CHECK(snap.kv_bytes_per_token == bytes_per_token(lab_ledger_config(run.config, 2)));

    o.steps = 1;
    const BrowserRun& next = start_browser_run(o, texts);
    CHECK(&browser_run() == &next);
    CHECK(next.options.steps == 1);
}
