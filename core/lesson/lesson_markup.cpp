// SPDX-License-Identifier: MIT
// The lesson markup (docs/lessons.md): blank lines separate blocks, "- " starts a list item,
// *emphasis*, `formula`, {figure} or {figure:style} placeholders, and a backslash before one of
// * ` { \ writes it literally. Lines of one block join with a space.
#include "core/lesson/lesson.h"

#include <string>

namespace fourfold::core {
namespace {

bool isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

class BlockBuilder {
public:
    explicit BlockBuilder(MarkupParse& result) : result_(result) {}

    void open(LessonBlock::Kind kind) {
        close();
        block_ = LessonBlock{kind, {}};
        isOpen_ = true;
    }
    [[nodiscard]] bool isOpen() const { return isOpen_; }

    // Appends one line's content; `base` is its byte offset in the markup (for errors).
    void line(std::string_view content, std::size_t base) {
        if (!block_.runs.empty()) addText(" ");
        std::size_t i = 0;
        while (i < content.size() && result_.error.empty()) {
            const char c = content[i];
            if (c == '\\' && i + 1 < content.size()) {
                const char next = content[i + 1];
                if (next == '*' || next == '`' || next == '{' || next == '\\') {
                    addText(std::string(1, next));
                    i += 2;
                    continue;
                }
            }
            if (c == '`') {
                toggle(formula_, formulaOffset_, base + i);
                ++i;
                continue;
            }
            if (c == '*' && !formula_) {
                toggle(emphasis_, emphasisOffset_, base + i);
                ++i;
                continue;
            }
            if (c == '{' && placeholder(content, i, base)) continue;
            std::size_t end = i + 1;
            while (end < content.size() && content[end] != '\\' && content[end] != '`' &&
                   content[end] != '*' && content[end] != '{') {
                ++end;
            }
            addText(std::string(content.substr(i, end - i)));
            i = end;
        }
    }

    void close() {
        if (!isOpen_) return;
        isOpen_ = false;
        if (result_.error.empty()) {
            if (formula_) fail("a formula (`) is not closed before the block ends", formulaOffset_);
            if (emphasis_) {
                fail("an emphasis (*) is not closed before the block ends", emphasisOffset_);
            }
        }
        formula_ = emphasis_ = false;
        if (!block_.runs.empty()) result_.text.blocks.push_back(std::move(block_));
        block_ = {};
    }

private:
    [[nodiscard]] LessonRun::Kind kind() const {
        if (formula_) return LessonRun::Kind::Formula;
        return emphasis_ ? LessonRun::Kind::Emphasis : LessonRun::Kind::Text;
    }

    void addText(const std::string& text) {
        const LessonRun::Kind current = kind();
        if (!block_.runs.empty() && block_.runs.back().kind == current &&
            block_.runs.back().figure.empty()) {
            block_.runs.back().text += text;
        } else {
            block_.runs.push_back(LessonRun{current, text, {}, {}});
        }
    }

    void toggle(bool& state, std::size_t& openedAt, std::size_t offset) {
        state = !state;
        if (state) openedAt = offset;
    }

    // "{name}" or "{name:style}" at content[i]: adds a placeholder run and advances `i`.
    // Anything else starting with '{' is an error, so a typo never shows as literal text.
    bool placeholder(std::string_view content, std::size_t& i, std::size_t base) {
        const std::size_t close = content.find('}', i);
        if (close == std::string_view::npos) {
            fail("a placeholder ({) is not closed; write \\{ for a literal brace", base + i);
            return true;
        }
        const std::string_view inside = content.substr(i + 1, close - i - 1);
        const std::size_t colon = inside.find(':');
        const std::string_view name = inside.substr(0, colon);
        const std::string_view style =
            colon == std::string_view::npos ? std::string_view{} : inside.substr(colon + 1);
        bool valid = !name.empty();
        for (const char c : name) valid = valid && isNameChar(c);
        if (!valid) {
            fail("\"{" + std::string(inside) + "}\" is not a placeholder; write \\{ for a brace",
                 base + i);
            return true;
        }
        LessonRun run{kind(), {}, std::string(name), std::string(style)};
        if (style == "formula" && run.kind == LessonRun::Kind::Text) {
            run.kind = LessonRun::Kind::Formula;
        }
        block_.runs.push_back(std::move(run));
        i = close + 1;
        return true;
    }

    void fail(std::string message, std::size_t offset) {
        if (!result_.error.empty()) return;
        result_.error = std::move(message);
        result_.errorOffset = offset;
    }

    MarkupParse& result_;
    LessonBlock block_;
    bool isOpen_ = false;
    bool formula_ = false;
    bool emphasis_ = false;
    std::size_t formulaOffset_ = 0;
    std::size_t emphasisOffset_ = 0;
};

}  // namespace

MarkupParse parseLessonMarkup(std::string_view markup) {
    MarkupParse result;
    BlockBuilder builder(result);
    std::size_t start = 0;
    while (start <= markup.size() && result.error.empty()) {
        std::size_t end = markup.find('\n', start);
        if (end == std::string_view::npos) end = markup.size();
        std::string_view line = markup.substr(start, end - start);
        std::size_t indent = line.find_first_not_of(" \t\r");
        if (indent == std::string_view::npos) {
            builder.close();  // a blank line ends the block
        } else {
            std::size_t last = line.find_last_not_of(" \t\r");
            std::string_view content = line.substr(indent, last - indent + 1);
            if (content.substr(0, 2) == "- ") {
                builder.open(LessonBlock::Kind::ListItem);
                content.remove_prefix(2);
                indent += 2;
            } else if (!builder.isOpen()) {
                builder.open(LessonBlock::Kind::Paragraph);
            }
            builder.line(content, start + indent);
        }
        start = end + 1;
    }
    builder.close();
    return result;
}

}  // namespace fourfold::core
