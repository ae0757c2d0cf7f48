// SPDX-License-Identifier: MIT
// The schedules' table (core/schedule/schedule_kinds.h): one row per ScheduleKind in enum
// order with its plan key, a display name in both languages, and flags that agree with what its
// generator and the simulator do; and the ops' letters.
#include "core/plan/plan_enums.h"
#include "core/schedule/schedule_kinds.h"
#include "core/text/coded_text.h"

#include <QTest>

#include <set>
#include <string>

using namespace fourfold::core;

// The op letters the schedule JSON, the evaluation JSON and the Gantt share.
static_assert(toString(OpKind::Forward) == "F");
static_assert(toString(OpKind::Backward) == "B");
static_assert(toString(OpKind::WeightGrad) == "W");

class TestScheduleKinds : public QObject {
    Q_OBJECT
private slots:
    void oneRowPerKindWithItsPlanKey() {
        const std::vector<ScheduleKind> kinds = allValues<ScheduleKind>();
        QCOMPARE(scheduleKinds().size(), kinds.size());
        std::set<std::string_view> keys;
        for (const ScheduleKind kind : kinds) {
            QVERIFY(scheduleInfo(kind).kind == kind);
            QVERIFY(enumFromString<ScheduleKind>(toString(kind)) == kind);
            QVERIFY(keys.insert(toString(kind)).second);
        }
    }

    void namesInBothLanguages_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("gpipe") << ScheduleKind::Gpipe << "GPipe"
                               << "GPipe";
        QTest::newRow("1f1b") << ScheduleKind::OneFOneB << "1F1B"
                              << "1F1B";
        QTest::newRow("interleaved_1f1b") << ScheduleKind::Interleaved1F1B << "Interleaved 1F1B"
                                          << "交错 1F1B";
        QTest::newRow("zb_h1") << ScheduleKind::ZbH1 << "Zero bubble H1"
                               << "零气泡 H1";
        QTest::newRow("zb_h2") << ScheduleKind::ZbH2 << "Zero bubble H2"
                               << "零气泡 H2";
    }
    void namesInBothLanguages() {
        QFETCH(ScheduleKind, kind);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        const CodedText name{std::string(scheduleInfo(kind).nameCode)};
        QCOMPARE(QString::fromStdString(renderCodedText(name, Language::English)), english);
        QCOMPARE(QString::fromStdString(renderCodedText(name, Language::SimplifiedChinese)),
                 chinese);
    }

    // Every row's name is in both catalogues (a missing one would render as its code).
    void everyRowIsNamed() {
        for (const ScheduleKindInfo& row : scheduleKinds()) {
            QVERIFY2(!codedTemplate(row.nameCode, Language::English).empty(), row.nameCode.data());
            QVERIFY2(!codedTemplate(row.nameCode, Language::SimplifiedChinese).empty(),
                     row.nameCode.data());
        }
    }

    // The flags say what the generator and the simulator do: W split off, v chunks run.
    void flagsAgreeWithTheGenerator() {
        for (const ScheduleKindInfo& row : scheduleKinds()) {
            const int chunks = row.usesVirtualStages ? 2 : 1;
            const detail::ScheduleOrders orders = row.generate({4, 8, chunks});
            QCOMPARE(orders.splitWeightGrad, row.splitsWeightGrad);
            QCOMPARE(orders.ranks.size(), std::size_t{4});
            // Two chunks asked of every schedule: only those using virtual stages run them.
            ScheduleCosts costs;
            costs.forwardS.assign(8, 1.0);
            costs.backwardS.assign(8, 2.0);
            costs.weightGradS.assign(8, 0.5);
            const ScheduleResult result = simulateSchedule(row.kind, 4, 8, 2, costs);
            QVERIFY(result.complete);
            QCOMPARE(result.splitWeightGrad, row.splitsWeightGrad);
            QCOMPARE(result.virtualStages, row.usesVirtualStages ? 2 : 1);
            QVERIFY(!result.bubbleText.empty());
            QVERIFY(!result.bubbleExplain.empty());
            // What it runs as on whole stages runs on whole stages itself.
            const ScheduleKindInfo& whole = scheduleInfo(row.onWholeStages);
            QVERIFY(!whole.usesVirtualStages);
            QVERIFY(whole.onWholeStages == whole.kind);
        }
    }
};

QTEST_GUILESS_MAIN(TestScheduleKinds)
#include "tst_schedule_kinds.moc"
