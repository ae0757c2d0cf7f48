// SPDX-License-Identifier: MIT
#include "core/advice/memory_saver_what_ifs.h"

namespace fourfold::core::detail {
namespace {

// torchtune's chunked loss splits the logits in 8 (CEWithChunkedOutputLoss, num_output_chunks).
constexpr int kSuggestedLossChunks = 8;

}  // namespace

void addMemorySaverCandidates(const Plan& plan, std::vector<WhatIfCandidate>& out) {
    const TrainingSpec& training = plan.training;
    if (!training.activationOffload) {
        Plan trial = plan;
        trial.training.activationOffload = true;
        out.push_back({{"what_if.activation_offload"}, trial});
    }
    if (training.lossChunks <= 1) {
        Plan trial = plan;
        trial.training.lossChunks = kSuggestedLossChunks;
        out.push_back({{"what_if.chunked_loss", {{"chunks", kSuggestedLossChunks}}}, trial});
    }
    // A plan that trains every weight is not offered adapters: that changes what the run
    // learns, not only where its bytes go.
    if (training.finetune == FineTune::Lora) {
        Plan trial = plan;
        trial.training.finetune = FineTune::Qlora;
        out.push_back({{"what_if.qlora", {{"rank", training.loraRank}}}, trial});
    }
}

}  // namespace fourfold::core::detail
