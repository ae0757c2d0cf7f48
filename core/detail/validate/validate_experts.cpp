// SPDX-License-Identifier: MIT
// Expert-parallel rules. Megatron-Core carves expert groups out of the dense ranks: per pipeline
// stage, dense layers use tp x cp x dp ranks and expert layers the same ranks as
// etp x ep x edp (its expert rank generator), so ep must divide dp x cp and etp x ep must divide
// tp x cp x dp; every EP rank holds experts / ep whole experts.
#include "core/detail/validate/validate_common.h"

#include <string>

namespace fourfold::core::detail {

void validateExperts(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const MoeSpec& moe = plan.model.moe;
    const bool mixture = moe.experts > 1;

    if (p.ep < 1 || p.ep > kMaxRanks) {
        sink.error("/parallel/ep", "ep is " + numberText(p.ep) +
                                       "; the expert-parallel degree is at least 1 (1: no expert "
                                       "parallelism).");
        return;
    }
    if (p.etp < 0 || p.etp > kMaxRanks) {
        sink.error("/parallel/etp", "etp is " + numberText(p.etp) +
                                        "; use 0 to follow tp, or a positive expert "
                                        "tensor-parallel degree.");
        return;
    }
    const int etp = expertTensorParallel(p);
    if (!mixture) {
        if (p.ep > 1) {
            sink.error("/parallel/ep", "ep " + numberText(p.ep) +
                                           " needs a mixture-of-experts model, and this model "
                                           "is dense (experts " +
                                           numberText(moe.experts) +
                                           "); set ep to 1 or give /model/moe/experts.");
        }
        if (p.etp > 0 && p.etp != p.tp) {
            sink.info("/parallel/etp",
                      "etp " + numberText(p.etp) + " has no effect on a dense model.");
        }
        return;
    }
    if (p.ep > 1 && moe.experts % p.ep != 0) {
        sink.error("/parallel/ep", "ep " + numberText(p.ep) + " does not divide experts " +
                                       numberText(moe.experts) +
                                       "; each EP rank holds an equal number of whole experts, so "
                                       "use ep " +
                                       divisorsText(moe.experts) + ".");
    }
    if (p.dp < 1 || p.cp < 1 || p.tp < 1) return;  // reported under /parallel
    const std::int64_t dataRanks = std::int64_t{p.dp} * p.cp;
    bool epFits = true;
    if (dataRanks % p.ep != 0) {
        epFits = false;
        sink.error("/parallel/ep", "ep " + numberText(p.ep) + " does not divide dp " +
                                       numberText(p.dp) + " × cp " + numberText(p.cp) + " = " +
                                       numberText(dataRanks) +
                                       "; Megatron-Core forms expert groups out of the "
                                       "data- and context-parallel ranks, so use ep " +
                                       divisorsText(dataRanks) + ".");
    }
    const std::int64_t denseRanks = dataRanks * p.tp;
    const std::int64_t expertRanks = std::int64_t{etp} * p.ep;
    if (epFits && denseRanks % expertRanks != 0) {
        sink.error("/parallel/etp", "etp " + numberText(etp) + " × ep " + numberText(p.ep) + " = " +
                                        numberText(expertRanks) + " does not divide tp " +
                                        numberText(p.tp) + " × cp " + numberText(p.cp) + " × dp " +
                                        numberText(p.dp) + " = " + numberText(denseRanks) +
                                        "; expert layers reuse the dense layers' ranks of a "
                                        "pipeline stage (Megatron-Core), so lower etp or ep.");
    }
    const int expertFfn = moe.expertFfnHidden > 0 ? moe.expertFfnHidden : plan.model.ffnHidden;
    if (etp > 1 && expertFfn >= 1 && expertFfn % etp != 0) {
        sink.error("/parallel/etp", "etp " + numberText(etp) +
                                        " does not divide the expert FFN width " +
                                        numberText(expertFfn) +
                                        "; each expert's columns are split evenly over etp ranks.");
    }
}

}  // namespace fourfold::core::detail
