// SPDX-License-Identifier: MIT
// The published-runs dataset (published_runs.h) against itself: every row names its source and
// shape, its layout multiplies out to its GPU count, its batch to micro × accumulation × dp, its
// figures sit in their units' ranges, and the calibration split stays within its limits. No
// model figure is computed here.
#include "published_runs.h"

#include <QTest>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace fourfold::test::published;

namespace {

std::vector<const PublishedRun*> allRuns() {
    std::vector<const PublishedRun*> runs;
    for (std::span<const PublishedRun> table : kPublishedRunTables) {
        for (const PublishedRun& run : table) runs.push_back(&run);
    }
    return runs;
}

const PublishedRun* findRun(const std::string& id) {
    for (const PublishedRun* run : allRuns()) {
        if (id == run->id) return run;
    }
    return nullptr;
}

bool filled(const char* text) { return text != nullptr && text[0] != '\0'; }

// "15,16,16" → {15, 16, 16}; empty when the text is empty or not a list of numbers.
std::vector<int> stageLayers(const char* text) {
    std::vector<int> layers;
    int value = -1;
    for (const char* c = text; *c != '\0'; ++c) {
        if (*c >= '0' && *c <= '9') {
            value = (value < 0 ? 0 : value * 10) + (*c - '0');
        } else if (*c == ',' && value >= 0) {
            layers.push_back(value);
            value = -1;
        } else {
            return {};
        }
    }
    if (value >= 0) layers.push_back(value);
    return layers;
}

void addRunRows() {
    QTest::addColumn<QString>("id");
    for (const PublishedRun* run : allRuns()) {
        QTest::newRow(run->id) << QString::fromLatin1(run->id);
    }
}

const PublishedRun& fetchRun() {
    QFETCH(QString, id);
    const PublishedRun* run = findRun(id.toStdString());
    if (run == nullptr) qFatal("no run %s", qPrintable(id));
    return *run;
}

}  // namespace

class TestPublishedRuns : public QObject {
    Q_OBJECT
private slots:
    void enoughRows() {
        QVERIFY2(allRuns().size() >= 30, "at least 30 step-time or throughput runs");
        QVERIFY2(kPublishedPeaks.size() >= 12, "at least 12 memory peaks");
    }

    void idsAreUnique() {
        std::set<std::string> ids;
        for (const PublishedRun* run : allRuns()) {
            QVERIFY2(ids.insert(run->id).second, run->id);
        }
        std::set<std::string> peakIds;
        for (const PublishedPeak& peak : kPublishedPeaks) {
            QVERIFY2(peakIds.insert(peak.id).second, peak.id);
        }
    }

    // Source, shape, hardware and at least one measured figure on every row.
    void rowIsComplete_data() { addRunRows(); }
    void rowIsComplete() {
        const PublishedRun& run = fetchRun();
        QVERIFY(filled(run.source.family));
        QVERIFY(filled(run.source.title));
        QVERIFY(filled(run.source.where));
        QVERIFY(filled(run.source.row));
        QVERIFY(filled(run.shape.name));
        QVERIFY(run.shape.layers > 0 && run.shape.hidden > 0 && run.shape.heads > 0);
        QVERIFY(run.shape.kvHeads > 0 && run.shape.ffnHidden > 0);
        QVERIFY(run.shape.vocab > 0 && run.shape.sequence > 0);
        QVERIFY(run.shape.mlp != Mlp::NotPublished);
        QVERIFY(filled(run.hardware.gpu));
        QVERIFY(run.hardware.gpus > 0 && run.hardware.memoryGB > 0);
        QVERIFY(filled(run.training.framework));
        const Measured& m = run.measured;
        QVERIFY2(m.tokensPerSPerGpu > 0 || m.tflopsPerGpu > 0 || m.mfu > 0 || m.stepTimeS > 0,
                 "a measured figure");
        QVERIFY2(filled(run.notes), "what the source leaves out");
    }

