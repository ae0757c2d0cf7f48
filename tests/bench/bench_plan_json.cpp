// SPDX-License-Identifier: MIT
// Plan JSON speed: writing and reading a typical plan, and reading large documents.
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <chrono>
#include <cstdio>
#include <string>

using namespace fourfold::core;

namespace {

template <typename Work>
double microsecondsPerRun(int runs, Work work) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < runs; ++i) work();
    const std::chrono::duration<double, std::micro> elapsed =
        std::chrono::steady_clock::now() - start;
    return elapsed.count() / runs;
}

}  // namespace

int main() {
    Plan plan = defaultPlan();
    plan.model.preset.clear();  // readable whether or not the catalog is built in
    const std::string text = planToJson(plan);
    std::size_t sink = 0;
    const double write = microsecondsPerRun(2000, [&] { sink += planToJson(plan).size(); });
    const double read =
        microsecondsPerRun(2000, [&] { sink += parsePlan(text).diagnostics.size(); });
    std::printf("typical plan (%zu bytes): write %.1f us, read %.1f us\n", text.size(), write,
                read);

    Plan big = plan;
    big.name = std::string(8'000'000, 'x');
    big.measured.peakBytesPerStage.assign(200'000, 70'000'000'000ULL);
    const std::string bigText = planToJson(big);
    const double readBig =
        microsecondsPerRun(3, [&] { sink += parsePlan(bigText).diagnostics.size(); });
    std::printf("large plan (%zu bytes): read %.1f ms\n", bigText.size(), readBig / 1000);

    std::string manyKeys = "{\"memory\": {";
    for (int i = 0; i < 100'000; ++i) manyKeys += "\"k" + std::to_string(i) + "\": [1, {}],";
    manyKeys += "\"fragmentation\": 0.5}}";
    const double readMany =
        microsecondsPerRun(3, [&] { sink += parsePlan(manyKeys).diagnostics.size(); });
    std::printf("100000 unknown keys (%zu bytes): read %.1f ms\n", manyKeys.size(),
                readMany / 1000);

    const std::string deep(1'000'000, '[');
    const double readDeep =
        microsecondsPerRun(3, [&] { sink += parsePlan(deep).diagnostics.size(); });
    std::printf("1000000 '[' refused in %.2f ms\n", readDeep / 1000);
    return sink == 0 ? 1 : 0;
}
