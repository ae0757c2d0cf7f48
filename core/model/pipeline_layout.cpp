// SPDX-License-Identifier: MIT
// Layer placement over pipeline chunks (Megatron-LM: transformer_config.py's uneven-pipeline
// checks, pipeline_parallel_layer_layout.py's layout strings). Where Megatron-LM refuses a split
// that does not divide, validation says so and this file still places every layer: the first
// chunks of a run take one layer more.
#include "core/model/pipeline_layout.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace fourfold::core {
namespace {

// Beyond this many chunks (or layout symbols) a plan is refused by validation; the placement
// falls back to one chunk per stage.
constexpr std::int64_t kMaxChunks = std::int64_t{1} << 20;
constexpr int kMaxDepth = 16;

// Expands a layout string's repeats into its symbols (E, L, t, |).
class LayoutExpander {
public:
    explicit LayoutExpander(std::string_view text) : text_(text) {}

    std::optional<std::string> expand() {
        std::string out;
        if (!sequence(out, 0) || pos_ != text_.size()) {
            if (errorAt_ < 0) errorAt_ = static_cast<int>(pos_);
            return std::nullopt;
        }
        return out;
    }
    [[nodiscard]] int errorAt() const { return errorAt_; }

private:
    bool fail() {
        if (errorAt_ < 0) errorAt_ = static_cast<int>(pos_);
        return false;
    }
    [[nodiscard]] bool atEnd() const { return pos_ >= text_.size(); }

    // "*n" after a symbol or a group; absent: once.
    bool repeatCount(std::int64_t& count) {
        count = 1;
        if (atEnd() || text_[pos_] != '*') return true;
        ++pos_;
        if (atEnd() || text_[pos_] < '0' || text_[pos_] > '9') return fail();
        count = 0;
        while (!atEnd() && text_[pos_] >= '0' && text_[pos_] <= '9') {
            count = count * 10 + (text_[pos_] - '0');
            if (count > kMaxChunks) return fail();
            ++pos_;
        }
        return true;
    }

    bool append(std::string& out, const std::string& piece, std::int64_t count) {
        if (static_cast<std::int64_t>(out.size()) +
                static_cast<std::int64_t>(piece.size()) * count >
            kMaxChunks) {
            return fail();
        }
        for (std::int64_t i = 0; i < count; ++i) out += piece;
        return true;
    }

