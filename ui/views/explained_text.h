// SPDX-License-Identifier: GPL-3.0-or-later
// ExplainedText: an explained figure from the core, written for people in the app's language:
// the formula with its values in GB or GiB, what each symbol stands for (term names and notes in
// the interface's language, from core/text/explained_names.h), the note and the source. It reads
// the figure's structure only; nothing here parses or computes a figure.
#pragma once

#include "core/evaluate/evaluation.h"  // CodedText: the Evaluation's formulas and what-ifs
#include "core/text/explained.h"
#include "core/text/format.h"
#include "ui/widgets/recent_values.h"

#include <QCoreApplication>
#include <QString>

namespace fourfold::ui {

class ExplainedText {
    Q_DECLARE_TR_FUNCTIONS(ExplainedText)
public:
    // "w × Φ / N_d = 2 B × 6.74e9 / 8 = 1.68 GB"; a figure without terms gives its value alone.
    [[nodiscard]] static QString formula(const core::ExplainedFigure& figure,
                                         core::ByteUnits units);
    // The value in its unit: "1.68 GB", "27.3 %", "64".
    [[nodiscard]] static QString value(const core::ExplainedFigure& figure, core::ByteUnits units);
    // The note, translated ("kept in CPU memory"); empty when there is none.
    [[nodiscard]] static QString note(const core::ExplainedFigure& figure);
    // One line per term: "Φ  parameters on this rank = 6.74e9".
    [[nodiscard]] static QString terms(const core::ExplainedFigure& figure, core::ByteUnits units);
    // A formula or change the core writes as a code (core/text/coded_text.h), in the interface's
    // language; parts of a line are joined as the language joins clauses.
    [[nodiscard]] static QString coded(const core::CodedText& text);
    [[nodiscard]] static QString coded(const std::vector<core::CodedText>& parts);
    // The whole explanation under a heading: formula, note, terms, source.
    [[nodiscard]] static QString toolTip(const QString& heading,
                                         const core::ExplainedFigure& figure,
                                         core::ByteUnits units);
};

// The explanations of the last figures a view showed, kept: a slider drag shows the same few
// figures again, and writing an explanation out (formula, terms, values) costs more than finding
// it. The interface's language is set at start-up, so a kept text never goes stale.
class ExplainedTips {
public:
    // ExplainedText::toolTip(heading, figure, units), written once per figure.
    [[nodiscard]] QString toolTip(const QString& heading, const core::ExplainedFigure& figure,
                                  core::ByteUnits units);

private:
    struct Key {
        QString heading;
        core::ExplainedFigure figure;
        core::ByteUnits units = core::ByteUnits::Decimal;
        bool operator==(const Key&) const = default;
    };
    RecentValues<Key, QString, 16> tips_;
};

}  // namespace fourfold::ui
