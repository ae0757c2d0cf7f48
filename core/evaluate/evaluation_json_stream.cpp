// SPDX-License-Identifier: MIT
// writeEvaluationJson: the evaluation tree without its two large lists is printed as
// nlohmann's dump(2) would print it, and the lists are written straight from the Evaluation
// where the tree holds their null placeholders. A 10^6-rank job's group lists then cost a pass
// over nine million integers, not nine million tree nodes.
#include "core/evaluate/evaluation_json.h"
#include "core/plan/plan_enums.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace fourfold::core {
namespace {

using OrderedJson = nlohmann::ordered_json;

// Output through one buffer: ostream insertion per number is the slow part otherwise.
class Sink {
public:
    explicit Sink(std::ostream& out) : out_(out) { buffer_.reserve(kFlushAt + 256); }
    ~Sink() { flush(); }
    Sink(const Sink&) = delete;
    Sink& operator=(const Sink&) = delete;

    void text(std::string_view piece) {
        buffer_.append(piece);
        if (buffer_.size() >= kFlushAt) flush();
    }
    void indent(int width) { text(std::string(static_cast<std::size_t>(width), ' ')); }
    template <typename Integer>
    void integer(Integer value) {
        std::array<char, 24> digits{};
        const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
        text(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
    }
    // Shortest round-trip form; JSON has no infinities or NaN, so those are null (as nlohmann).
    void number(double value) {
        if (!std::isfinite(value)) return text("null");
        std::array<char, 32> digits{};
        const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
        const std::string_view written(digits.data(),
                                       static_cast<std::size_t>(end - digits.data()));
        text(written);
        // "3" would read back as an integer: keep doubles recognisable, as nlohmann does.
        if (written.find_first_of(".e") == std::string_view::npos) text(".0");
    }
    void flush() {
        out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        buffer_.clear();
    }

private:
    static constexpr std::size_t kFlushAt = 1 << 16;
    std::ostream& out_;
    std::string buffer_;
};

std::string scalarText(const OrderedJson& value) {
    // error_handler::replace: a stray invalid UTF-8 byte in a plan name must not throw.
    return value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

struct Streamer {
    const Evaluation& evaluation;
    Sink& sink;

    void ops(std::size_t rankIndex, int depth) {
        const auto& list = evaluation.schedule->ranks[rankIndex].ops;
        if (list.empty()) return sink.text("[]");
        sink.text("[\n");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const ScheduleOp& op = list[i];
            sink.indent(depth + 2);
            sink.text("{\"kind\": \"");
            sink.text(toString(op.kind));
            sink.text("\", \"micro_batch\": ");
            sink.integer(op.microBatch);
            sink.text(", \"chunk\": ");
            sink.integer(op.chunk);
            sink.text(", \"start_s\": ");
            sink.number(op.startS);
            sink.text(", \"end_s\": ");
            sink.number(op.endS);
            sink.text(i + 1 < list.size() ? "},\n" : "}\n");
        }
        sink.indent(depth);
        sink.text("]");
    }

    // One step per line: "[0.12, 4294967296]" (seconds, bytes held).
    bool timeline(std::size_t rankIndex, int depth) {
        if (!evaluation.activations) return false;
        for (const RankActivations& rank : evaluation.activations->ranks) {
            if (static_cast<std::size_t>(rank.rank) != rankIndex || !rank.hasMemory) continue;
            if (rank.steps.empty()) {
                sink.text("[]");
                return true;
            }
            sink.text("[\n");
            for (std::size_t i = 0; i < rank.steps.size(); ++i) {
                sink.indent(depth + 2);
                sink.text("[");
                sink.number(rank.steps[i].timeS);
                sink.text(", ");
                sink.integer(rank.steps[i].bytes);
                sink.text(i + 1 < rank.steps.size() ? "],\n" : "]\n");
            }
            sink.indent(depth);
            sink.text("]");
            return true;
        }
        return false;
    }

    // One group per line: "[0, 8, 16, 24]", computed from the set's layout as it is written.
    void groups(const GroupSet& set, int depth) {
        if (set.groupCount <= 0) return sink.text("[]");
        sink.text("[\n");
        std::vector<int> members;
        for (int i = 0; i < set.groupCount; ++i) {
            groupMembers(set, i, members);
            sink.indent(depth + 2);
            sink.text("[");
            for (std::size_t j = 0; j < members.size(); ++j) {
                if (j > 0) sink.text(", ");
                sink.integer(members[j]);
            }
            sink.text(i + 1 < set.groupCount ? "],\n" : "]\n");
        }
        sink.indent(depth);
        sink.text("]");
    }

    // Group indices, one per line as dump(2) prints an array of numbers.
    void indices(const GroupSet& set, int depth) {
        const std::vector<int> list = groupsSpanningNodes(set);
        if (list.empty()) return sink.text("[]");
        sink.text("[\n");
        for (std::size_t i = 0; i < list.size(); ++i) {
            sink.indent(depth + 2);
            sink.integer(list[i]);
            sink.text(i + 1 < list.size() ? ",\n" : "\n");
        }
        sink.indent(depth);
        sink.text("]");
    }

    const GroupSet* groupList(std::string_view kindKey) const {
        for (GroupKind kind : kAllGroupKinds) {
            if (groupKindKey(kind) == kindKey) return &groupSet(*evaluation.topology, kind);
        }
        return nullptr;
    }

    // path: the keys and indices from the root to `value`.
    void write(const OrderedJson& value, int depth, std::vector<std::string>& path) {
        if (value.is_null() && fillPlaceholder(depth, path)) return;
        if (value.is_object()) {
            if (value.empty()) return sink.text("{}");
            sink.text("{\n");
            std::size_t i = 0;
            for (auto it = value.begin(); it != value.end(); ++it, ++i) {
                sink.indent(depth + 2);
                sink.text(scalarText(OrderedJson(it.key())));
                sink.text(": ");
                path.push_back(it.key());
                write(it.value(), depth + 2, path);
                path.pop_back();
                sink.text(i + 1 < value.size() ? ",\n" : "\n");
            }
            sink.indent(depth);
            return sink.text("}");
        }
        if (value.is_array()) {
            if (value.empty()) return sink.text("[]");
            sink.text("[\n");
            for (std::size_t i = 0; i < value.size(); ++i) {
                sink.indent(depth + 2);
                path.push_back(std::to_string(i));
                write(value[i], depth + 2, path);
                path.pop_back();
                sink.text(i + 1 < value.size() ? ",\n" : "\n");
            }
            sink.indent(depth);
            return sink.text("]");
        }
        // Integers as nlohmann prints them, without a dump per number (long index lists).
        if (value.is_number_unsigned()) return sink.integer(value.get<std::uint64_t>());
        if (value.is_number_integer()) return sink.integer(value.get<std::int64_t>());
        sink.text(scalarText(value));
    }

    // The placeholders sit at /schedule/ranks/<i>/ops and .../activation_timeline,
    // /topology/groups/<kind> and /topology/groups_spanning_nodes/<kind>.
    bool fillPlaceholder(int depth, const std::vector<std::string>& path) {
        if (path.size() == 4 && path[0] == "schedule" && path[1] == "ranks" &&
            path[3] == "activation_timeline") {
            return timeline(std::stoul(path[2]), depth);
        }
        if (path.size() == 4 && path[0] == "schedule" && path[1] == "ranks" && path[3] == "ops" &&
            evaluation.schedule) {
            const std::size_t rank = std::stoul(path[2]);
            if (rank >= evaluation.schedule->ranks.size()) return false;
            ops(rank, depth);
            return true;
        }
        if (path.size() == 3 && path[0] == "topology" &&
            (path[1] == "groups" || path[1] == "groups_spanning_nodes") && evaluation.topology) {
            const GroupSet* set = groupList(path[2]);
            if (set == nullptr) return false;
            if (path[1] == "groups") {
                groups(*set, depth);
            } else {
                indices(*set, depth);
            }
            return true;
        }
        return false;
    }
};

}  // namespace

void writeEvaluationJson(std::ostream& out, const Evaluation& evaluation,
                         const EvaluationJsonOptions& options) {
    writeEvaluationTree(out, evaluation,
                        evaluationToJsonValue(
                            evaluation, options.operations ? ListMode::Placeholder : ListMode::Omit,
                            options.groups ? ListMode::Placeholder : ListMode::Omit));
}

void writeEvaluationTree(std::ostream& out, const Evaluation& evaluation,
                         const nlohmann::ordered_json& tree) {
    Sink sink(out);
    Streamer streamer{evaluation, sink};
    std::vector<std::string> path;
    streamer.write(tree, 0, path);
    sink.text("\n");
}

}  // namespace fourfold::core
