// SPDX-License-Identifier: GPL-3.0-or-later
// One thread beside the GUI thread for the pixel work of an edit, shared by the views: a view
// starts its work when an Evaluation arrives (the Gantt's rows, the rank map's cells) and takes
// the result at the paint, while the GUI thread draws the rest meanwhile. The work gets copies
// of what it reads, never the view.
#pragma once

#include <QThreadPool>

#include <atomic>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <utility>

namespace fourfold::ui {

// Work started on a RasterWorker, done by whichever thread gets to it first: the worker, or
// the GUI thread when it asks for the result before the worker has begun (a second core busy
// with an evaluation, or slow to wake, would otherwise keep the window waiting).
template <typename Result>
class RasterJob {
public:
    RasterJob() = default;
    explicit RasterJob(std::function<Result()> work)
        : state_(std::make_shared<State>(std::move(work))) {}

    [[nodiscard]] bool valid() const { return state_ != nullptr; }
    // The result (the job is then spent): worked out now if no thread has begun it, else
    // waited for.
    [[nodiscard]] Result take() {
        const std::shared_ptr<State> state = std::move(state_);
        if (!state->begun.exchange(true)) return state->work();
        return state->done.get_future().get();
    }

private:
    friend class RasterWorker;
    // What the worker runs: the work, unless the GUI thread has begun it already.
    void runOnWorker() const {
        if (state_->begun.exchange(true)) return;
        try {
            state_->done.set_value(state_->work());
        } catch (...) {
            state_->done.set_exception(std::current_exception());
        }
    }

    struct State {
        explicit State(std::function<Result()> job) : work(std::move(job)) {}
        std::function<Result()> work;
        std::atomic<bool> begun{false};
        std::promise<Result> done;
    };
    std::shared_ptr<State> state_;
};

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

    // Queues `work` after the work started before it; see RasterJob for who does it.
    template <typename Work>
    auto run(Work work) -> RasterJob<decltype(work())> {
        using Result = decltype(work());
        RasterJob<Result> job{std::function<Result()>(std::move(work))};
        pool_.start([job] { job.runOnWorker(); });  // the copy shares the job's state
        return job;
    }

private:
    QThreadPool pool_;
};

}  // namespace fourfold::ui
