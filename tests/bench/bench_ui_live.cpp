// SPDX-License-Identifier: GPL-3.0-or-later
// How live a slider feels: the main window is built offscreen, then a drag of 100 slider steps
// goes through PlanDocument::apply (one gesture). Each step is timed from the edit until the
// evaluation has arrived (evaluate + every evaluationChanged handler) and until the event loop
// has run the queued replots and the paint of every view that changed. Reported as median and
// worst, for the default plan and for GPT-3 175B on 1,024 GPUs (Brown et al. 2020, Table 2.1;
// the layout of Narayanan et al. 2021, Table 1 scale); for a plan of 16,384 GPUs, evaluated on
// a worker thread, the longest the event loop was held at once.
#include "tests/core/search_plans.h"

#include "app/allocator_tuning.h"
#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/summary_strip.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <vector>

using fourfold::core::Plan;
using namespace fourfold::ui;

namespace {

constexpr int kDefaultSteps = 100;  // per drag; a second argument changes it

Plan gpt3Plan() {
    Plan plan = fourfold::core::defaultPlan();
    plan.name = "GPT-3 175B on 1,024 GPUs";
    plan.model = fourfold::core::findModelPreset("gpt3-175b")->spec;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 8;
    plan.parallel.sequenceParallel = true;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 192;  // 1 × 192 × 8 = 1,536 sequences, GPT-3's batch
    plan.cluster.nodes = 128;
    plan.cluster.gpusPerNode = 8;
    return plan;
}

struct Series {
    std::vector<double> evaluatedMs;  // edit → evaluation delivered to every handler
    std::vector<double> paintedMs;    // edit → every visible view repainted
    std::vector<double> cpuMs;        // the GUI thread's processor time for the same span
    // The longest the event loop was held at once during the drag: the edit itself or one
    // pass of the loop. A window answers input between passes, so this is the longest it
    // could seem frozen (a large plan is evaluated on a worker meanwhile).
    double longestStallMs = 0;
    std::string charts;  // per chart: replots and drawing time per step
};

// Where a step's time goes among the charts: replots and the time spent drawing them, per
// chart (by object name), over one drag.
struct ReplotCost {
    int replots = 0;
    double ms = 0;
};

// The chart's own object name, else the nearest named ancestor's.
std::string chartName(const QObject* plot) {
    for (const QObject* object = plot; object; object = object->parent()) {
        if (!object->objectName().isEmpty()) {
            return (object == plot ? QString() : QStringLiteral("in "))
                .append(object->objectName())
                .toStdString();
        }
    }
    return "unnamed";
}

class ReplotMeter {
public:
    explicit ReplotMeter(QWidget& window) {
        for (QCustomPlot* plot : window.findChildren<QCustomPlot*>()) {
            const std::string name = chartName(plot);
            auto timer = std::make_shared<QElapsedTimer>();
            connections_ << QObject::connect(plot, &QCustomPlot::beforeReplot, plot,
                                             [timer] { timer->start(); });
            connections_ << QObject::connect(
                plot, &QCustomPlot::afterReplot, plot, [this, timer, name] {
                    ReplotCost& cost = costs_[name];
                    ++cost.replots;
                    cost.ms += static_cast<double>(timer->nsecsElapsed()) / 1e6;
                });
        }
    }
    ~ReplotMeter() {
        for (const QMetaObject::Connection& connection : std::as_const(connections_)) {
            QObject::disconnect(connection);
        }
    }
    ReplotMeter(const ReplotMeter&) = delete;
    ReplotMeter& operator=(const ReplotMeter&) = delete;

