// SPDX-License-Identifier: MIT
#include "core/evaluate/detail/side_work.h"

#include "core/rules/validate.h"

#include <chrono>
#include <exception>
#include <system_error>
#include <utility>

namespace fourfold::core::detail {
namespace {

// Starts `work` on `worker`, else on another thread where one can be started, else it runs
// when its result is asked for. The caller asks before it returns, so what the work refers to
// outlives it.
template <typename Work>
auto beside(SideWorker* worker, Work work) -> std::future<decltype(work())> {
    if (worker) return worker->run(std::move(work));
    try {
        return std::async(std::launch::async, std::move(work));
    } catch (const std::system_error&) {
        return std::async(std::launch::deferred, std::move(work));
    }
}

// A scaling point is drawn only for a plan validation accepts.
bool validForScaling(const Plan& plan) { return !hasErrors(validate(plan)); }

}  // namespace

// Whether the work beside an evaluation is begun by the side thread or called off by the
// evaluation, whichever comes first. An evaluation that has done everything itself (the side
// thread was slow to start: a woken thread can wait milliseconds for a CPU that other programs
// hold) calls the work off rather than wait for a thread to begin work with nothing left to do.
class SideClaim {
public:
    // For the side thread: true if it may begin; then it is waited for.
    [[nodiscard]] bool begin() {
        int expected = kOpen;
        return state_.compare_exchange_strong(expected, kBegun);
    }
    // For the evaluation: true if the side thread has begun and must be waited for.
    [[nodiscard]] bool callOff() {
        int expected = kOpen;
        return !state_.compare_exchange_strong(expected, kCalledOff) && expected == kBegun;
    }

private:
    static constexpr int kOpen = 0;
    static constexpr int kBegun = 1;
    static constexpr int kCalledOff = 2;
    std::atomic<int> state_{kOpen};
};

SideWork::SideWork(const Plan& plan, const ModelReport* model, ScheduleMemo& schedules,
                   bool wantScaling, SideWorker* worker)
    : plan_(plan),
      model_(model),
      schedules_(schedules),
      scalingTaken_(!wantScaling),
      memoryTaken_(model == nullptr),
      claim_(std::make_shared<SideClaim>()) {
    if (model_ != nullptr) memoryEstimate_ = memoryPromise_.get_future().share();
    if (model_ == nullptr && !wantScaling) return;
    side_ = beside(worker, [this, claim = claim_] {
        if (!claim->begin()) return SideResults{};
        return runBeside();
    });
    // Where no thread could be started, the work runs now, before its estimate is asked for.
    if (side_.wait_for(std::chrono::seconds(0)) == std::future_status::deferred) side_.wait();
}

SideWork::~SideWork() {
    if (side_.valid() && claim_->callOff()) side_.wait();
}

SideWork::SideResults SideWork::runBeside() {
    SideResults results;
    if (!memoryTaken_.exchange(true)) estimateMemory();
    if (memoryEstimate_.valid()) {
        memoryEstimate_.wait();
        if (whatIfs_) whatIfs_->help();
    }
    if (!scalingTaken_.exchange(true)) results.scaling = scalingCurves(plan_, validForScaling);
    return results;
}

void SideWork::estimateMemory() {
    try {
        MemoryReport& memory = estimated_.emplace(core::estimateMemory(plan_, *model_));
        if (memory.overflow.empty() && needsWhatIfs(memory)) {
            whatIfs_.emplace(plan_, *model_, memory.peakBytes, &schedules_,
                             memory.largestFittingMicroBatch);
        }
        memoryPromise_.set_value();
    } catch (...) {
        memoryPromise_.set_exception(std::current_exception());
    }
}

std::optional<ScalingCurves> SideWork::scalingHere() {
    if (scalingTaken_.exchange(true)) return std::nullopt;
    return scalingCurves(plan_, validForScaling);
}

std::optional<MemoryReport> SideWork::memory() {
    if (!memoryEstimate_.valid()) return std::nullopt;
    if (!memoryTaken_.exchange(true)) estimateMemory();
    memoryEstimate_.get();
    return std::move(estimated_);
}

void SideWork::helpWithWhatIfs() {
    if (whatIfs_) whatIfs_->help();
}

std::optional<ScalingCurves> SideWork::finish() {
    // Everything the side thread would do is done here if it has not begun.
    if (side_.valid() && claim_->callOff()) return side_.get().scaling;
    return std::nullopt;
}

}  // namespace fourfold::core::detail
