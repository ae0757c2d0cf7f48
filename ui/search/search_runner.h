// SPDX-License-Identifier: GPL-3.0-or-later
// SearchRunner: runs core::search on a copy of a plan off the GUI thread and hands what it
// reports back on the GUI thread: the counts and the newly timed layouts as the search goes
// (queued calls from the search's own threads), then the result. Cancel stops it at the next
// few layouts; a run's late reports after a newer start are dropped.
#pragma once

#include "core/plan/plan.h"
#include "core/search/search.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace fourfold::ui {

class SearchRunner : public QObject {
    Q_OBJECT
public:
    explicit SearchRunner(QObject* parent = nullptr);
    // Cancels a run in flight and waits for it (it stops within a few layouts).
    ~SearchRunner() override;

    // Starts searching `plan`; a run in flight is cancelled and this one starts when it ends.
    // `options.cancel` and `options.progress` are the runner's own.
    void start(const core::Plan& plan, core::SearchOptions options);
    void cancel();
    [[nodiscard]] bool isBusy() const { return busy_; }

signals:
    // On the GUI thread, in the order the search reported them.
    void progressed(const core::SearchCounts& counts,
                    const std::vector<core::SearchPoint>& newPoints);
    void finished(const core::SearchResult& result);
    void busyChanged(bool busy);

private:
    struct Request {
        core::Plan plan;
        core::SearchOptions options;
    };
    void launch(Request request);
    void onFinished();
    void setBusy(bool busy);

    // Its own thread, not Qt's global pool, where Qt's raster engine splits large fills and
    // waits for the parts (a search queued there kept the window waiting). Declared first, so
    // it outlives the watcher.
    QThreadPool pool_;
    QFutureWatcher<core::SearchResult> watcher_;
    // Shared with the run, so a run never outlives the flag it reads.
    std::shared_ptr<std::atomic<bool>> cancel_;
    std::optional<Request> waiting_;
    int generation_ = 0;
    bool busy_ = false;
};

}  // namespace fourfold::ui
