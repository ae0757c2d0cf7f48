// SPDX-License-Identifier: MIT
// /model rules: positive, non-absurd sizes; heads that tile the hidden size; key/value groups
// that tile the heads (grouped-query attention, Ainslie et al. 2023); a consistent MoE block.
#include "core/rules/validate_parts.h"

#include <cmath>
#include <string>
#include <utility>

namespace fourfold::core::detail {
namespace {

void checkParameters(const ModelSpec& model, DiagnosticSink& sink) {
    const double parameters = model.parameters;
    if (!checkRange(sink, "/model/parameters", parameters)) return;
    if (parameters > 0 && parameters < 1e3) {
        sink.warning("/model/parameters", "model.parameters_not_billions",
                     {{"parameters", parameters}, {"suggested", parameters * 1e9}});
    }
}

void checkAttention(const ModelSpec& model, DiagnosticSink& sink, bool hiddenOk, bool headsOk) {
    // A head size of its own (Gemma, Qwen3, Mistral-Nemo) frees the heads from tiling hidden.
    const bool headDimOk = checkRange(sink, "/model/head_dim", model.headDim);
    if (hiddenOk && headsOk && headDimOk && model.headDim == 0 && model.hidden % model.heads != 0) {
        sink.error("/model/heads", "model.heads_divide_hidden",
                   {{"hidden", model.hidden}, {"heads", model.heads}});
    }
    if (!checkRange(sink, "/model/kv_heads", model.kvHeads)) return;
    if (headsOk && model.kvHeads > model.heads) {
        sink.error("/model/kv_heads", "model.kv_heads_above_heads",
                   {{"kv_heads", model.kvHeads}, {"heads", model.heads}});
    } else if (headsOk && model.heads % model.kvHeads != 0) {
        DiagnosticArgs args = {{"heads", model.heads}, {"kv_heads", model.kvHeads}};
        addChoices(args, model.heads);
        sink.error("/model/kv_heads", "model.kv_heads_divide_heads", std::move(args));
    }
}

void checkMoe(const ModelSpec& model, DiagnosticSink& sink) {
    const MoeSpec& moe = model.moe;
    const bool expertsOk = checkRange(sink, "/model/moe/experts", moe.experts);
    checkRange(sink, "/model/moe/expert_ffn_hidden", moe.expertFfnHidden);
    for (const auto& [pointer, value] :
         {std::pair{"/model/moe/shared_experts", moe.sharedExperts},
          std::pair{"/model/moe/shared_ffn_hidden", moe.sharedFfnHidden},
          std::pair{"/model/moe/first_dense_layers", moe.firstDenseLayers},
          std::pair{"/model/moe/layer_step", moe.layerStep}}) {
        checkRange(sink, pointer, value);
    }
    if (!checkRange(sink, "/model/moe/top_k", moe.topK) || !expertsOk) return;
    if (moe.experts > 1) {
        if (moe.topK < 1) {
            sink.error("/model/moe/top_k", "model.moe_top_k_zero",
                       {{"top_k", moe.topK}, {"experts", moe.experts}});
        } else if (moe.topK > moe.experts) {
            sink.error("/model/moe/top_k", "model.moe_top_k_above_experts",
                       {{"top_k", moe.topK}, {"experts", moe.experts}});
        }
    } else if (moe.experts == 1) {
        sink.info("/model/moe/experts", "model.moe_single_expert", {{"experts", moe.experts}});
    } else if (moe.topK > 0) {
        sink.info("/model/moe/top_k", "model.moe_top_k_dense",
                  {{"top_k", moe.topK}, {"experts", moe.experts}});
    }
}

}  // namespace

void validateModel(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& model = plan.model;
    checkParameters(model, sink);
    const bool layersOk = checkRange(sink, "/model/layers", model.layers);
    const bool hiddenOk = checkRange(sink, "/model/hidden", model.hidden);
    const bool headsOk = checkRange(sink, "/model/heads", model.heads);
    const bool ffnOk = checkRange(sink, "/model/ffn_hidden", model.ffnHidden);
    const bool vocabOk = checkRange(sink, "/model/vocab", model.vocab);
    checkRange(sink, "/model/sequence", model.sequence);
    checkAttention(model, sink, hiddenOk, headsOk);
    checkMoe(model, sink);
    for (const auto& [pointer, value] :
         {std::pair{"/model/sliding_window", model.slidingWindow},
          std::pair{"/model/full_attention_every", model.fullAttentionEvery},
          std::pair{"/model/mla/kv_rank", model.mla.kvRank},
          std::pair{"/model/mla/q_rank", model.mla.qRank},
          std::pair{"/model/mla/rope_dim", model.mla.ropeDim},
          std::pair{"/model/mla/v_head_dim", model.mla.vHeadDim},
          std::pair{"/model/mtp_layers", model.mtpLayers}}) {
        checkRange(sink, pointer, value);
    }

    // A shape whose own count is absurd (each size passed, their product did not).
    if (layersOk && hiddenOk && headsOk && ffnOk && vocabOk) {
        const double count = shapeParameterEstimate(model);
        if (count > kMaxParameters) {
            sink.error("/model", "model.shape_too_large",
                       {{"layers", model.layers},
                        {"hidden", model.hidden},
                        {"ffn_hidden", model.ffnHidden},
                        {"count", count},
                        {"limit", kMaxParameters}});
        }
    }
}

}  // namespace fourfold::core::detail
