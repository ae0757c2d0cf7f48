// SPDX-License-Identifier: MIT
// The nesting guard that runs before toml++ (core/frameworks/detail/toml_document.h): how deep
// each value sits, counted from the table headers, dotted keys, inline tables and arrays around
// it, without building anything. Lenient on malformed text (toml++ reports that afterwards);
// it only has to see every way of nesting a valid document has.
#include "core/frameworks/detail/toml_document.h"

#include <vector>

namespace fourfold::core::detail {
namespace {

class NestingScanner {
public:
    NestingScanner(std::string_view text, int limit) : text_(text), limit_(limit) {}

    std::optional<TomlPosition> run() {
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '#') {
                skipComment();
            } else if (c == '"' || c == '\'') {
                skipString(c);
            } else if (c == '\n') {
                if (open_.empty()) statementStart_ = true;
                ++at_;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++at_;
            } else if (statementStart_ && open_.empty() && c == '[') {
                if (!tableHeader()) return positionOf(at_);
            } else if (!step(c)) {
                return positionOf(at_);
            }
        }
        return std::nullopt;
    }

private:
    // An inline table or an array opened inside a value, with the depth it sits at.
    struct Open {
        bool table;
        int depth;
    };

    // One character of a key or a value; false when it nests too deep.
    bool step(char c) {
        if (statementStart_) {
            statementStart_ = false;
            startKey();
        }
        ++at_;
        if (inKey_) {
            const int keyDepth = (open_.empty() ? headerDepth_ : open_.back().depth) + segments_;
            if (c == '.') {
                ++segments_;
                return keyDepth + 1 <= limit_;
            }
            if (c == '=') {
                inKey_ = false;
                valueDepth_ = keyDepth;
                return valueDepth_ <= limit_;
            }
            if (c == '}') {
                close();  // an empty inline table
            }
            return true;
        }
        switch (c) {
            case '[':
                open_.push_back({false, valueDepth_});
                valueDepth_ += 1;  // its items
                return valueDepth_ <= limit_;
            case '{':
                open_.push_back({true, valueDepth_});
                startKey();
                return true;
            case ',':
                if (!open_.empty() && open_.back().table) {
                    startKey();
                } else if (!open_.empty()) {
                    valueDepth_ = open_.back().depth + 1;
                }
                return true;
            case ']':
            case '}':
                close();
                return true;
            default:
                return true;
        }
    }

    void startKey() {
        inKey_ = true;
        segments_ = 1;
    }

    void close() {
        if (open_.empty()) return;
        open_.pop_back();
        inKey_ = false;
        if (!open_.empty() && !open_.back().table) valueDepth_ = open_.back().depth + 1;
    }

    // "[a.b.c]" or "[[a.b]]" at a statement's start: sets the depth its keys start from.
    bool tableHeader() {
        const std::size_t start = at_;
        const bool arrayOfTables = text_.substr(at_, 2) == "[[";
        at_ += arrayOfTables ? 2 : 1;
        int segments = 1;
        while (at_ < text_.size() && text_[at_] != ']' && text_[at_] != '\n') {
            const char c = text_[at_];
            if (c == '"' || c == '\'') {
                skipString(c);
                continue;
            }
            if (c == '.') ++segments;
            ++at_;
        }
        headerDepth_ = segments + (arrayOfTables ? 1 : 0);  // an array's items are one deeper
        statementStart_ = false;
        inKey_ = false;
        // The rest of the line holds at most "]" and a comment.
        while (at_ < text_.size() && text_[at_] != '\n' && text_[at_] != '#') ++at_;
        if (headerDepth_ > limit_) {
            at_ = start;
            return false;
        }
        return true;
    }

    void skipComment() {
        while (at_ < text_.size() && text_[at_] != '\n') ++at_;
    }

    // A basic ("...", """...""") or literal ('...', '''...''') string, escapes and all.
    void skipString(char quote) {
        if (statementStart_) {
            statementStart_ = false;
            startKey();
        }
        const std::string_view triple = quote == '"' ? "\"\"\"" : "'''";
        const bool multiLine = text_.substr(at_, 3) == triple;
        at_ += multiLine ? 3 : 1;
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '\\' && quote == '"') {
                at_ += 2;
            } else if (multiLine && text_.substr(at_, 3) == triple) {
                at_ += 3;
                // Up to two more quotes belong to the string ("""a""""" ends in two quotes).
                for (int extra = 0; extra < 2 && at_ < text_.size() && text_[at_] == quote;
                     ++extra) {
                    ++at_;
                }
                return;
            } else if (!multiLine && (c == quote || c == '\n')) {
                if (c == quote) ++at_;
                return;
            } else {
                ++at_;
            }
        }
    }

    [[nodiscard]] TomlPosition positionOf(std::size_t offset) const {
        TomlPosition position{1, 1};
        for (std::size_t i = 0; i < offset && i < text_.size(); ++i) {
            const auto byte = static_cast<unsigned char>(text_[i]);
            if (byte == '\n') {
                ++position.line;
                position.column = 1;
            } else if ((byte & 0xC0) != 0x80) {  // a UTF-8 continuation byte starts nothing
                ++position.column;
            }
        }
        return position;
    }

    std::string_view text_;
    int limit_;
    std::size_t at_ = 0;
    bool statementStart_ = true;
    bool inKey_ = false;
    int segments_ = 0;
    int headerDepth_ = 0;
    int valueDepth_ = 0;
    std::vector<Open> open_;
};

}  // namespace

std::optional<TomlPosition> findExcessiveTomlNesting(std::string_view text, int limit) {
    return NestingScanner(text, limit).run();
}

}  // namespace fourfold::core::detail
