// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/explained_text.h"

#include <QStringList>

namespace fourfold::ui {

QString ExplainedText::value(const core::ExplainedFigure& figure, core::ByteUnits units) {
    return QString::fromStdString(core::formatQuantity(figure.value, figure.unit, units));
}

QString ExplainedText::formula(const core::ExplainedFigure& figure, core::ByteUnits units) {
    if (figure.terms.empty()) return value(figure, units);
    if (figure.expression.kind == core::Expression::Kind::Term) {
        return tr("%1 = %2").arg(QString::fromStdString(core::symbolicFormula(figure)),
                                 value(figure, units));
    }
    return tr("%1 = %2 = %3")
        .arg(QString::fromStdString(core::symbolicFormula(figure)),
             QString::fromStdString(core::substitutedFormula(figure, units)), value(figure, units));
}

QString ExplainedText::note(const core::ExplainedFigure& figure) {
    // The core's English phrase is the translation key.
    return figure.note.empty() ? QString() : tr(figure.note.c_str());
}

QString ExplainedText::terms(const core::ExplainedFigure& figure, core::ByteUnits units) {
    QStringList lines;
    for (const core::Term& term : figure.terms) {
        lines << tr("%1  %2 = %3")
                     .arg(QString::fromStdString(term.symbol), tr(term.name.c_str()),
                          QString::fromStdString(
                              core::formatQuantity(term.value, term.unit, units)));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ExplainedText::toolTip(const QString& heading, const core::ExplainedFigure& figure,
                               core::ByteUnits units) {
    QStringList lines;
    if (!heading.isEmpty()) lines << heading;
    if (figure.empty()) return lines.join(QLatin1Char('\n'));
    lines << formula(figure, units);
    if (!figure.note.empty()) lines << note(figure);
    if (!figure.terms.empty()) lines << terms(figure, units);
    if (!figure.source.empty()) {
        lines << tr("Source: %1").arg(QString::fromStdString(figure.source));
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace fourfold::ui
