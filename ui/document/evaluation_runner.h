// SPDX-License-Identifier: GPL-3.0-or-later
// EvaluationRunner: evaluates a plan on a worker thread so a large plan never freezes the
// window. One run at a time; a plan asked for while one runs replaces any earlier waiting one,
// and a finished result whose plan is no longer wanted is dropped, never shown.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <memory>
#include <optional>

namespace fourfold::ui {

class EvaluationRunner : public QObject {
    Q_OBJECT
public:
    explicit EvaluationRunner(QObject* parent = nullptr);
    ~EvaluationRunner() override;

    // Starts evaluating `plan` (or queues it behind the run in flight).
    void start(const core::Plan& plan);
    // Forgets the waiting plan and makes the run in flight's result stale (a synchronous
    // evaluation took over).
    void cancel();
    [[nodiscard]] bool isBusy() const { return busy_; }

signals:
    void finished(std::shared_ptr<const core::Evaluation> evaluation);
    void busyChanged(bool busy);

private:
    void launch(const core::Plan& plan);
    void onFinished();
    void setBusy(bool busy);

    // Its own thread, not Qt's global pool: Qt's raster engine splits large fills across that
    // pool and waits for the parts, so an evaluation running there kept the window waiting.
    // Declared first, so it outlives the watcher and waits for a run still going.
    QThreadPool pool_;
    QFutureWatcher<std::shared_ptr<const core::Evaluation>> watcher_;
    std::optional<core::Plan> wanted_;   // the plan whose result is to be shown
    std::optional<core::Plan> running_;  // the plan the worker evaluates
    bool busy_ = false;
    // Schedule shapes compiled by earlier runs; shared with a run still going at shutdown.
    std::shared_ptr<core::ScheduleMemo> schedules_ = std::make_shared<core::ScheduleMemo>();
};

// Whether a plan is large enough that evaluating it may miss a frame (16 ms): many ranks or
// a long simulated schedule. A size rule, not a timing, so the choice never depends on load.
[[nodiscard]] bool evaluatesInBackground(const core::Plan& plan);

}  // namespace fourfold::ui