    bool sequence(std::string& out, int depth) {
        while (!atEnd()) {
            const char c = text_[pos_];
            if (c == ',') {
                ++pos_;
            } else if (c == ')') {
                return depth > 0 || fail();
            } else if (c == '(') {
                if (depth >= kMaxDepth) return fail();
                ++pos_;
                std::string inner;
                if (!sequence(inner, depth + 1)) return false;
                if (atEnd() || text_[pos_] != ')') return fail();
                ++pos_;
                // Megatron-LM's syntax repeats a group only with "*n".
                if (atEnd() || text_[pos_] != '*') return fail();
                std::int64_t count = 1;
                if (!repeatCount(count) || !append(out, inner, count)) return false;
            } else if (c == 'E' || c == 'L' || c == 't' || c == '|') {
                ++pos_;
                std::int64_t count = 1;
                if (!repeatCount(count) || !append(out, std::string(1, c), count)) return false;
            } else {
                return fail();
            }
        }
        return depth == 0 || fail();
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int errorAt_ = -1;
};

// n items over `parts` places: ⌊n/parts⌋ each, the first n mod parts one more.
int share(int items, int parts, int index) {
    if (parts < 1 || items < 1) return 0;
    return items / parts + (index < items % parts ? 1 : 0);
}

PipelineLayout evenLayout(int layers, int stages, int virtualStages) {
    PipelineLayout layout{stages, virtualStages, {}};
    const int chunks = stages * virtualStages;
    layout.chunks.resize(static_cast<std::size_t>(chunks));
    for (int c = 0; c < chunks; ++c) {
        layout.chunks[static_cast<std::size_t>(c)].layers = share(layers, chunks, c);
    }
    return layout;
}

void placeEmbeddingAndLoss(PipelineLayout& layout) {
    if (layout.chunks.empty()) return;
    layout.chunks.front().embedding = true;
    layout.chunks.back().loss = true;
}

// --decoder-first/last-pipeline-num-layers: the first and last ranks hold what they are given,
// the middle ranks share the rest; each rank spreads its layers over its chunks.
PipelineLayout firstLastLayout(const Plan& plan, int stages, int virtualStages) {
    const ParallelSpec& p = plan.parallel;
    const int layers = std::max(0, plan.model.layers);
    std::vector<int> perRank(static_cast<std::size_t>(stages), 0);
    int remaining = layers;
    int firstMiddle = 0;
    int lastMiddle = stages - 1;
    if (p.firstStageLayers > 0) {
        perRank.front() = std::min(p.firstStageLayers, remaining);
        remaining -= perRank.front();
        firstMiddle = 1;
    }
    if (p.lastStageLayers > 0 && lastMiddle >= firstMiddle) {
        perRank.back() = std::min(p.lastStageLayers, remaining);
        remaining -= perRank.back();
        lastMiddle = stages - 2;
    }
    const int middle = lastMiddle - firstMiddle + 1;
    for (int r = firstMiddle; r <= lastMiddle; ++r) {
        perRank[static_cast<std::size_t>(r)] = share(remaining, middle, r - firstMiddle);
    }
    PipelineLayout layout{stages, virtualStages, {}};
    layout.chunks.resize(static_cast<std::size_t>(stages) *
                         static_cast<std::size_t>(virtualStages));
    for (int r = 0; r < stages; ++r) {
        for (int v = 0; v < virtualStages; ++v) {
            layout.chunks[static_cast<std::size_t>(v * stages + r)].layers =
                share(perRank[static_cast<std::size_t>(r)], virtualStages, v);
        }
    }
    return layout;
}

// --account-for-embedding/loss-in-pipeline-split: the embedding and the loss each take a
// layer's place in the even split, on the first and the last chunk.
PipelineLayout accountedLayout(const Plan& plan, int stages, int virtualStages) {
    const ParallelSpec& p = plan.parallel;
    const int slots =
        std::max(0, plan.model.layers) + (p.embeddingInSplit ? 1 : 0) + (p.lossInSplit ? 1 : 0);
    PipelineLayout layout = evenLayout(slots, stages, virtualStages);
    if (p.embeddingInSplit) {
        layout.chunks.front().layers = std::max(0, layout.chunks.front().layers - 1);
    }
    if (p.lossInSplit) layout.chunks.back().layers = std::max(0, layout.chunks.back().layers - 1);
    return layout;
}

}  // namespace

int ParsedLayout::layers() const {
    int total = 0;
    for (const LayoutChunk& chunk : chunks) total += chunk.layers;
    return total;
}

ParsedLayout parseLayoutString(std::string_view text) {
    ParsedLayout parsed;
    LayoutExpander expander(text);
    const std::optional<std::string> symbols = expander.expand();
    if (!symbols) {
        parsed.errorAt = expander.errorAt();
        return parsed;
    }
    parsed.chunks.emplace_back();
    for (const char symbol : *symbols) {
        LayoutChunk& chunk = parsed.chunks.back();
        if (symbol == '|') {
            parsed.chunks.emplace_back();
        } else if (symbol == 't') {
            ++chunk.layers;
        } else if (symbol == 'E') {
            chunk.embedding = true;
            ++parsed.embeddings;
        } else {
            chunk.loss = true;
            ++parsed.losses;
        }
    }
    const std::string_view placed(*symbols);
    parsed.embeddingFirst = !placed.empty() && placed.front() == 'E';
    parsed.lossLast = !placed.empty() && placed.back() == 'L';
    return parsed;
}

std::string layoutString(const std::vector<LayoutChunk>& chunks) {
    const auto chunkText = [](const LayoutChunk& chunk) {
        std::string text = chunk.embedding ? "E" : "";
        if (chunk.layers == 1) {
            text += "t";
        } else if (chunk.layers > 1) {
            text += "t*";
            text += std::to_string(chunk.layers);
        }
        if (chunk.loss) text += "L";
        return text;
    };
    std::string out;
    std::size_t index = 0;
    while (index < chunks.size()) {
        std::size_t run = 1;
        while (index + run < chunks.size() && chunks[index + run] == chunks[index]) ++run;
        const bool last = index + run == chunks.size();
        // A run that ends the layout cannot carry its final "|" inside the repeat.
        const std::size_t repeated = last ? run - 1 : run;
        // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on "(" + string.
        if (repeated > 1) {
            out += '(';
            out += chunkText(chunks[index]);
            out += "|)*";
            out += std::to_string(repeated);
        } else if (repeated == 1) {
            out += chunkText(chunks[index]);
            out += '|';
        }
        if (last) out += chunkText(chunks[index]);
        index += run;
    }
    return out;
}

PipelineLayout pipelineLayout(const Plan& plan) {
    const ParallelSpec& p = plan.parallel;
    const int layers = std::max(0, plan.model.layers);
    const int stages = std::max(1, p.pp);
    const bool chunksFit = std::int64_t{stages} * std::max(1, p.virtualStages) <= kMaxChunks;
    const int virtualStages = chunksFit ? std::max(1, p.virtualStages) : 1;
    const bool splitFits = std::int64_t{stages} <= kMaxChunks;
    if (!splitFits) return PipelineLayout{stages, 1, {}};

    PipelineLayout layout;
    if (!p.pipelineLayout.empty()) {
        const ParsedLayout parsed = parseLayoutString(p.pipelineLayout);
        const bool usable = parsed.errorAt < 0 &&
                            std::ssize(parsed.chunks) == std::int64_t{stages} * virtualStages &&
                            parsed.layers() == layers && parsed.embeddings == 1 &&
                            parsed.losses == 1;
        if (usable) return PipelineLayout{stages, virtualStages, parsed.chunks};
        layout = evenLayout(layers, stages, virtualStages);
    } else if ((p.firstStageLayers > 0 || p.lastStageLayers > 0) && stages > 1) {
        layout = firstLastLayout(plan, stages, virtualStages);
    } else if (p.embeddingInSplit || p.lossInSplit) {
        layout = accountedLayout(plan, stages, virtualStages);
    } else {
        layout = evenLayout(layers, stages, virtualStages);
    }
    placeEmbeddingAndLoss(layout);
    return layout;
}

std::vector<int> stageLayerCounts(const PipelineLayout& layout) {
    std::vector<int> counts(static_cast<std::size_t>(std::max(0, layout.stages)), 0);
    for (std::size_t c = 0; c < layout.chunks.size(); ++c) {
        counts[c % counts.size()] += layout.chunks[c].layers;
    }
    return counts;
}

bool hasEqualChunks(const PipelineLayout& layout) {
    const std::vector<LayoutChunk>& chunks = layout.chunks;
    for (std::size_t c = 0; c < chunks.size(); ++c) {
        if (chunks[c].layers != chunks.front().layers) return false;
        if (chunks[c].embedding != (c == 0)) return false;
        if (chunks[c].loss != (c + 1 == chunks.size())) return false;
    }
    return true;
}

bool setsPipelineSplit(const ParallelSpec& parallel) {
    return parallel.firstStageLayers != 0 || parallel.lastStageLayers != 0 ||
           parallel.embeddingInSplit || parallel.lossInSplit || !parallel.pipelineLayout.empty();
}

}  // namespace fourfold::core
