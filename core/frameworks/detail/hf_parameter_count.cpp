// SPDX-License-Identifier: MIT
// Parameter counts of the released checkpoints, module by module as the transformers model
// classes build them (embedding, per-layer attention / MLP / norms, final norm, LM head).
#include "core/frameworks/detail/hf_config.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

double attention(const HfConfig& c) {
    const double h = static_cast<double>(c.hidden);
    if (c.family == HfFamily::DeepseekV2 || c.family == HfFamily::DeepseekV3) {
        // Multi-head latent attention (DeepSeek-V2 paper, section 2.1): low-rank q (optional)
        // and a shared compressed kv with its own norm, plus the decoupled rotary key.
        const double heads = static_cast<double>(c.heads);
        const double qHead = static_cast<double>(c.qkNopeDim + c.qkRopeDim);
        double count = 0;
        if (c.qLoraRank > 0) {
            const double rank = static_cast<double>(c.qLoraRank);
            count += h * rank + rank + rank * heads * qHead;
        } else {
            count += h * heads * qHead;
        }
        const double kvRank = static_cast<double>(c.kvLoraRank);
        count += h * (kvRank + static_cast<double>(c.qkRopeDim)) + kvRank;
        count += kvRank * heads * static_cast<double>(c.qkNopeDim + c.vHeadDim);
        count += heads * static_cast<double>(c.vHeadDim) * h;
        return count;
    }
    const double q = static_cast<double>(c.heads * c.headDim);
    const double kv = static_cast<double>(c.kvHeads * c.headDim);
    double count = h * q + 2 * h * kv + q * h;
    if (c.qkvBias) count += q + 2 * kv;
    if (c.outputBias) count += h;
    switch (c.qkNorm) {
        case QkNorm::PerHead:
            count += 2 * static_cast<double>(c.headDim);
            break;
        case QkNorm::Full:
            count += q + kv;
            break;
        case QkNorm::None:
            break;
    }
    return count;
}

double gatedMlp(double hidden, double width, bool bias) {
    return 3 * hidden * width + (bias ? 2 * width + hidden : 0);
}

double mlp(const HfConfig& c, long long layer) {
    const double h = static_cast<double>(c.hidden);
    switch (c.family) {
        case HfFamily::Gpt2:
        case HfFamily::GptNeox:
            // Two matrices with biases, GELU between.
            return 2 * h * static_cast<double>(c.intermediate) +
                   static_cast<double>(c.intermediate) + h;
        case HfFamily::Mixtral:
            return static_cast<double>(c.experts) *
                       gatedMlp(h, static_cast<double>(c.intermediate), false) +
                   h * static_cast<double>(c.experts);
        case HfFamily::Qwen2Moe: {
            if (c.experts <= 0 || (layer + 1) % c.moeEvery != 0) {
                return gatedMlp(h, static_cast<double>(c.intermediate), false);
            }
            const double experts = static_cast<double>(c.experts);
            return experts * gatedMlp(h, static_cast<double>(c.expertIntermediate), false) +
                   h * experts + gatedMlp(h, static_cast<double>(c.sharedIntermediate), false) +
                   h;  // router, shared expert and its one-output gate
        }
        case HfFamily::Qwen3Moe: {
            const bool dense =
                c.experts <= 0 || (layer + 1) % c.moeEvery != 0 ||
                std::find(c.denseLayers.begin(), c.denseLayers.end(), layer) != c.denseLayers.end();
            if (dense) return gatedMlp(h, static_cast<double>(c.intermediate), false);
            const double experts = static_cast<double>(c.experts);
            return experts * gatedMlp(h, static_cast<double>(c.expertIntermediate), false) +
                   h * experts;  // experts and router, no shared expert
        }
        case HfFamily::Llama4: {
            if (c.experts <= 0 || (layer + 1) % c.moeEvery != 0) {
                return gatedMlp(h, static_cast<double>(c.denseIntermediate), false);
            }
            const double experts = static_cast<double>(c.experts);
            return experts * gatedMlp(h, static_cast<double>(c.expertIntermediate), false) +
                   h * experts + gatedMlp(h, static_cast<double>(c.sharedIntermediate), false);
        }
        case HfFamily::DeepseekV2:
        case HfFamily::DeepseekV3: {
            const bool moe =
                c.experts > 0 && layer >= c.firstDenseLayers && layer % c.moeEvery == 0;
            if (!moe) return gatedMlp(h, static_cast<double>(c.intermediate), false);
            const double experts = static_cast<double>(c.experts);
            const double one = gatedMlp(h, static_cast<double>(c.expertIntermediate), false);
            return (experts + static_cast<double>(c.sharedExperts)) * one + h * experts +
                   (c.routerBias ? experts : 0);
        }
        default:
            return gatedMlp(h, static_cast<double>(c.intermediate), c.mlpBias);
    }
}

bool layerNorm(const HfConfig& c) {
    return c.family == HfFamily::Gpt2 || c.family == HfFamily::GptNeox;
}

}  // namespace

double hfParameterCount(const HfConfig& c) {
    const double h = static_cast<double>(c.hidden);
    const double norm = layerNorm(c) ? 2 * h : h;  // LayerNorm has a bias, RMSNorm does not
    double count = 0;
    for (long long layer = 0; layer < c.layers; ++layer) {
        count += attention(c) + mlp(c, layer) + static_cast<double>(c.layerNorms) * norm;
    }
    const double vocabMatrix = static_cast<double>(c.vocab) * h;
    count += vocabMatrix + norm;        // embedding and final norm
    if (!c.tied) count += vocabMatrix;  // separate LM head
    if (c.family == HfFamily::Gpt2) count += static_cast<double>(c.maxPositions) * h;
    return count + c.visionParameters;
}

}  // namespace fourfold::core::detail
