// SPDX-License-Identifier: MIT
#include "core/text/cjk_spacing.h"

namespace fourfold::core {
namespace {

// The code point of the three-byte UTF-8 sequence at `start`, or 0 for any other sequence:
// every character this is about (U+3000–U+9FFF, U+FF00–U+FFEF) takes three bytes.
unsigned threeByteCode(std::string_view text, std::size_t start) {
    if (text.size() < start + 3) return 0;
    const auto byte = [&text, start](std::size_t k) {
        return static_cast<unsigned char>(text[start + k]);
    };
    if ((byte(0) & 0xF0u) != 0xE0u) return 0;
    return ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
}

bool isCjk(unsigned code) {
    return (code >= 0x3000 && code <= 0x303F) || (code >= 0x3400 && code <= 0x9FFF) ||
           (code >= 0xFF00 && code <= 0xFFEF);
}

// The start of the UTF-8 sequence that ends just before `end`.
std::size_t lastStart(std::string_view text, std::size_t end) {
    std::size_t start = end - 1;
    while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0u) == 0x80u) --start;
    return start;
}

}  // namespace

bool startsWithCjk(std::string_view text) { return isCjk(threeByteCode(text, 0)); }

bool endsWithCjk(std::string_view text) {
    return !text.empty() && isCjk(threeByteCode(text, lastStart(text, text.size())));
}

std::string withoutSpacesBetweenCjk(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == ' ' && endsWithCjk(out) && startsWithCjk(text.substr(i + 1))) continue;
        out += text[i];
    }
    return out;
}

}  // namespace fourfold::core
