// SPDX-License-Identifier: MIT
// Renders diagnostic templates (core/text/diagnostic_text.h); the codes live in
// diagnostic_codes.cpp.
#include "core/text/diagnostic_text.h"

#include "core/text/cjk_spacing.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fourfold::core {
namespace {

const DiagnosticArg* lookup(const DiagnosticArgs& args, std::string_view name) {
    for (const DiagnosticArg& arg : args) {
        if (arg.name == name) return &arg;
    }
    return nullptr;
}

// "{name}" or "{name:style}" starting at text[open]; returns the end (after '}') or npos.
struct Placeholder {
    std::string_view name;
    std::string_view style;
    std::size_t end = std::string_view::npos;
};

Placeholder placeholderAt(std::string_view text, std::size_t open) {
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) return {};
    std::string_view inside = text.substr(open + 1, close - open - 1);
    // Only {identifier} and {identifier:style} are placeholders; "{}" or "{name, gbps}" is text.
    const std::size_t nameEnd = std::min(inside.find(':'), inside.size());
    if (nameEnd == 0) return {};
    for (std::size_t i = 0; i < nameEnd; ++i) {
        const char c = inside[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return {};
    }
    Placeholder placeholder;
    const std::size_t colon = inside.find(':');
    placeholder.name = inside.substr(0, colon);
    if (colon != std::string_view::npos) placeholder.style = inside.substr(colon + 1);
    placeholder.end = close + 1;
    return placeholder;
}

std::string styled(const DiagnosticArg& arg, std::string_view style) {
    if (style == "percent") {
        if (const auto* d = std::get_if<double>(&arg.value)) return formatPercent(*d);
    }
    if (style == "bytes") {  // "77.3 GB": byte counts read as the tables print them
        if (const auto* i = std::get_if<std::int64_t>(&arg.value); i && *i >= 0) {
            return formatBytes(static_cast<std::uint64_t>(*i));
        }
        if (const auto* d = std::get_if<double>(&arg.value); d && *d >= 0 && *d < 1.8e19) {
            return formatBytes(static_cast<std::uint64_t>(*d));
        }
    }
    return argText(arg);
}

// A value that is itself Chinese sits in a Chinese sentence without the spaces the template
// puts round values for Latin text (core/text/cjk_spacing.h).
void appendValue(std::string_view value, std::string& out) {
    if (startsWithCjk(value) && out.size() > 1 && out.back() == ' ' &&
        endsWithCjk(std::string_view(out).substr(0, out.size() - 1))) {
        out.pop_back();
    }
    out += value;
}

bool spaceBeforeCjk(std::string_view text, std::size_t at, std::string_view value) {
    return at < text.size() && text[at] == ' ' && endsWithCjk(value) &&
           startsWithCjk(text.substr(at + 1));
}

// Renders text without [[ ]] clauses; false when a placeholder has no arg.
bool renderPlain(std::string_view text, const DiagnosticArgs& args, std::string& out) {
    bool complete = true;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '{') {
            const Placeholder p = placeholderAt(text, i);
            if (p.end != std::string_view::npos) {
                i = p.end;
                if (const DiagnosticArg* arg = lookup(args, p.name)) {
                    const std::string value = styled(*arg, p.style);
                    appendValue(value, out);
                    if (spaceBeforeCjk(text, i, value)) ++i;  // the space after it goes too
                } else {
                    out += "?";
                    complete = false;
                }
                continue;
            }
        }
        out += text[i++];
    }
    return complete;
}

}  // namespace

std::string argText(const DiagnosticArg& arg) {
    if (const auto* i = std::get_if<std::int64_t>(&arg.value)) return std::to_string(*i);
    if (const auto* s = std::get_if<std::string>(&arg.value)) return *s;
    const double value = std::get<double>(arg.value);
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "infinity" : "-infinity";
    if (std::fabs(value) >= 1e6) return formatScientific(value);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

std::string_view diagnosticTemplate(std::string_view code) {
    return diagnosticTemplate(code, Language::English);
}

std::span<const DiagnosticCode> diagnosticCodes(Language language) {
    return languageInfo(language).diagnostics();
}

std::string_view diagnosticTemplate(std::string_view code, Language language) {
    const auto codes = diagnosticCodes(language);
    const auto it = std::lower_bound(
        codes.begin(), codes.end(), code,
        [](const DiagnosticCode& entry, std::string_view key) { return entry.code < key; });
    if (it == codes.end() || it->code != code) return {};
    return it->text;
}

std::vector<std::string> templateArgNames(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t i = text.find('{'); i != std::string_view::npos; i = text.find('{', i + 1)) {
        const Placeholder p = placeholderAt(text, i);
        if (p.end == std::string_view::npos) break;
        const std::string name(p.name);
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

std::string renderTemplate(std::string_view text, const DiagnosticArgs& args) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t open = text.find("[[", i);
        if (open == std::string_view::npos) {
            renderPlain(text.substr(i), args, out);
            break;
        }
        renderPlain(text.substr(i, open - i), args, out);
        const std::size_t close = text.find("]]", open + 2);
        if (close == std::string_view::npos) {
            renderPlain(text.substr(open), args, out);
            break;
        }
        std::string clause;
        if (renderPlain(text.substr(open + 2, close - open - 2), args, clause)) out += clause;
        i = close + 2;
    }
    return out;
}

std::string renderDiagnostic(std::string_view code, const DiagnosticArgs& args) {
    const std::string_view text = diagnosticTemplate(code);
    if (!text.empty()) return renderTemplate(text, args);
    std::string out(code);
    if (!args.empty()) {
        out += " (";
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i > 0) out += ", ";
            out += args[i].name + "=" + argText(args[i]);
        }
        out += ")";
    }
    return out;
}

std::string renderDiagnostic(std::string_view code, const DiagnosticArgs& args, Language language) {
    const std::string_view text = diagnosticTemplate(code, language);
    if (!text.empty()) return renderTemplate(text, args);
    return renderDiagnostic(code, args);
}

std::string renderMessage(const Diagnostic& diagnostic, Language language) {
    if (diagnostic.code.empty() || diagnosticTemplate(diagnostic.code).empty()) {
        return diagnostic.message;
    }
    // An arg that is itself a coded text (a what-if's change) is written in the language too.
    return renderDiagnostic(diagnostic.code, renderCodedArgs(diagnostic.args, language), language);
}

std::string describe(const Diagnostic& diagnostic, Language language) {
    const std::string_view severity = severityName(diagnostic.severity);
    DiagnosticArgs args = {
        {"severity", renderCodedText({"describe." + std::string(severity), {}}, language)}};
    args.emplace_back(
        "at", diagnostic.line > 0
                  ? renderCodedText(
                        {"describe.at", {{"line", diagnostic.line}, {"column", diagnostic.column}}},
                        language)
                  : std::string());
    if (!diagnostic.path.empty()) args.emplace_back("path", diagnostic.path);
    args.emplace_back("message", renderMessage(diagnostic, language));
    return renderCodedText({"describe.line", std::move(args)}, language);
}

}  // namespace fourfold::core
