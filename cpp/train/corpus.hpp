// The lab model's training text, prepared at train time (nothing of it is shipped but the
// trained weights): Chinese text from Debian's fortunes-zh package (chinese, tang300, song100
// under /usr/share/games/fortunes) plus generated sentences of the chapter's kind,
// "小明把苹果给了小王。", with names and objects varied from a seed.
//
// Documents (one fortune, or one generated story of 1–3 sentences) are shuffled with
// attn::Rng, joined with a blank line, and split by document: the last valid_fraction of them
// is the validation text. The vocabulary is <bos>, <unk>, then the max_vocab − 2 most frequent
// characters of the training text (ties by their UTF-8 bytes); every other character is <unk>.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/random.hpp"

namespace attn::train {

struct CorpusOptions {
    std::string fortunes_dir = "/usr/share/games/fortunes";
    std::vector<std::string> fortune_files = {"chinese", "tang300", "song100"};
    std::size_t max_vocab = 512;
    std::size_t stories = 20000;  // generated documents: about 44% of the characters
    double valid_fraction = 0.05;
    std::uint64_t seed = 20260926;
};

struct Corpus {
    std::vector<std::string> vocab;                  // [V]: "<bos>", "<unk>", characters by frequency
    std::vector<int> train, valid;                   // token ids of the two texts (no <bos>: windows add it)
    std::vector<std::size_t> train_counts;           // [V] occurrences of each id in train
    std::size_t fortune_chars = 0, story_chars = 0;  // characters from each source, both splits
};

// Throws ValueError if a fortunes file is missing (install the fortunes-zh package).
Corpus build_corpus(const CorpusOptions& opt);

// The same from the fortune files' texts, in opt.fortune_files' order (opt.fortunes_dir unused):
// how the in-browser trainer, which has no file system, builds the very same corpus.
Corpus build_corpus(const CorpusOptions& opt, const std::vector<std::string>& fortune_texts);

// The in-browser trainer's text (<attn-train>): the Tang and Song poems (tang300, song100;
// the large "chinese" file stays out, to keep the page small) and 2,000 generated stories.
CorpusOptions browser_corpus_options();

// A fortune file's text without its markup: ANSI colour escapes removed, each line trimmed of
// ASCII spaces, documents split at the "%" lines.
std::vector<std::string> fortune_documents(const std::string& file_text);

// n generated stories of the chapter's kind (who gave what to whom), from rng.
std::vector<std::string> gift_stories(Rng& rng, std::size_t n);

}  // namespace attn::train
