// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/search/search_runner.h"

#include "core/calibrate/profiled_search.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace fourfold::ui {

SearchRunner::SearchRunner(QObject* parent) : QObject(parent) {
    pool_.setMaxThreadCount(1);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &SearchRunner::onFinished);
}

SearchRunner::~SearchRunner() {
    watcher_.disconnect();
    waiting_.reset();
    if (cancel_) *cancel_ = true;
    watcher_.waitForFinished();
}

void SearchRunner::start(const core::Plan& plan, core::SearchOptions options) {
    Request request{plan, std::move(options)};
    if (watcher_.isRunning()) {
        waiting_ = std::move(request);
        if (cancel_) *cancel_ = true;
        return;
    }
    launch(std::move(request));
}

void SearchRunner::cancel() {
    waiting_.reset();
    if (cancel_) *cancel_ = true;
}

void SearchRunner::launch(Request request) {
    const int generation = ++generation_;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    request.options.cancel = cancel_.get();
    // The search calls this from its worker threads, one call at a time; the copy of the
    // points travels to the GUI thread in a queued call, dropped if a newer run has started.
    QPointer<SearchRunner> self(this);
    request.options.progress = [self, generation](const core::SearchProgress& progress) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, counts = progress.counts, points = progress.newPoints] {
                if (self && self->generation_ == generation) emit self->progressed(counts, points);
            },
            Qt::QueuedConnection);
    };
    setBusy(true);
    watcher_.setFuture(QtConcurrent::run(&pool_, [cancel = cancel_, request = std::move(request)] {
        // A plan's calibration profile costs its layouts as evaluate() costs the plan.
        return core::searchWithProfile(request.plan, request.options);
    }));
}

void SearchRunner::onFinished() {
    const core::SearchResult result = watcher_.result();
    if (waiting_) {
        Request next = std::move(*waiting_);
        waiting_.reset();
        launch(std::move(next));
        return;
    }
    // Reports still queued belong to this run and arrive after this; they are no longer news.
    ++generation_;
    setBusy(false);
    emit finished(result);
}

void SearchRunner::setBusy(bool busy) {
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy_);
}

}  // namespace fourfold::ui
