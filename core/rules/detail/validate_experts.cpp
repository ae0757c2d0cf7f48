// SPDX-License-Identifier: MIT
// Expert-parallel rules. Megatron-Core carves expert groups out of the dense ranks: per pipeline
// stage, dense layers use tp x cp x dp ranks and expert layers the same ranks as
// etp x ep x edp (its expert rank generator), so ep must divide dp x cp and etp x ep must divide
// tp x cp x dp; every EP rank holds experts / ep whole experts.
#include "core/rules/validate_parts.h"

#include <string>

namespace fourfold::core::detail {

void validateExperts(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const MoeSpec& moe = plan.model.moe;
    const bool mixture = moe.experts > 1;

    const bool epOk = checkRange(sink, "/parallel/ep", p.ep);
    if (!checkRange(sink, "/parallel/etp", p.etp) || !epOk) return;
    const int etp = expertTensorParallel(p);
    if (!mixture) {
        if (p.ep > 1) {
            sink.error("/parallel/ep", "parallel.ep_needs_moe",
                       {{"ep", p.ep}, {"experts", moe.experts}});
        }
        if (p.etp > 0 && p.etp != p.tp) {
            sink.info("/parallel/etp", "parallel.etp_dense", {{"etp", p.etp}});
        }
        return;
    }
    if (p.ep > 1 && moe.experts % p.ep != 0) {
        sink.error(
            "/parallel/ep", "parallel.ep_divides_experts",
            {{"ep", p.ep}, {"experts", moe.experts}, {"choices", divisorsText(moe.experts)}});
    }
    if (p.dp < 1 || p.cp < 1 || p.tp < 1) return;  // reported under /parallel
    const std::int64_t dataRanks = std::int64_t{p.dp} * p.cp;
    bool epFits = true;
    if (dataRanks % p.ep != 0) {
        epFits = false;
        sink.error("/parallel/ep", "parallel.ep_divides_data_ranks",
                   {{"ep", p.ep},
                    {"dp", p.dp},
                    {"cp", p.cp},
                    {"data_ranks", dataRanks},
                    {"choices", divisorsText(dataRanks)}});
    }
    const std::int64_t denseRanks = dataRanks * p.tp;
    const std::int64_t expertRanks = std::int64_t{etp} * p.ep;
    if (epFits && denseRanks % expertRanks != 0) {
        sink.error("/parallel/etp", "parallel.expert_ranks_divide_dense_ranks",
                   {{"etp", etp},
                    {"ep", p.ep},
                    {"expert_ranks", expertRanks},
                    {"tp", p.tp},
                    {"cp", p.cp},
                    {"dp", p.dp},
                    {"dense_ranks", denseRanks}});
    }
    const int expertFfn = moe.expertFfnHidden > 0 ? moe.expertFfnHidden : plan.model.ffnHidden;
    if (etp > 1 && expertFfn >= 1 && expertFfn % etp != 0) {
        sink.error("/parallel/etp", "parallel.etp_divides_expert_ffn",
                   {{"etp", etp}, {"expert_ffn_hidden", expertFfn}});
    }
}

}  // namespace fourfold::core::detail
