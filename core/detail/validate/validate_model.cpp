// SPDX-License-Identifier: MIT
// /model rules: positive, non-absurd sizes; heads that tile the hidden size; key/value groups
// that tile the heads (grouped-query attention, Ainslie et al. 2023); a consistent MoE block.
#include "core/detail/validate/validate_common.h"

#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {

// A size that must be at least 1 and at most `limit`; false when it is unusable.
bool checkSize(DiagnosticSink& sink, const std::string& path, const std::string& what, int value,
               int limit) {
    if (value < 1) {
        sink.error(path, what + " is " + numberText(value) + "; it must be at least 1.");
        return false;
    }
    if (value > limit) {
        sink.error(path, what + " " + numberText(value) + " is absurd (more than " +
                             numberText(limit) + "); check for a typo.");
        return false;
    }
    return true;
}

void checkParameters(const ModelSpec& model, DiagnosticSink& sink) {
    const double parameters = model.parameters;
    if (!std::isfinite(parameters) || parameters < 0) {
        sink.error("/model/parameters",
                   "parameters is " + numberText(parameters) +
                       "; give a positive count such as 7e9, or 0 to count the shape.");
    } else if (parameters > kMaxParameters) {
        sink.error("/model/parameters", "parameters " + numberText(parameters) +
                                            " is absurd (more than " + numberText(kMaxParameters) +
                                            "); check the exponent.");
    } else if (parameters > 0 && parameters < 1e3) {
        sink.warning("/model/parameters", "parameters " + numberText(parameters) +
                                              " is a raw count, not billions; did you mean " +
                                              numberText(parameters * 1e9) + "?");
    }
}

void checkAttention(const ModelSpec& model, DiagnosticSink& sink, bool hiddenOk, bool headsOk) {
    if (hiddenOk && headsOk && model.hidden % model.heads != 0) {
        sink.error("/model/heads", "hidden " + numberText(model.hidden) +
                                       " is not divisible by heads " + numberText(model.heads) +
                                       "; every head needs the same width (hidden / heads).");
    }
    if (model.kvHeads < 1) {
        sink.error("/model/kv_heads", "kv_heads is " + numberText(model.kvHeads) + "; use heads (" +
                                          numberText(model.heads) +
                                          ") for plain attention or a divisor of it for GQA.");
    } else if (headsOk && model.kvHeads > model.heads) {
        sink.error("/model/kv_heads", "kv_heads " + numberText(model.kvHeads) +
                                          " is more than heads " + numberText(model.heads) +
                                          "; key/value heads are shared by query heads, so "
                                          "kv_heads must be at most heads.");
    } else if (headsOk && model.heads % model.kvHeads != 0) {
        sink.error("/model/kv_heads",
                   "heads " + numberText(model.heads) + " is not divisible by kv_heads " +
                       numberText(model.kvHeads) + "; grouped-query attention gives each of the " +
                       "kv_heads the same number of query heads (use " + divisorsText(model.heads) +
                       ").");
    }
}

void checkMoe(const ModelSpec& model, DiagnosticSink& sink) {
    const MoeSpec& moe = model.moe;
    if (moe.experts < 0) {
        sink.error("/model/moe/experts", "experts is " + numberText(moe.experts) +
                                             "; use 0 for a dense model or the expert count.");
    } else if (moe.experts > kMaxExperts) {
        sink.error("/model/moe/experts", "experts " + numberText(moe.experts) +
                                             " is absurd (more than " + numberText(kMaxExperts) +
                                             ").");
    }
    if (moe.expertFfnHidden < 0) {
        sink.error("/model/moe/expert_ffn_hidden",
                   "expert_ffn_hidden is " + numberText(moe.expertFfnHidden) +
                       "; use 0 for the same width as ffn_hidden, or a positive width.");
    } else if (moe.expertFfnHidden > kMaxFfnHidden) {
        sink.error("/model/moe/expert_ffn_hidden",
                   "expert_ffn_hidden " + numberText(moe.expertFfnHidden) +
                       " is absurd (more than " + numberText(kMaxFfnHidden) + ").");
    }
    if (moe.topK < 0) {
        sink.error("/model/moe/top_k", "top_k is " + numberText(moe.topK) +
                                           "; it must be 0 for a dense model or at least 1.");
    }
    if (moe.experts > 1) {
        if (moe.topK < 1) {
            sink.error("/model/moe/top_k", "top_k is " + numberText(moe.topK) + " with " +
                                               numberText(moe.experts) +
                                               " experts; each token must go to at least 1 "
                                               "expert (Mixtral uses 2).");
        } else if (moe.topK > moe.experts) {
            sink.error("/model/moe/top_k", "top_k " + numberText(moe.topK) +
                                               " is more than experts " + numberText(moe.experts) +
                                               "; a token cannot visit more experts than "
                                               "exist, so lower top_k to at most " +
                                               numberText(moe.experts) + ".");
        }
    } else if (moe.experts == 1) {
        sink.info("/model/moe/experts",
                  "experts 1 is a dense model; use 0, or 2 or more experts for a mixture.");
    } else if (moe.topK > 0) {
        sink.info("/model/moe/top_k", "top_k " + numberText(moe.topK) +
                                          " has no effect on a dense model (experts " +
                                          numberText(moe.experts) + ").");
    }
}

}  // namespace

void validateModel(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& model = plan.model;
    checkParameters(model, sink);
    const bool layersOk = checkSize(sink, "/model/layers", "layers", model.layers, kMaxLayers);
    const bool hiddenOk = checkSize(sink, "/model/hidden", "hidden", model.hidden, kMaxHidden);
    const bool headsOk = checkSize(sink, "/model/heads", "heads", model.heads, kMaxHidden);
    const bool ffnOk =
        checkSize(sink, "/model/ffn_hidden", "ffn_hidden", model.ffnHidden, kMaxFfnHidden);
    const bool vocabOk = checkSize(sink, "/model/vocab", "vocab", model.vocab, kMaxVocab);
    checkSize(sink, "/model/sequence", "sequence", model.sequence, kMaxSequence);
    checkAttention(model, sink, hiddenOk, headsOk);
    checkMoe(model, sink);

    // A shape whose own count is absurd (each size passed, their product did not).
    if (layersOk && hiddenOk && headsOk && ffnOk && vocabOk) {
        const double count = shapeParameterEstimate(model);
        if (count > kMaxParameters) {
            sink.error("/model", "the shape (layers " + numberText(model.layers) + ", hidden " +
                                     numberText(model.hidden) + ", ffn_hidden " +
                                     numberText(model.ffnHidden) + ") counts " + numberText(count) +
                                     " parameters, more than " + numberText(kMaxParameters) +
                                     "; check the sizes.");
        }
    }
}

}  // namespace fourfold::core::detail
