// SPDX-License-Identifier: MIT
// What the CLI tests share: running fourfold-cli's commands in process (with a standard input of
// the test's), and writing a file for them to read.
#pragma once

#include "app/cli/cli_commands.h"

#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fourfold::test {

struct CliRun {
    int exitCode = 0;
    std::string out;
    std::string err;
};

inline CliRun run(const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = fourfold::app::runCli(args, out, err);
    return {code, out.str(), err.str()};
}

// The same with `input` as standard input (for a "-" argument).
inline CliRun run(const std::vector<std::string>& args, const std::string& input) {
    std::istringstream in(input);
    std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
    CliRun result = run(args);
    std::cin.rdbuf(saved);
    std::cin.clear();
    return result;
}

// Writes `text` to `name` inside `dir`; the path, or "" when it cannot be written.
inline std::string writeFile(const QTemporaryDir& dir, const QString& name,
                             const std::string& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(text.data(), static_cast<qint64>(text.size()));
    return path.toStdString();
}

}  // namespace fourfold::test
