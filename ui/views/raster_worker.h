// SPDX-License-Identifier: GPL-3.0-or-later
// One thread beside the GUI thread for the pixel work of an edit, shared by the views: a view
// starts its work when an Evaluation arrives (the Gantt's rows, the rank map's cells) and takes
// the result at the paint, while the GUI thread draws the rest meanwhile. The work gets copies
// of what it reads, never the view.
#pragma once

#include <QThreadPool>

#include <future>
#include <memory>
#include <utility>

namespace fourfold::ui {

class RasterWorker {
public:
    RasterWorker() {
        pool_.setMaxThreadCount(1);
        pool_.setExpiryTimeout(-1);  // kept: starting a thread costs more than the work
    }
    // Waits for the work already started.
    ~RasterWorker() { pool_.waitForDone(); }
    RasterWorker(const RasterWorker&) = delete;
    RasterWorker& operator=(const RasterWorker&) = delete;

    // Runs `work` after the work started before it.
    template <typename Work>
    auto run(Work work) -> std::future<decltype(work())> {
        auto task = std::make_shared<std::packaged_task<decltype(work())()>>(std::move(work));
        auto result = task->get_future();
        pool_.start([task] { (*task)(); });
        return result;
    }

private:
    QThreadPool pool_;
};

}  // namespace fourfold::ui
