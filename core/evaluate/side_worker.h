// SPDX-License-Identifier: MIT
// A thread kept for the parts of an evaluation that run beside it (its memory estimate,
// what-ifs and scaling curves). Starting a thread for them at every evaluation cost an editor's
// slider step more than some of the work itself; an editor keeps one worker across its edits
// instead.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>

namespace fourfold::core {

class SideWorker {
public:
    SideWorker();
    // Finishes the work already asked for, then stops the thread.
    ~SideWorker();
    SideWorker(const SideWorker&) = delete;
    SideWorker& operator=(const SideWorker&) = delete;

    // Runs `work` on the worker, after the work asked for before it; where no thread could be
    // started, when its result is asked for. The work must not wait on other work of the same
    // worker.
    template <typename Work>
    auto run(Work work) -> std::future<decltype(work())> {
        if (!thread_.joinable()) return std::async(std::launch::deferred, std::move(work));
        auto task = std::make_shared<std::packaged_task<decltype(work())()>>(std::move(work));
        auto result = task->get_future();
        post([task] { (*task)(); });
        return result;
    }

private:
    void post(std::function<void()> job);
    void serve();

    std::mutex lock_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    std::thread thread_;  // last: started once the rest exists
};

}  // namespace fourfold::core
