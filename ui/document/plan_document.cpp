// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/plan_document.h"

#include "core/advice/what_ifs.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/memory/memory.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_patch.h"
#include "core/plan/plan_title.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"
#include "core/text/diagnostic.h"
#include "ui/document/atomic_file.h"
#include "ui/document/set_plan_command.h"
#include "ui/settings/language.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <string>
#include <string_view>

namespace fourfold::ui {
namespace {

// The target is replaced only when every byte reached the disk (atomic_file.h).
bool writeAtomically(const QString& path, const std::string& bytes, QString* error) {
    return writeFileAtomically(path, QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())),
                               error);
}

// A calibration profile the plan names by path is read relative to the plan's file; one that
// cannot be read is a warning, and the plan is evaluated with the built-in efficiencies.
void loadNamedProfile(core::Plan& plan, const QString& planPath,
                      std::vector<core::Diagnostic>& diagnostics) {
    const std::string& named = plan.cluster.profile.path;
    if (named.empty() || plan.cluster.profile.profile) return;
    QFile file(QFileInfo(planPath).absoluteDir().filePath(QString::fromStdString(named)));
    if (!file.open(QIODevice::ReadOnly)) {
        diagnostics.push_back(core::profileUnreadable(named, file.errorString().toStdString()));
        return;
    }
    const QByteArray bytes = file.read(static_cast<qint64>(core::kMaxProfileBytes) + 1);
    core::attachProfile(plan,
                        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                        diagnostics);
}

QString describeAll(const std::vector<core::Diagnostic>& diagnostics) {
    QStringList lines;
    for (const core::Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity != core::Severity::Error) continue;
        lines << localizedDescription(diagnostic);
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

PlanDocument::PlanDocument(core::Plan plan, QObject* parent)
    : QObject(parent), plan_(std::move(plan)) {
    preparingPool_.setMaxThreadCount(1);
    // Synchronous once, so evaluation() is never null.
    evaluation_ =
        std::make_shared<const core::Evaluation>(core::evaluate(plan_, schedules_, sideWorker_));
    connect(&undoStack_, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit dirtyChanged(!clean); });
    undoGroup_.addStack(&undoStack_);
    undoGroup_.addStack(&lessonStack_);
    undoGroup_.setActiveStack(&undoStack_);
    connect(&runner_, &EvaluationRunner::finished, this, &PlanDocument::takeEvaluation);
    connect(&runner_, &EvaluationRunner::busyChanged, this, &PlanDocument::evaluationBusyChanged);
    prepareWhatIfs(*evaluation_);
}

PlanDocument::~PlanDocument() { preparing_.waitForFinished(); }

QString PlanDocument::displayName() const {
    return QString::fromStdString(core::planTitle(plan_, uiLanguage())).trimmed();
}

bool PlanDocument::applyPatch(const QString& patch, const QString& text) {
    const core::PlanParse changed = core::applyPlanPatch(plan_, patch.toStdString());
    if (!changed.plan) return false;
    return replacePlan(*changed.plan, text);
}

bool PlanDocument::apply(const PlanEdit& edit) {
    if (!edit.change) return false;
    core::Plan next = plan_;
    edit.change(next);
    if (next == plan_) return false;  // a no-op leaves no undo step and no evaluation
    // A name made from the plan's content follows it (core/plan/plan_title.h).
    next = core::withFollowingName(plan_, std::move(next));
    undoStack()->push(
        new SetPlanCommand(this, plan_, std::move(next), edit.text, edit.field, edit.gesture));
    return true;
}

bool PlanDocument::replacePlan(const core::Plan& plan, const QString& text) {
    if (plan == plan_) return false;
    undoStack()->push(new SetPlanCommand(this, plan_, core::withFollowingName(plan_, plan), text,
                                         EditField::None, 0));
    return true;
}

bool PlanDocument::open(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Could not open \"%1\": %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        if (error) *error = tr("Could not read \"%1\": %2").arg(path, file.errorString());
        return false;
    }
    // Parse into a fresh value; the current plan is swapped only on success.
    core::PlanParse parsed = core::parsePlan(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!parsed.plan || core::hasErrors(parsed.diagnostics)) {
        if (error) {
            const QString details = describeAll(parsed.diagnostics);
            *error = details.isEmpty()
                         ? tr("\"%1\" is not a Fourfold plan.").arg(path)
                         : tr("\"%1\" is not a valid Fourfold plan:\n%2").arg(path, details);
        }
        return false;
    }
    // A number outside its documented range (a hostile or corrupted file) is refused like a
    // syntax error: the current plan stays, and the message names each key and range.
    std::vector<core::Diagnostic> bounds = core::validate(*parsed.plan);
    std::erase_if(bounds, [](const core::Diagnostic& d) { return !core::isBoundsError(d); });
    if (!bounds.empty()) {
        if (error) {
            *error = tr("\"%1\" holds numbers outside the ranges a plan allows:\n%2")
                         .arg(path, describeAll(bounds));
        }
        return false;
    }
    loadNamedProfile(*parsed.plan, path, parsed.diagnostics);
    resetTo(std::move(*parsed.plan), QFileInfo(path).absoluteFilePath());
    fileDiagnostics_ = std::move(parsed.diagnostics);
    return true;
}

