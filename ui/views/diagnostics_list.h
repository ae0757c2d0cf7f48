// SPDX-License-Identifier: GPL-3.0-or-later
// DiagnosticsList: the plan's errors and warnings, worst first, each with its field; activating
// one (click or Enter) asks to focus the control for its field. It also lists what reading the
// opened file reported (unknown keys), as `fourfold-cli validate` does, and asks for only as
// much height as its lines need.
#pragma once

#include "core/text/diagnostic.h"
#include "ui/views/evaluation_view.h"

#include <QIcon>
#include <QStyle>

#include <map>
#include <vector>

class QListWidget;
class QListWidgetItem;
class QTimer;

namespace fourfold::ui {

class DiagnosticsList : public EvaluationView {
    Q_OBJECT
public:
    explicit DiagnosticsList(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Diagnostics"); }
    [[nodiscard]] QListWidget* list() const { return list_; }
    // False while the list says "No problems" (a presentation hides such a dock).
    [[nodiscard]] bool hasProblems() const {
        return !listedDiagnostics_.empty() || !listedFileDiagnostics_.empty();
    }
    // Problems found reading the plan's file (kept until another file or a new plan); shown
    // with the evaluation's, marked as coming from `fileName`.
    void setFileDiagnostics(std::vector<core::Diagnostic> diagnostics, const QString& fileName);
    // Height that shows every line, up to a handful (then the list scrolls).
    [[nodiscard]] int preferredHeight() const;
    // The height of the list's first `lines` rows with its frame.
    [[nodiscard]] int linesHeight(int lines) const;

signals:
    void diagnosticActivated(const QString& jsonPointer);
    // The number of lines changed: the dock may take preferredHeight(). It asks once the lines
    // have stayed for a moment (more lines sooner than fewer), so a drag that adds or drops a
    // problem resizes no view while it goes on.
    void preferredHeightChanged(int height);

protected:
    void render(const core::Evaluation& evaluation) override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void activate(QListWidgetItem* item);
    // The style's icon, kept: the style draws it anew at each call, and the list is rebuilt
    // whenever its problems change (at most steps of a drag on a plan that does not fit).
    [[nodiscard]] QIcon icon(QStyle::StandardPixmap which);

    QListWidget* list_ = nullptr;
    std::vector<core::Diagnostic> fileDiagnostics_;
    QString fileName_;
    int lastPreferredHeight_ = 0;
    // What the list shows now.
    bool listed_ = false;
    std::vector<core::Diagnostic> listedDiagnostics_;
    std::vector<core::Diagnostic> listedFileDiagnostics_;
    QString listedFileName_;
    QTimer* resize_ = nullptr;
    std::map<QStyle::StandardPixmap, QIcon> icons_;
};

}  // namespace fourfold::ui
