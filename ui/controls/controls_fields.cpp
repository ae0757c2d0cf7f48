// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_fields.h"

namespace fourfold::ui {

int bestFieldMatch(const QStringList& registered, const QString& pointer) {
    int best = -1;
    qsizetype bestLength = -1;
    for (int index = 0; index < registered.size(); ++index) {
        const QString& candidate = registered[index];
        if (candidate.isEmpty()) continue;
        const bool covers =
            pointer == candidate ||
            (pointer.startsWith(candidate) && pointer.at(candidate.size()) == QLatin1Char('/'));
        if (covers && candidate.size() > bestLength) {
            best = index;
            bestLength = candidate.size();
        }
    }
    return best;
}

}  // namespace fourfold::ui