    [[nodiscard]] std::string report(int steps) const {
        std::string out;
        for (const auto& [name, cost] : costs_) {
            char line[160];
            std::snprintf(line, sizeof line, "    %-28s %5.2f replots/step, %6.2f ms/step\n",
                          name.c_str(), cost.replots / static_cast<double>(steps), cost.ms / steps);
            out += line;
        }
        return out;
    }

private:
    std::map<std::string, ReplotCost> costs_;
    QList<QMetaObject::Connection> connections_;
};

// The GUI thread's processor time: unlike wall time it barely moves when other programs share
// the machine, so it compares two builds on a busy machine.
double threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// FOURFOLD_BENCH_SLOW_MS=n lists each step repainted in more than n ms, with the window
// thread's processor time: a step slow with little processor time waited for the machine.
double slowStepMs() {
    static const double limit = [] {
        bool ok = false;
        const double ms = qEnvironmentVariable("FOURFOLD_BENCH_SLOW_MS").toDouble(&ok);
        return ok ? ms : 1e9;
    }();
    return limit;
}

double worst(const std::vector<double>& values) {
    return *std::max_element(values.begin(), values.end());
}

// Drags one slider through `steps` positions; `edit(step, gesture)` makes each PlanEdit.
Series drag(PlanDocument& document, MainWindow& window, int steps,
            const std::function<PlanEdit(int step, int gesture)>& edit) {
    int arrived = 0;
    // Connected after the window's views, so it runs once they have all handled the signal.
    const auto connection = QObject::connect(&document, &PlanDocument::evaluationChanged, &document,
                                             [&arrived] { ++arrived; });

    Series series;
    const ReplotMeter meter(window);
    const int gesture = document.nextGesture();
    for (int step = 0; step < steps; ++step) {
        const int before = arrived;
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = threadCpuMs();
        QElapsedTimer stall;
        const auto held = [&series, &stall] {
            series.longestStallMs =
                std::max(series.longestStallMs, static_cast<double>(stall.nsecsElapsed()) / 1e6);
        };
        stall.start();
        if (!document.apply(edit(step, gesture))) continue;
        held();
        while (arrived == before) {
            stall.start();
            QCoreApplication::processEvents();
            held();
        }
        series.evaluatedMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        // Then what the event loop does next: layout requests and queued replots, then the
        // paint they ask for. Each view paints once, as in the app.
        for (int pass = 0; pass < 3; ++pass) {
            stall.start();
            QCoreApplication::processEvents();
            held();
        }
        series.paintedMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        series.cpuMs.push_back(threadCpuMs() - cpuStart);
        if (series.paintedMs.back() > slowStepMs())
            std::printf("  slow step %3d: repainted %6.2f ms, window thread's processor %6.2f ms\n",
                        step, series.paintedMs.back(), series.cpuMs.back());
    }
    QObject::disconnect(connection);
    series.charts = meter.report(steps);
    return series;
}

void report(const char* plan, const char* slider, const Series& series) {
    if (series.evaluatedMs.empty()) {
        std::printf("%-26s %-22s no step changed the plan\n", plan, slider);
        return;
    }
    std::printf(
        "%-26s %-22s %3zu steps  evaluated: median %7.2f ms, worst %7.2f ms  "
        "repainted: median %7.2f ms, worst %7.2f ms  (processor: median %7.2f ms; longest "
        "stall %7.2f ms)\n",
        plan, slider, series.evaluatedMs.size(), median(series.evaluatedMs),
        worst(series.evaluatedMs), median(series.paintedMs), worst(series.paintedMs),
        median(series.cpuMs), series.longestStallMs);
    std::printf("%s", series.charts.c_str());
}

void benchPlan(const char* label, const Plan& plan, int steps) {
    PlanDocument document(plan);
    MainWindow window(&document);
    Prompts quiet;
    quiet.showError = [](QWidget*, const QString&, const QString&) {};
    quiet.askUnsaved = [](QWidget*, const QString&) { return UnsavedChoice::Discard; };
    window.setPrompts(quiet);
    window.resize(1600, 1000);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) std::printf("window was not exposed\n");
    // Let the window finish starting up (its deferred layouts and the paints they ask for), as
    // it has long before a hand reaches a slider; else the first step repaints the whole window.
    QTest::qWait(250);

    report(label, "micro-batch drag", drag(document, window, steps, [&](int step, int gesture) {
               // Back and forth over 1..8, as a hand on a slider would.
               static constexpr int kMicroBatch[] = {1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2};
               const int value = kMicroBatch[(step + 1) % 14];
               return PlanEdit{EditField::MicroBatch, gesture, QStringLiteral("micro-batch"),
                               [value](Plan& next) { next.training.microBatch = value; }};
           }));
    document.undoStack()->clear();

    const std::int64_t ranks = fourfold::core::worldSize(plan);
    const int stages = std::max(1, plan.parallel.pp);
    report(label, "TP drag (DP follows)", drag(document, window, steps, [&](int step, int gesture) {
               // TP 1, 2, 4, 8, 4, 2, ... with DP = ranks / (TP × PP): the world size stays.
               static constexpr int kTp[] = {1, 2, 4, 8, 4, 2};
               const int tp = kTp[(step + 1) % 6];
               const int dp = static_cast<int>(std::max<std::int64_t>(1, ranks / (tp * stages)));
               return PlanEdit{fourfold::ui::editField(fourfold::core::ParallelAxis::Tensor),
                               gesture, QStringLiteral("tp"), [tp, dp](Plan& next) {
                                   next.parallel.tp = tp;
                                   next.parallel.dp = dp;
                               }};
           }));
    window.close();
}

}  // namespace

int main(int argc, char** argv) {
    fourfold::app::tuneAllocatorForReuse();  // as the app does at start-up
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    QStandardPaths::setTestModeEnabled(true);  // never touch the user's settings
    // An argument ("default", "gpt3" or "large") runs that plan only, e.g. under a profiler.
    const QString only = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    // A second argument sets the steps per drag (shorter runs under a profiler).
    const int steps = argc > 2 ? std::max(2, std::atoi(argv[2])) : kDefaultSteps;
    std::printf("Live edit latency, %d slider steps per drag, window 1600x1000 offscreen\n", steps);
    if (only.isEmpty() || only == QLatin1String("default")) {
        benchPlan("Llama-2 7B, 8 GPUs", fourfold::core::defaultPlan(), steps);
    }
    if (only.isEmpty() || only == QLatin1String("gpt3")) {
        benchPlan("GPT-3 175B, 1,024 GPUs", gpt3Plan(), steps);
    }
    if (only.isEmpty() || only == QLatin1String("large")) {
        // Evaluated on a worker thread (a step takes 25–170 ms there): what counts is the
        // longest stall. Fewer steps, since each waits for its evaluation.
        benchPlan("16,384 GPUs, 64 stages", fourfold::test::sixtyFourStagesOn16kGpus(),
                  std::max(2, steps / 5));
    }
    return 0;
}
