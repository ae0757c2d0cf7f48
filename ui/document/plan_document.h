// SPDX-License-Identifier: GPL-3.0-or-later
// PlanDocument: owns the Plan, the undo stack, the file path and the latest Evaluation; the one
// caller of core::evaluate. Every edit arrives through apply(); views redraw from the one signal.
// It never shows dialogs: errors come back as text, so it tests headless.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/evaluate/side_worker.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"
#include "ui/document/evaluation_runner.h"
#include "ui/document/undo_ids.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QUndoGroup>
#include <QUndoStack>

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace fourfold::ui {

// One edit: a change applied to a copy of the current plan. Edits of the same field with the
// same gesture id merge into one undo step.
struct PlanEdit {
    EditField field = EditField::None;
    int gesture = 0;  // from PlanDocument::nextGesture(); 0 never merges
    QString text;     // undo text in the user's words ("Set tensor parallel to 4")
    std::function<void(core::Plan&)> change;
};

class PlanDocument : public QObject {
    Q_OBJECT
public:
    explicit PlanDocument(core::Plan plan, QObject* parent = nullptr);
    ~PlanDocument() override;

    [[nodiscard]] const core::Plan& plan() const { return plan_; }
    // Never null after construction (the first evaluation runs in the constructor). Between an
    // edit and the next event-loop turn it still describes the previous plan.
    [[nodiscard]] std::shared_ptr<const core::Evaluation> evaluation() const { return evaluation_; }
    // The stack edits go on: the user's, or a lesson's while one runs (beginLesson).
    [[nodiscard]] QUndoStack* undoStack() { return lesson_ ? &lessonStack_ : &undoStack_; }
    // Both stacks, the active one the one above: Undo and Redo actions follow it.
    [[nodiscard]] QUndoGroup* undoGroup() { return &undoGroup_; }
    [[nodiscard]] QString filePath() const { return filePath_; }
    // A lesson's plan is never "modified": it is not the user's document.
    [[nodiscard]] bool isDirty() const { return !lesson_ && !undoStack_.isClean(); }
    // True while an evaluation is queued for the next event-loop turn or runs on a worker
    // thread (large plans, see evaluatesInBackground); evaluation() then still describes the
    // previous plan.
    [[nodiscard]] bool isEvaluationPending() const { return pending_ || runner_.isBusy(); }
    // What reading the opened file reported besides errors (unknown keys, notes), as
    // `fourfold-cli validate` lists them; empty after New and after a save rewrites the file.
    [[nodiscard]] const std::vector<core::Diagnostic>& fileDiagnostics() const {
        return fileDiagnostics_;
    }
    // The plan's title: its name, or one made from its content when it has none.
    [[nodiscard]] QString displayName() const;

    // Applies the edit as one undoable step; false (and no step) when it changes nothing.
    bool apply(const PlanEdit& edit);
    // Replaces the whole plan as one undoable step (presets, walkthroughs, open-as-edit).
    bool replacePlan(const core::Plan& plan, const QString& text);
    // Applies a JSON merge patch (a what-if's, a lesson step's) as one undoable step; false
    // when the patch is malformed, gives an unreadable plan, or changes nothing.
    bool applyPatch(const QString& patch, const QString& text);
    // A fresh id for a new gesture (slider press, key press, wheel step).
    [[nodiscard]] int nextGesture() { return ++gesture_; }

    // File operations. On failure they return false with a message and change nothing.
    bool open(const QString& path, QString* error);
    bool save(const QString& path, QString* error);
    // Writes the plan with a "results" section holding the evaluation object.
    bool exportWithResults(const QString& path, QString* error) const;
    // The built-in default plan, no file, an empty undo stack.
    void newPlan();

    // A lesson works on a plan of its own: beginLesson puts the user's plan, its file, its
    // undo history and its modified state aside and starts an empty history of the lesson's
    // (no file, never modified); endLesson drops the lesson's and brings the user's back
    // exactly as they were. Opening or starting a new plan meanwhile ends the lesson first.
    // `plan` is the lesson's first plan, its history's start.
    void beginLesson(const core::Plan& plan);
    void endLesson();
    [[nodiscard]] bool isLessonActive() const { return lesson_.has_value(); }
    // The user's plan while a lesson runs (else the plan).
    [[nodiscard]] const core::Plan& userPlan() const { return lesson_ ? lesson_->plan : plan_; }

    // Internal: the undo command's redo/undo set the plan through this.
    void setPlanFromCommand(const core::Plan& plan);

signals:
    void evaluationChanged(std::shared_ptr<const core::Evaluation> evaluation);
    void filePathChanged(const QString& path);
    void dirtyChanged(bool dirty);
    // A large plan's evaluation started (true) or ended (false) on a worker thread.
    void evaluationBusyChanged(bool busy);
    // A lesson began (true) or ended (false), by endLesson or by a new plan or file.
    void lessonActiveChanged(bool active);

private:
    void resetTo(core::Plan plan, const QString& path);
    void setFilePath(const QString& path);
    void requestEvaluation();
    void evaluateNow();
    void takeEvaluation(std::shared_ptr<const core::Evaluation> evaluation);
    // While the plan fits, its what-ifs' schedule shapes are compiled on a worker thread, once
    // per pipeline shape, so the edit that first makes it not fit finds them ready.
    void prepareWhatIfs(const core::Evaluation& evaluation);

    // What a lesson puts aside.
    struct PutAside {
        core::Plan plan;
        QString filePath;
        std::vector<core::Diagnostic> fileDiagnostics;
    };

    core::Plan plan_;
    std::shared_ptr<const core::Evaluation> evaluation_;
    QUndoStack undoStack_;
    QUndoStack lessonStack_;
    QUndoGroup undoGroup_;
    std::optional<PutAside> lesson_;
    EvaluationRunner runner_;
    // Schedule shapes compiled for earlier edits: a drag keeps revisiting the same ones.
    core::ScheduleMemo schedules_;
    // The thread that makes the memory estimate, what-ifs and scaling curves beside each edit's
    // evaluation.
    core::SideWorker sideWorker_;
    // The what-ifs timed ahead run on a thread of the document's own, not in Qt's global pool,
    // where Qt's raster engine splits large fills and waits for the parts.
    QThreadPool preparingPool_;
    QFuture<void> preparing_;             // waited for before schedules_ goes
    std::array<int, 4> preparedShape_{};  // pp, accumulation, virtual stages, schedule kind
    QString filePath_;
    std::vector<core::Diagnostic> fileDiagnostics_;
    int gesture_ = 0;
    bool pending_ = false;
};

}  // namespace fourfold::ui
