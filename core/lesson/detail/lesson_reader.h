// SPDX-License-Identifier: MIT
// Reading a lesson document's JSON key by key: type checks naming the JSON pointer, unknown
// keys refused, markup read and its placeholders checked against the figures a lesson may
// quote, and every diagnostic given the line and column of the value it is about.
#pragma once

#include "core/lesson/lesson.h"
#include "core/plan/plan_json_text.h"
#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core::detail {

using LessonJson = nlohmann::json;

// "an array", "a string", ... as the lesson.not_an_object sentence quotes it.
[[nodiscard]] std::string kindOfJson(const LessonJson& value);
// A syntax error with the line and column the parser stopped at.
[[nodiscard]] Diagnostic lessonSyntaxError(std::string_view text,
                                           const LessonJson::parse_error& error);

class LessonReader {
public:
    // `text` must be the (syntactically valid) document and outlive the reader.
    LessonReader(std::string_view text, std::vector<Diagnostic>& out);

    void error(const std::string& pointer, std::string code, DiagnosticArgs args);
    // Refuses every key of `object` not in `allowed`.
    void allowKeys(const LessonJson& object, const std::string& pointer,
                   std::initializer_list<std::string_view> allowed);
    // The member, or nullptr (an error when it is required).
    [[nodiscard]] const LessonJson* member(const LessonJson& object, const std::string& pointer,
                                           std::string_view key, bool required);

    [[nodiscard]] bool expectObject(const LessonJson& value, const std::string& pointer);
    [[nodiscard]] bool expectArray(const LessonJson& value, const std::string& pointer);
    [[nodiscard]] std::string string(const LessonJson& value, const std::string& pointer);
    [[nodiscard]] double number(const LessonJson& value, const std::string& pointer,
                                bool nonNegative = false);
    [[nodiscard]] int choiceIndex(const LessonJson& value, const std::string& pointer,
                                  std::size_t count);
    // Markup given as one string or an array of lines (joined with "\n"); placeholders must
    // name known figures with a style they support.
    [[nodiscard]] std::optional<LessonText> markup(const LessonJson& value,
                                                   const std::string& pointer);

    // Gives each diagnostic without a position the line and column of its pointer (or of the
    // nearest enclosing value).
    void attachPositions();

private:
    void errorAtOffset(const std::string& pointer, std::size_t offset, std::string code,
                       DiagnosticArgs args);
    // The byte offset in the document of the value at `pointer`, if the scan found it.
    [[nodiscard]] std::optional<std::size_t> offsetOf(const std::string& pointer) const;
    void checkPlaceholders(const LessonText& text, const std::string& pointer,
                           const std::vector<std::string>& linePointers);

    std::string_view text_;
    std::vector<Diagnostic>& out_;
    ValuePositions positions_;
};

}  // namespace fourfold::core::detail
