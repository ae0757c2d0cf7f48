// SPDX-License-Identifier: MIT
// Text-level helpers for the plan reader: the nesting guard that runs before the JSON parser,
// byte offset → line and column, where each value sits (so diagnostics can point at a line),
// and UTF-8 clean-up for text quoted back in messages. No JSON library involved.
#pragma once

#include "core/text/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fourfold::core::detail {

// Deepest nesting a plan document may have; a real plan needs four levels.
inline constexpr int kMaxPlanNesting = 128;

struct LineColumn {
    int line = 1;    // 1-based
    int column = 1;  // 1-based, counted in characters (UTF-8 code points)
};

// Line and column of the byte at `offset` (clamped to the end of the text).
[[nodiscard]] LineColumn lineColumnAt(std::string_view text, std::size_t offset);

// Where the token ending at byte `last` begins: a string's opening quote, or the first character
// of a literal or number. For a JSON parser's "unexpected <token>", which it reports after reading
// the whole (valid) token, so a string holds no unescaped quote.
[[nodiscard]] std::size_t tokenStart(std::string_view text, std::size_t last);

// The byte offset where brackets outside strings first nest deeper than `limit`, if they do.
// Cheap and iterative, so it is safe on any input, however deep.
[[nodiscard]] std::optional<std::size_t> findExcessiveNesting(std::string_view text, int limit);

// The one nesting guard every JSON reader runs before nlohmann's parser, which recurses once per
// level and so overflows the stack on text of some 100,000 nested brackets: plans and `--set`
// values (kMaxPlanNesting), lessons, DeepSpeed and Hugging Face configs (kMaxImportNesting in
// core/frameworks). The error `code` with `args`, at the line and column where the brackets
// first nest deeper than `limit`; std::nullopt when they never do.
[[nodiscard]] std::optional<Diagnostic> jsonNestingError(std::string_view text, int limit,
                                                         std::string code, DiagnosticArgs args);

struct DuplicateKey {
    std::string pointer;  // the repeated member's JSON pointer
    std::size_t offset = 0;
};

struct ValuePositions {
    std::unordered_map<std::string, std::size_t> offsets;  // JSON pointer → byte offset of value
    std::vector<DuplicateKey> duplicates;                  // later repeats of a key
};

// Where each value of a syntactically valid document starts, down to `maxDepth` levels.
// Call only on text the JSON parser accepted (and the nesting guard passed).
[[nodiscard]] ValuePositions scanValuePositions(std::string_view text, int maxDepth);

// One JSON pointer reference token with '~' and '/' escaped (RFC 6901).
[[nodiscard]] std::string escapePointerToken(std::string_view token);

// The text with every byte that is not part of valid UTF-8 shown as "\xNN".
[[nodiscard]] std::string sanitizeUtf8(std::string_view text);

// At most `maxChars` characters of valid UTF-8 text, with "…" when cut.
[[nodiscard]] std::string shortenUtf8(std::string_view text, std::size_t maxChars);

}  // namespace fourfold::core::detail
