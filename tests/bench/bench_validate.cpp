// SPDX-License-Identifier: MIT
// Timing of the catalog look-ups, the parameter-count family and validate(), which run on every
// slider move. Reported by QBENCHMARK; nothing is asserted about wall-clock time.
#include "core/plan/catalog.h"
#include "core/rules/validate.h"

#include <QTest>

using namespace fourfold::core;

class BenchValidate : public QObject {
    Q_OBJECT
private slots:
    void findPreset() {
        std::size_t found = 0;
        QBENCHMARK { found += findModelPreset("mixtral-8x7b").has_value() ? 1 : 0; }
        QVERIFY(found > 0);
    }
    void familyShape() {
        int layers = 0;
        QBENCHMARK { layers += shapeForParameterCount(7e10).layers; }
        QVERIFY(layers > 0);
    }
    void validateDefaultPlan() {
        const Plan plan = defaultPlan();
        std::size_t count = 0;
        QBENCHMARK { count += validate(plan).size(); }
        QCOMPARE(count, std::size_t{0});
    }
    void validatePlanWithManyDiagnostics() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("mixtral-8x7b")->spec;
        plan.parallel = {
            6, 3, 5, 3, 4, 5, 3, true, 3, 4, Offload::Nvme, "tp-dp", ScheduleKind::Gpipe};
        plan.training.globalBatch = 1000;
        std::size_t count = 0;
        QBENCHMARK { count += validate(plan).size(); }
        QVERIFY(count > 0);
    }
};

QTEST_GUILESS_MAIN(BenchValidate)
#include "bench_validate.moc"
