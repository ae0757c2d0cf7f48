// SPDX-License-Identifier: GPL-3.0-or-later
// LessonTextView: a step's text, already rendered by the core (core/lesson/lesson_render.h), drawn
// as rich text: paragraphs, bulleted lists, emphasis and formulas in a formula style. It only lays
// out what the core wrote; every figure in it came from the Evaluation.
#pragma once

#include "core/lesson/lesson.h"

#include <QTextBrowser>

namespace fourfold::ui {

// The blocks as HTML (paragraphs, one list per run of list items, <i> for emphasis, a serif
// italic span for formulas), every run's text escaped.
[[nodiscard]] QString lessonTextHtml(const core::LessonText& text);

class LessonTextView : public QTextBrowser {
    Q_OBJECT
public:
    explicit LessonTextView(QWidget* parent = nullptr);
    // Shows rendered text (placeholder runs filled in).
    void setLessonText(const core::LessonText& text);
};

}  // namespace fourfold::ui