    void shapeInRange_data() { addRunRows(); }
    void shapeInRange() {
        const Shape& s = fetchRun().shape;
        QVERIFY(s.layers <= 200);
        QVERIFY(s.hidden >= 256 && s.hidden <= 65536);
        QVERIFY(s.kvHeads <= s.heads && s.heads % s.kvHeads == 0);
        if (s.headDim == 0) QCOMPARE(s.hidden % s.heads, 0);
        QVERIFY(s.vocab >= 1000 && s.vocab <= 300000);
        QVERIFY(s.sequence >= 128 && s.sequence <= (1 << 20));
        if (s.experts > 0) {
            QVERIFY(s.topK >= 1 && s.topK <= s.experts);
            QVERIFY(s.expertFfnHidden > 0);
            QVERIFY(s.denseLayers < s.layers);
        } else {
            QCOMPARE(s.topK, 0);
            QCOMPARE(s.sharedExperts, 0);
        }
        const bool mla = s.kvLoraRank > 0;
        QCOMPARE(mla, s.qkRopeHeadDim > 0 && s.vHeadDim > 0);
    }

    // World size = dp × tp × pp × cp wherever the four are given; the GPUs fill whole nodes;
    // experts spread over ranks the dense layers already use.
    void layoutMatchesGpus_data() { addRunRows(); }
    void layoutMatchesGpus() {
        const PublishedRun& run = fetchRun();
        const Layout& l = run.layout;
        const Hardware& h = run.hardware;
        for (int degree : {l.dp, l.tp, l.pp, l.cp, l.ep, l.etp, l.vp}) QVERIFY(degree >= 0);
        if (l.dp > 0 && l.tp > 0 && l.pp > 0 && l.cp > 0) {
            QCOMPARE(l.dp * l.tp * l.pp * l.cp, h.gpus);
        }
        if (h.gpusPerNode > 0 && h.gpus >= h.gpusPerNode) QCOMPARE(h.gpus % h.gpusPerNode, 0);
        if (l.ep > 1 && l.dp > 0 && l.tp > 0 && l.cp > 0) {
            const int expertRanks = l.ep * (l.etp > 0 ? l.etp : 1);
            QCOMPARE((l.dp * l.cp * l.tp) % expertRanks, 0);
            QVERIFY(run.shape.experts % l.ep == 0);
        }
        if (l.hsdpReplicate > 0 && l.hsdpShard > 0) QCOMPARE(l.hsdpReplicate * l.hsdpShard, l.dp);
        if (l.sharding == Sharding::Hsdp) QVERIFY(l.hsdpReplicate > 0 && l.hsdpShard > 0);
        if (filled(l.stageLayers)) {
            const std::vector<int> stages = stageLayers(l.stageLayers);
            QVERIFY2(!stages.empty(), l.stageLayers);
            QCOMPARE(static_cast<int>(stages.size()), l.pp * (l.vp > 0 ? l.vp : 1));
            int sum = 0;
            for (int layers : stages) sum += layers;
            QCOMPARE(sum, run.shape.layers);
        }
    }

    // Global batch = micro-batch × accumulation × dp wherever all four are given.
    void batchMatchesLayout_data() { addRunRows(); }
    void batchMatchesLayout() {
        const PublishedRun& run = fetchRun();
        const Training& t = run.training;
        QVERIFY(t.microBatch >= 0 && t.gradAccumulation >= 0 && t.globalBatch >= 0);
        if (t.microBatch > 0 && t.gradAccumulation > 0 && t.globalBatch > 0 && run.layout.dp > 0) {
            QCOMPARE(t.microBatch * t.gradAccumulation * run.layout.dp, t.globalBatch);
        }
        if (t.globalBatch > 0 && run.layout.dp > 0) QCOMPARE(t.globalBatch % run.layout.dp, 0);
        const bool fp8 = t.precision == Precision::Fp8 || t.precision == Precision::Mxfp8;
        QCOMPARE(fp8, filled(t.fp8Recipe));
    }

