#include "corpus.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"

namespace attn::train {
namespace {

const std::vector<std::string> kNames = {"小明", "小王", "小红", "小李", "小张", "小刚",
                                         "小华", "小丽", "老师", "妈妈", "爸爸", "奶奶"};
const std::vector<std::string> kThings = {"苹果", "书",   "笔",   "花",   "信",   "球",
                                          "帽子", "蛋糕", "钥匙", "雨伞", "橘子", "本子"};

std::size_t pick(Rng& rng, std::size_t n) { return static_cast<std::size_t>(rng.next_u64() % n); }

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ValueError("cannot read " + path + " (install Debian's fortunes-zh package)");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string trim(const std::string& line) {
    const auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

std::vector<std::string> fortune_documents(const std::string& file_text) {
    std::string clean;
    for (std::size_t i = 0; i < file_text.size(); ++i) {
        if (file_text[i] == '\x1b' && i + 1 < file_text.size() && file_text[i + 1] == '[') {
            const auto m = file_text.find('m', i);
            if (m != std::string::npos) {
                i = m;
                continue;
            }
        }
        clean += file_text[i];
    }
    std::vector<std::string> docs;
    std::string doc, line;
    std::istringstream in(clean);
    auto flush = [&] {
        while (!doc.empty() && doc.back() == '\n') doc.pop_back();
        if (!doc.empty()) docs.push_back(doc);
        doc.clear();
    };
    while (std::getline(in, line)) {
        line = trim(line);
        if (line == "%")
            flush();
        else if (!(doc.empty() && line.empty()))
            doc += line + "\n";
    }
    flush();
    return docs;
}

std::vector<std::string> gift_stories(Rng& rng, std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t s = 0; s < n; ++s) {
        std::string story;
        const std::size_t sentences = 1 + pick(rng, 3);
        for (std::size_t k = 0; k < sentences; ++k) {
            const std::size_t xi = pick(rng, kNames.size());
            std::size_t zi = pick(rng, kNames.size() - 1);
            if (zi >= xi) ++zi;  // the giver never gives to themselves
            const std::string& x = kNames[xi];
            const std::string& z = kNames[zi];
            const std::string& y = kThings[pick(rng, kThings.size())];
            // Follow-ups that can only be written by looking back: who received it, what it was,
            // who gave it.
            switch (pick(rng, 5)) {
                case 0:
                    story += x + "把" + y + "给了" + z + "。";
                    break;
                case 1:
                    story += x + "把" + y + "给了" + z + "，" + z + "拿到了" + y + "。";
                    break;
                case 2:
                    story += x + "把" + y + "给了" + z + "。谁把" + y + "给了" + z + "？是" + x + "。";
                    break;
                case 3:
                    story += x + "把" + y + "给了" + z + "。" + x + "给了" + z + "什么？" + y + "。";
                    break;
                default:
                    story += x + "把" + y + "给了" + z + "，" + z + "谢谢" + x + "。";
                    break;
            }
        }
        out.push_back(story);
    }
    return out;
}

CorpusOptions browser_corpus_options() {
    CorpusOptions opt;
    opt.fortune_files = {"tang300", "song100"};
    opt.stories = 2000;
    return opt;
}

Corpus build_corpus(const CorpusOptions& opt) {
    std::vector<std::string> texts;
    for (const std::string& name : opt.fortune_files) texts.push_back(read_file(opt.fortunes_dir + "/" + name));
    return build_corpus(opt, texts);
}

Corpus build_corpus(const CorpusOptions& opt, const std::vector<std::string>& fortune_texts) {
    if (fortune_texts.size() != opt.fortune_files.size())
        throw ValueError("expected " + std::to_string(opt.fortune_files.size()) + " fortune texts, got " +
                         std::to_string(fortune_texts.size()));
    Rng rng(opt.seed);
    std::vector<std::string> docs;
    Corpus c;
    for (const std::string& text : fortune_texts)
        for (std::string& d : fortune_documents(text)) {
            c.fortune_chars += utf8_chars(d).size();
            docs.push_back(std::move(d));
        }
    for (std::string& d : gift_stories(rng, opt.stories)) {
        c.story_chars += utf8_chars(d).size();
        docs.push_back(std::move(d));
    }
    for (std::size_t i = docs.size(); i > 1; --i) std::swap(docs[i - 1], docs[pick(rng, i)]);  // Fisher–Yates

    const std::size_t n_valid = static_cast<std::size_t>(static_cast<double>(docs.size()) * opt.valid_fraction);
    std::vector<std::string> train_chars, valid_chars;
    for (std::size_t i = 0; i < docs.size(); ++i) {
        auto& into = i < docs.size() - n_valid ? train_chars : valid_chars;
        for (std::string& ch : utf8_chars(docs[i] + "\n\n")) into.push_back(std::move(ch));
    }

    std::map<std::string, std::size_t> counts;  // ordered: ties break by UTF-8 bytes
    for (const std::string& ch : train_chars) ++counts[ch];
    std::vector<std::pair<std::string, std::size_t>> by_count(counts.begin(), counts.end());
    std::stable_sort(by_count.begin(), by_count.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    c.vocab = {kLabBosText, kLabUnkText};
    std::unordered_map<std::string, int> ids;
    for (std::size_t i = 0; i < by_count.size() && c.vocab.size() < opt.max_vocab; ++i) {
        ids[by_count[i].first] = static_cast<int>(c.vocab.size());
        c.vocab.push_back(by_count[i].first);
    }
    auto encode = [&ids](const std::vector<std::string>& chars) {
        std::vector<int> out;
        out.reserve(chars.size());
        for (const std::string& ch : chars) {
            const auto it = ids.find(ch);
            out.push_back(it == ids.end() ? kLabUnk : it->second);
        }
        return out;
    };
    c.train = encode(train_chars);
    c.valid = encode(valid_chars);
    c.train_counts.assign(c.vocab.size(), 0);
    for (const int id : c.train) ++c.train_counts[static_cast<std::size_t>(id)];
    return c;
}

}  // namespace attn::train
