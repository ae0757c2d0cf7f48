// SPDX-License-Identifier: MIT
#include "core/lesson/detail/lesson_reader.h"

#include "core/lesson/lesson_render.h"
#include "core/plan/plan_json_fields.h"

#include <algorithm>
#include <cmath>
#include <exception>

namespace fourfold::core::detail {
namespace {

// Deep enough for /steps/N/question/choices/N/M and a patch's own keys.
constexpr int kPositionDepth = 10;

// Where byte `decoded` of a JSON string's decoded text sits in the document, the string's
// opening quote being at `quote`. Escapes take more bytes in the text than in the value.
std::size_t rawOffset(std::string_view text, std::size_t quote, std::size_t decoded) {
    std::size_t raw = quote + 1;
    std::size_t seen = 0;
    while (raw < text.size() && text[raw] != '"' && seen < decoded) {
        if (text[raw] != '\\') {
            ++raw;
            ++seen;
            continue;
        }
        if (raw + 1 < text.size() && text[raw + 1] == 'u' && raw + 6 <= text.size()) {
            const unsigned long code =
                std::strtoul(std::string(text.substr(raw + 2, 4)).c_str(), nullptr, 16);
            // A surrogate half is half of a 4-byte character.
            seen += code < 0x80 ? 1 : code < 0x800 ? 2 : (code >= 0xD800 && code < 0xE000) ? 2 : 3;
            raw += 6;
        } else {
            raw += 2;
            ++seen;
        }
    }
    return raw;
}

}  // namespace

std::string kindOfJson(const LessonJson& value) {
    if (value.is_array()) return "an array";
    if (value.is_string()) return "a string";
    if (value.is_boolean()) return "a boolean";
    if (value.is_null()) return "null";
    return "a number";
}

Diagnostic lessonSyntaxError(std::string_view text, const LessonJson::parse_error& error) {
    std::string_view what = error.what();
    std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
    // "unexpected <token>" is reported after the whole token: point at its first character.
    if (what.find(" - unexpected ") != std::string_view::npos) offset = tokenStart(text, offset);
    const bool truncated = what.find("unexpected end of input") != std::string_view::npos;
    if (const auto dash = what.find(" - "); dash != std::string_view::npos) {
        what = what.substr(dash + 3);
    } else if (const auto colon = what.find(": "); colon != std::string_view::npos) {
        what = what.substr(colon + 2);
    }
    Diagnostic found = makeDiagnostic(Severity::Error, "",
                                      truncated ? "json.syntax_truncated" : "json.syntax_error",
                                      {{"detail", shortenUtf8(sanitizeUtf8(what), 160)}});
    const auto position = lineColumnAt(text, offset);
    found.line = position.line;
    found.column = position.column;
    return found;
}

LessonReader::LessonReader(std::string_view text, std::vector<Diagnostic>& out)
    : text_(text), out_(out) {
    try {
        positions_ = scanValuePositions(text, kPositionDepth);
    } catch (const std::exception&) {
        // Positions are a convenience: without them diagnostics keep their pointers.
    }
}

void LessonReader::error(const std::string& pointer, std::string code, DiagnosticArgs args) {
    out_.push_back(makeDiagnostic(Severity::Error, pointer, std::move(code), std::move(args)));
}

void LessonReader::errorAtOffset(const std::string& pointer, std::size_t offset, std::string code,
                                 DiagnosticArgs args) {
    error(pointer, std::move(code), std::move(args));
    const auto position = lineColumnAt(text_, offset);
    out_.back().line = position.line;
    out_.back().column = position.column;
}

void LessonReader::allowKeys(const LessonJson& object, const std::string& pointer,
                             std::initializer_list<std::string_view> allowed) {
    if (!object.is_object()) return;
    std::string choices;
    for (const std::string_view key : allowed) {
        choices += (choices.empty() ? "" : ", ") + std::string(key);
    }
    for (const auto& [key, value] : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        const std::string member = pointer + "/" + escapePointerToken(key);
        error(member, "lesson.unknown_key",
              {{"key", sanitizeUtf8(key)},
               {"pointer", pointer.empty() ? "/" : pointer},
               {"choices", choices}});
    }
}

const LessonJson* LessonReader::member(const LessonJson& object, const std::string& pointer,
                                       std::string_view key, bool required) {
    if (!object.is_object()) return nullptr;
    const auto found = object.find(key);
    if (found != object.end()) return &*found;
    if (required) {
        error(pointer, "lesson.missing_key",
              {{"pointer", pointer.empty() ? "/" : pointer}, {"key", key}});
    }
    return nullptr;
}

bool LessonReader::expectObject(const LessonJson& value, const std::string& pointer) {
    if (value.is_object()) return true;
    out_.push_back(typeError(pointer, "json.expected_object", value));
    return false;
}

bool LessonReader::expectArray(const LessonJson& value, const std::string& pointer) {
    if (value.is_array()) return true;
    out_.push_back(typeError(pointer, "lesson.expected_array", value));
    return false;
}

std::string LessonReader::string(const LessonJson& value, const std::string& pointer) {
    if (value.is_string()) return value.get<std::string>();
    out_.push_back(typeError(pointer, "json.expected_string", value));
    return {};
}

double LessonReader::number(const LessonJson& value, const std::string& pointer, bool nonNegative) {
    if (value.is_number() && std::isfinite(value.get<double>()) &&
        (!nonNegative || value.get<double>() >= 0)) {
        return value.get<double>();
    }
    out_.push_back(typeError(
        pointer, nonNegative ? "json.expected_non_negative_number" : "lesson.expected_number",
        value));
    return 0;
}

int LessonReader::choiceIndex(const LessonJson& value, const std::string& pointer,
                              std::size_t count) {
    if (value.is_number_unsigned() && value.get<std::uint64_t>() < count) {
        return static_cast<int>(value.get<std::uint64_t>());
    }
    out_.push_back(typeError(pointer, "lesson.choice_out_of_range", value,
                             {{"count", static_cast<long long>(count)}}));
    return 0;
}

std::optional<LessonText> LessonReader::markup(const LessonJson& value,
                                               const std::string& pointer) {
    std::string joined;
    std::vector<std::string> linePointers;  // one per line of an array, or the string's
    std::vector<std::size_t> lineStarts;
    if (value.is_string()) {
        joined = value.get<std::string>();
        linePointers.push_back(pointer);
        lineStarts.push_back(0);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::string linePointer = pointer + "/" + std::to_string(i);
            if (!value[i].is_string()) {
                out_.push_back(typeError(linePointer, "json.expected_string", value[i]));
                return std::nullopt;
            }
            if (i > 0) joined += "\n";
            linePointers.push_back(linePointer);
            lineStarts.push_back(joined.size());
            joined += value[i].get<std::string>();
        }
    } else {
        out_.push_back(typeError(pointer, "lesson.expected_text", value));
        return std::nullopt;
    }
    MarkupParse parsed = parseLessonMarkup(joined);
    if (!parsed.error.empty()) {
        const auto line = static_cast<std::size_t>(
            std::upper_bound(lineStarts.begin(), lineStarts.end(), parsed.errorOffset) -
            lineStarts.begin() - 1);
        const std::string& linePointer = linePointers[line];
        DiagnosticArgs args{{"pointer", linePointer}, {"detail", parsed.error}};
        if (const auto quote = offsetOf(linePointer)) {
            errorAtOffset(linePointer,
                          rawOffset(text_, *quote, parsed.errorOffset - lineStarts[line]),
                          "lesson.markup", std::move(args));
        } else {
            error(linePointer, "lesson.markup", std::move(args));
        }
        return std::nullopt;
    }
    checkPlaceholders(parsed.text, pointer, linePointers);
    return parsed.text;
}