    // Units: MFU a fraction, TFLOP/s below any GPU's peak and with its FLOP count named,
    // throughput and step time positive, and step time and throughput telling the same story
    // where both are published.
    void unitsInRange_data() { addRunRows(); }
    void unitsInRange() {
        const PublishedRun& run = fetchRun();
        const Measured& m = run.measured;
        QVERIFY(m.mfu >= 0 && m.mfu <= 1);
        QVERIFY(m.tflopsPerGpu >= 0 && m.tflopsPerGpu <= 5000);
        QVERIFY(m.tokensPerSPerGpu >= 0 && m.tokensPerSPerGpu <= 1e6);
        QVERIFY(m.stepTimeS >= 0 && m.stepTimeS <= 3600);
        if (m.tflopsPerGpu > 0 || m.mfu > 0) QVERIFY2(filled(m.flopsFormula), "FLOP count named");
        if (m.tflopsPerGpu > 0 && m.mfu > 0) {
            const double impliedPeak = m.tflopsPerGpu / m.mfu;
            QVERIFY2(impliedPeak >= 100 && impliedPeak <= 5000, "TFLOP/s and MFU agree on a peak");
        }
        const Hardware& h = run.hardware;
        QVERIFY(h.memoryGB <= 300);
        QVERIFY(h.interNodeGbpsPerGpu >= 0 && h.interNodeGbpsPerGpu <= 3200);
        const Training& t = run.training;
        if (m.stepTimeS > 0 && m.tokensPerSPerGpu > 0 && t.globalBatch > 0) {
            const double tokens = static_cast<double>(t.globalBatch) * run.shape.sequence;
            const double perGpu = tokens / (m.stepTimeS * h.gpus);
            QVERIFY2(std::fabs(perGpu - m.tokensPerSPerGpu) <= 0.02 * m.tokensPerSPerGpu,
                     "step time and tokens/s agree");
        }
    }

    // At most a third of the runs in calibration and at most one per source family; the
    // same third for the peaks.
    void splitLimits() {
        const std::vector<const PublishedRun*> runs = allRuns();
        std::map<std::string, int> calibrationPerFamily;
        std::size_t calibration = 0;
        for (const PublishedRun* run : runs) {
            if (run->split != Split::Calibration) continue;
            ++calibration;
            QVERIFY2(++calibrationPerFamily[run->source.family] == 1, run->source.family);
        }
        QVERIFY(calibration > 0);
        QVERIFY2(3 * calibration <= runs.size(), "at most a third of the runs in calibration");
        std::size_t peakCalibration = 0;
        for (const PublishedPeak& peak : kPublishedPeaks) {
            if (peak.split == Split::Calibration) ++peakCalibration;
        }
        QVERIFY(peakCalibration > 0);
        QVERIFY2(3 * peakCalibration <= kPublishedPeaks.size(),
                 "at most a third of the peaks in calibration");
    }

    // Every peak belongs to a run, says what kind of peak it is and fits the GPU it ran on.
    void peakIsConsistent_data() {
        QTest::addColumn<QString>("id");
        for (const PublishedPeak& peak : kPublishedPeaks) {
            QTest::newRow(peak.id) << QString::fromLatin1(peak.id);
        }
    }
    void peakIsConsistent() {
        QFETCH(QString, id);
        const PublishedPeak* peak = nullptr;
        for (const PublishedPeak& candidate : kPublishedPeaks) {
            if (id == QLatin1String(candidate.id)) peak = &candidate;
        }
        QVERIFY(peak != nullptr);
        const PublishedRun* run = findRun(peak->run);
        QVERIFY2(run != nullptr, peak->run);
        QVERIFY(peak->kind != PeakKind::NotStated);
        QVERIFY(filled(peak->scope));
        QVERIFY(peak->gib > 0);
        // A GiB figure cannot exceed the vendor's GB figure read as GiB.
        QVERIFY(peak->gib <= run->hardware.memoryGB);
    }
};

QTEST_APPLESS_MAIN(TestPublishedRuns)
#include "tst_published_runs.moc"
