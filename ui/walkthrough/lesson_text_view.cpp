// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/lesson_text_view.h"

#include <QTextDocument>

namespace fourfold::ui {
namespace {

QString runHtml(const core::LessonRun& run) {
    const QString text = QString::fromStdString(run.text).toHtmlEscaped();
    switch (run.kind) {
        case core::LessonRun::Kind::Emphasis:
            return QStringLiteral("<i>%1</i>").arg(text);
        case core::LessonRun::Kind::Formula:
            // A formula reads as mathematics, apart from the sentence around it; its spaces
            // never break, so "4 × 8 × 8 = 256" stays on one line where it fits.
            return QStringLiteral(
                       "<span style=\"font-family: serif; font-style: italic; "
                       "white-space: nowrap;\">%1</span>")
                .arg(text);
        case core::LessonRun::Kind::Text:
            break;
    }
    return text;
}

}  // namespace

QString lessonTextHtml(const core::LessonText& text) {
    QString html;
    bool inList = false;
    for (const core::LessonBlock& block : text.blocks) {
        const bool item = block.kind == core::LessonBlock::Kind::ListItem;
        if (item && !inList) html += QStringLiteral("<ul>");
        if (!item && inList) html += QStringLiteral("</ul>");
        inList = item;
        QString runs;
        for (const core::LessonRun& run : block.runs) runs += runHtml(run);
        html +=
            item ? QStringLiteral("<li>%1</li>").arg(runs) : QStringLiteral("<p>%1</p>").arg(runs);
    }
    if (inList) html += QStringLiteral("</ul>");
    return html;
}

LessonTextView::LessonTextView(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("lessonText"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    // Selectable for copying a figure, reachable with Tab for reading by keyboard.
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    document()->setDocumentMargin(6);
}

void LessonTextView::setLessonText(const core::LessonText& text) { setHtml(lessonTextHtml(text)); }

}  // namespace fourfold::ui
