// SPDX-License-Identifier: MIT
#include "core/evaluate/side_worker.h"

#include <system_error>
#include <utility>

namespace fourfold::core {

SideWorker::SideWorker() {
    try {
        thread_ = std::thread([this] { serve(); });
    } catch (const std::system_error&) {
        // No thread: run() leaves each piece of work to the one who asks for its result.
    }
}

SideWorker::~SideWorker() {
    {
        const std::lock_guard<std::mutex> guard(lock_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void SideWorker::post(std::function<void()> job) {
    {
        const std::lock_guard<std::mutex> guard(lock_);
        jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
}

void SideWorker::serve() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> guard(lock_);
            wake_.wait(guard, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;  // stopping, and nothing left to do
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        job();  // a packaged task: what it throws reaches its future
    }
}

}  // namespace fourfold::core
