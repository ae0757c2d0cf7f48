// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/evaluation_runner.h"

#include "core/evaluate/evaluate.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdint>

namespace fourfold::ui {
namespace {

// bench_ui_live: evaluation of 1,024 ranks and a 96-op pipeline stays well under a frame;
// 16,384 ranks with 64 stages takes tens of milliseconds.
constexpr std::int64_t kBackgroundWorldSize = 4096;
constexpr std::int64_t kBackgroundScheduleOps = 30000;  // 10,000 micro-batch slots

}  // namespace

bool evaluatesInBackground(const core::Plan& plan) {
    if (core::worldSize(plan) >= kBackgroundWorldSize) return true;
    return core::pipelineOperations(plan) >= kBackgroundScheduleOps;
}

EvaluationRunner::EvaluationRunner(QObject* parent) : QObject(parent) {
    pool_.setMaxThreadCount(1);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &EvaluationRunner::onFinished);
}

// The worker owns a copy of its plan and touches nothing else; a run still going when the
// window closes is waited for, and its result discarded with the watcher.
EvaluationRunner::~EvaluationRunner() { watcher_.disconnect(); }

void EvaluationRunner::start(const core::Plan& plan) {
    wanted_ = plan;
    if (!running_) launch(plan);
    setBusy(true);
}

void EvaluationRunner::cancel() {
    wanted_.reset();
    if (!running_) setBusy(false);
}

void EvaluationRunner::launch(const core::Plan& plan) {
    running_ = plan;
    watcher_.setFuture(QtConcurrent::run(&pool_, [plan, schedules = schedules_] {
        return std::make_shared<const core::Evaluation>(core::evaluate(plan, *schedules));
    }));
}

void EvaluationRunner::onFinished() {
    std::shared_ptr<const core::Evaluation> result = watcher_.result();
    running_.reset();
    if (wanted_ && result && result->plan == *wanted_) {
        wanted_.reset();
        setBusy(false);
        emit finished(std::move(result));
        return;
    }
    // Stale: the plan changed while this one ran. Evaluate the newest, if any is wanted.
    if (wanted_) {
        launch(*wanted_);
    } else {
        setBusy(false);
    }
}

void EvaluationRunner::setBusy(bool busy) {
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy_);
}

}  // namespace fourfold::ui
