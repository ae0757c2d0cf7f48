// SPDX-License-Identifier: MIT
#include "core/plan/plan_json_text.h"

#include <cctype>
#include <cstdint>
#include <unordered_set>

namespace fourfold::core::detail {
namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one
// (Unicode 15, table 3-7: well-formed byte sequences).
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;  // no UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    }
    return length;
}

void appendUtf8(std::string& out, std::uint32_t codePoint) {
    if (codePoint < 0x80) {
        out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
        out += static_cast<char>(0xC0 | (codePoint >> 6));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
        out += static_cast<char>(0xE0 | (codePoint >> 12));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (codePoint >> 18));
        out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
}

// Walks text the JSON parser has already accepted, so it checks nothing and never fails.
class PositionScanner {
public:
    PositionScanner(std::string_view text, int maxDepth) : text_(text), maxDepth_(maxDepth) {}

    ValuePositions run() {
        skipSpace();
        value("", 0);
        return std::move(result_);
    }

private:
    static constexpr std::size_t kMaxRecorded = 20'000;  // bounds memory on huge documents

    [[nodiscard]] char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\n' || text_[pos_] == '\r')) {
            ++pos_;
        }
    }

    void value(const std::string& pointer, int depth) {
        if (depth <= maxDepth_ && result_.offsets.size() < kMaxRecorded) {
            result_.offsets[pointer] = pos_;
        }
        switch (peek()) {
            case '{':
                object(pointer, depth);
                break;
            case '[':
                array(pointer, depth);
                break;
            case '"':
                skipString();
                break;
            default:
                while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' &&
                       text_[pos_] != ']' && text_[pos_] != ' ' && text_[pos_] != '\n' &&
                       text_[pos_] != '\r' && text_[pos_] != '\t') {
                    ++pos_;
                }
        }
    }

    void object(const std::string& pointer, int depth) {
        ++pos_;  // '{'
        std::unordered_set<std::string> seen;
        skipSpace();
        while (pos_ < text_.size() && peek() != '}') {
            const std::string key = string();
            const std::string member = pointer + "/" + escapePointerToken(key);
            skipSpace();
            ++pos_;  // ':'
            skipSpace();
            if (depth < maxDepth_ && !seen.insert(key).second &&
                result_.duplicates.size() < kMaxRecorded) {
                result_.duplicates.push_back({member, pos_});
            }
            value(member, depth + 1);
            skipSpace();
            if (peek() == ',') ++pos_;
            skipSpace();
        }
        ++pos_;  // '}'
    }

    void array(const std::string& pointer, int depth) {
        ++pos_;  // '['
        skipSpace();
        for (std::size_t index = 0; pos_ < text_.size() && peek() != ']'; ++index) {
            value(pointer + "/" + std::to_string(index), depth + 1);
            skipSpace();
            if (peek() == ',') ++pos_;
            skipSpace();
        }
        ++pos_;  // ']'
    }

    std::uint32_t hex4() {
        std::uint32_t code = 0;
        for (int k = 0; k < 4 && pos_ < text_.size(); ++k, ++pos_) {
            const char c = text_[pos_];
            const std::uint32_t digit = c >= '0' && c <= '9' ? static_cast<std::uint32_t>(c - '0')
                                        : c >= 'a' && c <= 'f'
                                            ? static_cast<std::uint32_t>(c - 'a' + 10)
                                            : static_cast<std::uint32_t>(c - 'A' + 10);
            code = code * 16 + digit;
        }
        return code;
    }

    void skipString() {
        ++pos_;  // opening quote
        while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
        ++pos_;  // closing quote
    }

    // Decodes a string literal (escapes included) and moves past its closing quote.
    std::string string() {
        std::string out;
        ++pos_;  // opening quote
        while (pos_ < text_.size() && text_[pos_] != '"') {
            if (text_[pos_] != '\\') {
                out += text_[pos_++];
                continue;
            }
            ++pos_;
            const char escape = peek();
            ++pos_;
            switch (escape) {
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    std::uint32_t code = hex4();
                    if (code >= 0xD800 && code <= 0xDBFF && peek() == '\\') {
                        pos_ += 2;  // "\u" of the low surrogate
                        const std::uint32_t low = hex4();
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    }
                    appendUtf8(out, code);
                    break;
                }
                default:
                    out += escape;  // '"', '\\', '/'
            }
        }
        ++pos_;  // closing quote
        return out;
    }

    std::string_view text_;
    int maxDepth_;
    std::size_t pos_ = 0;
    ValuePositions result_;
};

}  // namespace

LineColumn lineColumnAt(std::string_view text, std::size_t offset) {
    if (offset > text.size()) offset = text.size();
    LineColumn position;
    for (std::size_t i = 0; i < offset; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            ++position.line;
            position.column = 1;
        } else if ((byte & 0xC0) != 0x80) {  // continuation bytes do not start a character
            ++position.column;
        }
    }
    return position;
}

std::size_t tokenStart(std::string_view text, std::size_t last) {
    if (last >= text.size()) return last;
    if (text[last] == '"') {
        for (std::size_t i = last; i > 0;) {
            --i;
            if (text[i] != '"') continue;
            std::size_t backslashes = 0;
            while (backslashes < i && text[i - 1 - backslashes] == '\\') ++backslashes;
            if (backslashes % 2 == 0) return i;
        }
        return last;
    }
    const auto isWordChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '-' || c == '.';
    };
    std::size_t start = last;
    while (start > 0 && isWordChar(text[start]) && isWordChar(text[start - 1])) --start;
    return start;
}

std::optional<std::size_t> findExcessiveNesting(std::string_view text, int limit) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
            }
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > limit) return i;
        } else if (c == '}' || c == ']') {
            if (depth > 0) --depth;
        }
    }
    return std::nullopt;
}

std::optional<Diagnostic> jsonNestingError(std::string_view text, int limit, std::string code,
                                           DiagnosticArgs args) {
    const auto deep = findExcessiveNesting(text, limit);
    if (!deep) return std::nullopt;
    Diagnostic error = makeDiagnostic(Severity::Error, "", std::move(code), std::move(args));
    const LineColumn position = lineColumnAt(text, *deep);
    error.line = position.line;
    error.column = position.column;
    return error;
}

ValuePositions scanValuePositions(std::string_view text, int maxDepth) {
    return PositionScanner(text, maxDepth).run();
}

std::string escapePointerToken(std::string_view token) {
    std::string out;
    out.reserve(token.size());
    for (const char c : token) {
        if (c == '~') {
            out += "~0";
        } else if (c == '/') {
            out += "~1";
        } else {
            out += c;
        }
    }
    return out;
}

std::string sanitizeUtf8(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) {
            const auto byte = static_cast<unsigned char>(text[i]);
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
            ++i;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

std::string shortenUtf8(std::string_view text, std::size_t maxChars) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
        if (chars == maxChars) return std::string(text.substr(0, i)) + "…";
        ++chars;
    }
    return std::string(text);
}

}  // namespace fourfold::core::detail