bool PlanDocument::save(const QString& path, QString* error) {
    if (!writeAtomically(path, core::planToJson(plan_), error)) return false;
    // Clean only once the bytes are committed to disk (STYLE.md §C).
    undoStack()->setClean();
    fileDiagnostics_.clear();  // the file now holds exactly the plan
    setFilePath(QFileInfo(path).absoluteFilePath());
    return true;
}

bool PlanDocument::exportWithResults(const QString& path, QString* error) const {
    // A queued evaluation may not have run yet; the results must describe this very plan.
    const std::string text = evaluation_->plan == plan_
                                 ? core::planWithResultsJson(*evaluation_)
                                 : core::planWithResultsJson(core::evaluate(plan_));
    return writeAtomically(path, text, error);
}

void PlanDocument::newPlan() {
    resetTo(core::defaultPlan(), QString());
    fileDiagnostics_.clear();
}

void PlanDocument::beginLesson(const core::Plan& plan) {
    if (lesson_) return;
    const bool wasDirty = isDirty();
    lesson_ = PutAside{plan_, filePath_, std::move(fileDiagnostics_)};
    fileDiagnostics_.clear();
    lessonStack_.clear();
    undoGroup_.setActiveStack(&lessonStack_);
    plan_ = plan;
    setFilePath(QString());
    if (wasDirty) emit dirtyChanged(false);
    requestEvaluation();
    emit lessonActiveChanged(true);
}

void PlanDocument::endLesson() {
    if (!lesson_) return;
    PutAside user = std::move(*lesson_);
    lesson_.reset();
    undoGroup_.setActiveStack(&undoStack_);
    lessonStack_.clear();
    plan_ = std::move(user.plan);
    fileDiagnostics_ = std::move(user.fileDiagnostics);
    setFilePath(user.filePath);
    if (isDirty()) emit dirtyChanged(true);
    requestEvaluation();
    emit lessonActiveChanged(false);
}

void PlanDocument::setPlanFromCommand(const core::Plan& plan) {
    plan_ = plan;
    requestEvaluation();
}

void PlanDocument::resetTo(core::Plan plan, const QString& path) {
    // A new plan or a file opened ends a lesson: its plan and the one put aside both go.
    const bool endedLesson = lesson_.has_value();
    if (lesson_) {
        lesson_.reset();
        undoGroup_.setActiveStack(&undoStack_);
        lessonStack_.clear();
    }
    undoStack_.clear();  // an empty stack is clean: dirtyChanged(false) if it was dirty
    plan_ = std::move(plan);
    setFilePath(path);
    requestEvaluation();
    if (endedLesson) emit lessonActiveChanged(false);
}

void PlanDocument::setFilePath(const QString& path) {
    if (path == filePath_) return;
    filePath_ = path;
    emit filePathChanged(filePath_);
}

void PlanDocument::requestEvaluation() {
    // A burst of edits in one event-loop turn makes one evaluation (STYLE.md §B).
    if (pending_) return;
    pending_ = true;
    QTimer::singleShot(0, this, &PlanDocument::evaluateNow);
}

void PlanDocument::evaluateNow() {
    pending_ = false;
    // An edit undone within the same turn leaves nothing new to show.
    if (evaluation_ && evaluation_->plan == plan_) {
        runner_.cancel();
        return;
    }
    // A plan that may take longer than a frame is evaluated off the GUI thread; the views keep
    // the previous result until the new one arrives, and stale results are dropped.
    if (evaluatesInBackground(plan_)) {
        runner_.start(plan_);
        return;
    }
    runner_.cancel();
    takeEvaluation(
        std::make_shared<const core::Evaluation>(core::evaluate(plan_, schedules_, sideWorker_)));
}

void PlanDocument::takeEvaluation(std::shared_ptr<const core::Evaluation> evaluation) {
    if (!evaluation || evaluation->plan != plan_) return;
    evaluation_ = std::move(evaluation);
    emit evaluationChanged(evaluation_);
    prepareWhatIfs(*evaluation_);
}

void PlanDocument::prepareWhatIfs(const core::Evaluation& evaluation) {
    // Only for plans evaluated here (a large plan's evaluations keep their own shapes), only
    // while the plan fits (else its what-ifs are already timed), and once per pipeline shape.
    if (!evaluation.memory || !evaluation.memory->fits || !evaluation.model ||
        evaluatesInBackground(evaluation.plan) || preparing_.isRunning()) {
        return;
    }
    const core::Plan& plan = evaluation.plan;
    const std::array<int, 4> shape = {plan.parallel.pp, plan.training.gradAccumulation,
                                      plan.parallel.virtualStages,
                                      static_cast<int>(plan.parallel.schedule)};
    if (shape == preparedShape_) return;
    preparedShape_ = shape;
    preparing_ = QtConcurrent::run(&preparingPool_, [this, plan, model = *evaluation.model,
                                                     peak = evaluation.memory->peakBytes] {
        core::prepareWhatIfs(plan, model, peak, schedules_);
    });
}

}  // namespace fourfold::ui
