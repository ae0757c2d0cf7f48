// SPDX-License-Identifier: MIT
// Small helpers shared by the plan JSON tests.
#pragma once

#include "core/plan/catalog.h"
#include "core/plan/plan_enums.h"
#include "core/plan/plan_json.h"

#include <QString>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace fourfold::core::test {

inline std::string readDataFile(const char* name) {
    std::ifstream file(std::string(FOURFOLD_TEST_DATA_DIR) + "/plans/" + name, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

// QCOMPARE cannot print the plan's enumerations (their toString is not Qt's): compare names.
template <typename Enum>
inline std::string name(Enum value) {
    return std::string(toString(value));
}
inline std::string name(Severity value) { return std::string(severityName(value)); }

inline QString allMessages(const PlanParse& parse) {
    QString text;
    for (const auto& d : parse.diagnostics) text += QString::fromStdString(describe(d)) + u'\n';
    return text;
}

inline const Diagnostic* findAt(const PlanParse& parse, Severity severity, std::string_view path) {
    for (const auto& d : parse.diagnostics) {
        if (d.severity == severity && d.path == path) return &d;
    }
    return nullptr;
}

inline bool validUtf8(const std::string& text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size())).toStdString() == text;
}

}  // namespace fourfold::core::test