void LessonReader::checkPlaceholders(const LessonText& text, const std::string& pointer,
                                     const std::vector<std::string>& linePointers) {
    for (const LessonBlock& block : text.blocks) {
        for (const LessonRun& run : block.runs) {
            if (run.figure.empty()) continue;
            std::string code;
            if (!isLessonFigure(run.figure)) {
                code = "lesson.unknown_placeholder";
            } else if (!run.style.empty() && run.style != "formula" && run.style != "symbols") {
                code = "lesson.unknown_placeholder_style";
            } else if (!run.style.empty() && !lessonFigureHasFormula(run.figure)) {
                code = "lesson.placeholder_without_formula";
            } else {
                continue;
            }
            // Point at the placeholder itself: the first line of the text that quotes it.
            const std::string written =
                "{" + run.figure + (run.style.empty() ? "" : ":" + run.style) + "}";
            std::string where = pointer;
            std::optional<std::size_t> offset;
            for (const std::string& linePointer : linePointers) {
                const auto start = offsetOf(linePointer);
                if (!start) continue;
                const std::size_t end = rawOffset(text_, *start, std::string_view::npos);
                const std::size_t at = text_.find(written, *start);
                if (at != std::string_view::npos && (end == std::string_view::npos || at < end)) {
                    where = linePointer;
                    offset = at;
                    break;
                }
            }
            DiagnosticArgs args{
                {"placeholder", run.figure}, {"style", run.style}, {"pointer", where}};
            if (offset) {
                errorAtOffset(where, *offset, code, std::move(args));
            } else {
                error(where, code, std::move(args));
            }
        }
    }
}

std::optional<std::size_t> LessonReader::offsetOf(const std::string& pointer) const {
    if (const auto it = positions_.offsets.find(pointer); it != positions_.offsets.end()) {
        return it->second;
    }
    return std::nullopt;
}

void LessonReader::attachPositions() {
    for (Diagnostic& diagnostic : out_) {
        if (diagnostic.line > 0) continue;
        std::string pointer = diagnostic.path;
        while (true) {
            if (const auto offset = offsetOf(pointer)) {
                const auto position = lineColumnAt(text_, *offset);
                diagnostic.line = position.line;
                diagnostic.column = position.column;
                break;
            }
            if (pointer.empty()) break;
            pointer.erase(pointer.rfind('/'));
        }
    }
}

}  // namespace fourfold::core::detail
