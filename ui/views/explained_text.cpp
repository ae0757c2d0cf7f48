// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/explained_text.h"

#include "core/text/explained_names.h"
#include "ui/settings/language.h"

#include <QStringList>

namespace fourfold::ui {
namespace {

// A term's name or a note in the interface's language (the core's tables, keyed by its English).
QString localName(const std::string& english) {
    const std::string_view text = core::explainedText(english, uiLanguage());
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

}  // namespace

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
    return figure.note.empty() ? QString() : localName(figure.note);
}

QString ExplainedText::terms(const core::ExplainedFigure& figure, core::ByteUnits units) {
    QStringList lines;
    for (const core::Term& term : figure.terms) {
        lines << tr("%1  %2 = %3")
                     .arg(QString::fromStdString(term.symbol), localName(term.name),
                          QString::fromStdString(
                              core::formatQuantity(term.value, term.unit, units)));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ExplainedText::coded(const core::CodedText& text) {
    return QString::fromStdString(core::renderCodedText(text, uiLanguage()));
}

QString ExplainedText::coded(const std::vector<core::CodedText>& parts) {
    return QString::fromStdString(core::renderCodedLine(parts, uiLanguage()));
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
        lines << tr("Source: %1").arg(localName(figure.source));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ExplainedTips::toolTip(const QString& heading, const core::ExplainedFigure& figure,
                               core::ByteUnits units) {
    return tips_.get(Key{heading, figure, units},
                     [&] { return ExplainedText::toolTip(heading, figure, units); });
}

}  // namespace fourfold::ui
