// SPDX-License-Identifier: MIT
// Spaces beside Chinese text. Sentences put spaces round an inserted value so that Latin text
// and numbers stand apart ("改为 ZeRO-3 即可"); when the value is itself Chinese the spaces are
// stray ("改为 完全重计算 即可"), since Chinese is written without spaces between words.
#pragma once

#include <string>
#include <string_view>

namespace fourfold::core {

// Whether UTF-8 text starts (or, `last`, ends) with a Han character or CJK or full-width
// punctuation.
[[nodiscard]] bool startsWithCjk(std::string_view text);
[[nodiscard]] bool endsWithCjk(std::string_view text);

// The text with every single space between two such characters taken out.
[[nodiscard]] std::string withoutSpacesBetweenCjk(std::string_view text);

}  // namespace fourfold::core
