// SPDX-License-Identifier: MIT
#include "core/plan/detail/model_family.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

// Largest count the search aims at; beyond it validate() reports the input as absurd anyway.
constexpr double kMaxTarget = 1e15;
// The search stops at the first shape this close to the target, keeping the aspect ratio.
constexpr double kGoodEnough = 0.01;
constexpr int kSearchSteps = 16;

// Hidden size h with 12h^3/128 + 2Vh = target: twelve h^2 per layer (4h^2 attention,
// about 8h^2 SwiGLU MLP) over h/128 layers, plus the untied embedding and head. Bisection.
double idealHidden(double target) {
    double low = 0;
    double high = 1e7;
    for (int step = 0; step < 200; ++step) {
        const double mid = 0.5 * (low + high);
        const double count = 12.0 * mid * mid * mid / kFamilyHeadDim + 2.0 * kFamilyVocab * mid;
        (count < target ? low : high) = mid;
    }
    return low;
}

struct FamilyCandidate {
    int layers = 1;
    int hidden = kFamilyHeadDim;
    double error = 0;
};

FamilyCandidate fitLayers(int hidden, double target) {
    const int ffn = familyFfnHidden(hidden);
    const double perLayer = familyParameterCount(1, hidden, ffn, kFamilyVocab) -
                            familyParameterCount(0, hidden, ffn, kFamilyVocab);
    const double outside = familyParameterCount(0, hidden, ffn, kFamilyVocab);
    const double layers = std::clamp(std::round((target - outside) / perLayer), 1.0,
                                     static_cast<double>(kFamilyMaxLayers));
    FamilyCandidate candidate;
    candidate.layers = static_cast<int>(layers);
    candidate.hidden = hidden;
    const double count = familyParameterCount(candidate.layers, hidden, ffn, kFamilyVocab);
    candidate.error = target > 0 ? std::abs(count - target) / target : 0;
    return candidate;
}

}  // namespace

int familyFfnHidden(int hidden) {
    const double multiples = std::round(8.0 * hidden / 3.0 / kFamilyFfnMultiple);
    return kFamilyFfnMultiple * static_cast<int>(std::max(1.0, multiples));
}

double familyParameterCount(int layers, int hidden, int ffnHidden, int vocab) {
    const double h = hidden;
    const double perLayer = 4.0 * h * h + 3.0 * h * ffnHidden + 2.0 * h;
    return layers * perLayer + 2.0 * vocab * h + h;
}

ModelSpec familyShape(double parameters) {
    const double target = std::isfinite(parameters) ? std::clamp(parameters, 0.0, kMaxTarget) : 0;
    const double steps = std::max(1.0, std::round(idealHidden(target) / kFamilyHeadDim));
    const int start = kFamilyHeadDim * static_cast<int>(steps);

    // Walk outwards from the ideal hidden size: start, start - 128, start + 128, ...
    FamilyCandidate best = fitLayers(start, target);
    for (int step = 1; step <= kSearchSteps && best.error > kGoodEnough; ++step) {
        for (const int hidden : {start - step * kFamilyHeadDim, start + step * kFamilyHeadDim}) {
            if (hidden < kFamilyHeadDim) continue;
            const FamilyCandidate candidate = fitLayers(hidden, target);
            if (candidate.error < best.error) best = candidate;
        }
    }

    ModelSpec spec;
    spec.preset.clear();
    spec.parameters = 0;
    spec.layers = best.layers;
    spec.hidden = best.hidden;
    spec.heads = best.hidden / kFamilyHeadDim;
    spec.kvHeads = spec.heads;
    spec.ffnHidden = familyFfnHidden(best.hidden);
    spec.vocab = kFamilyVocab;
    spec.sequence = kFamilySequence;
    spec.mlp = MlpKind::Swiglu;
    spec.tiedEmbeddings = false;
    spec.moe = MoeSpec{};
    return spec;
}

}  // namespace fourfold::core::detail
