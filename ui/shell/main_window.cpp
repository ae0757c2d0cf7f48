// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/main_window.h"

#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"
#include "ui/shell/app_settings.h"
#include "ui/shell/main_window_view_grid.h"
#include "ui/shell/recent_files.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/views/summary_strip.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QPixmap>
#include <QScrollArea>
#include <QStatusBar>
#include <QUrl>
#include <QVBoxLayout>

namespace fourfold::ui {
namespace {

constexpr QSize kDefaultSize(1600, 1000);
constexpr int kControlsWidth = 360;
constexpr int kDiagnosticsHeight = 120;

// The first dropped local file that looks like a plan, or empty.
QString droppedPlanPath(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0) {
            return path;
        }
    }
    return {};
}

}  // namespace

MainWindow::MainWindow(PlanDocument* document, QWidget* parent)
    : QMainWindow(parent),
      document_(document),
      prompts_(MainWindowPrompts::dialogs()),
      recentFiles_(new RecentFiles(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    resize(kDefaultSize);

    buildCentralArea();
    buildDocks();
    buildActions();
    buildMenus();

    statusLabel_ = new QLabel(this);
    statusBar()->addPermanentWidget(statusLabel_);

    connectDocument();
}

MainWindow::~MainWindow() = default;

void MainWindow::setPrompts(MainWindowPrompts prompts) {
    const MainWindowPrompts defaults = MainWindowPrompts::dialogs();
    if (!prompts.showError) prompts.showError = defaults.showError;
    if (!prompts.askUnsaved) prompts.askUnsaved = defaults.askUnsaved;
    if (!prompts.openFileName) prompts.openFileName = defaults.openFileName;
    if (!prompts.saveFileName) prompts.saveFileName = defaults.saveFileName;
    prompts_ = std::move(prompts);
}

void MainWindow::buildCentralArea() {
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(4);

    summary_ = new SummaryStrip(central);
    summary_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(summary_);

    viewGrid_ = new ViewGrid(central);
    auto* memory = new MemoryStackView;
    views_ = {memory, new PipelineGanttView, new RankMapView};
    for (EvaluationView* view : std::as_const(views_)) viewGrid_->addPane(view->title(), view);
    // The step-time view has not landed yet; its pane keeps the grid's shape meanwhile.
    auto* stepTime = new QLabel(tr("Step time \u2014 coming"));
    stepTime->setAlignment(Qt::AlignCenter);
    stepTime->setEnabled(false);
    viewGrid_->addPane(tr("Step time"), stepTime);
    layout->addWidget(viewGrid_, 1);

    // GB or GiB: the setting drives the memory view, and the view's own check box the setting.
    // Both sides return early when nothing changes, so the round trip ends there.
    AppSettings& settings = AppSettings::instance();
    memory->setBinaryUnits(settings.byteUnits() == core::ByteUnits::Binary);
    connect(&settings, &AppSettings::byteUnitsChanged, memory, [memory](core::ByteUnits units) {
        memory->setBinaryUnits(units == core::ByteUnits::Binary);
    });
    // Every other figure in bytes follows the same setting.
    auto* gantt = qobject_cast<PipelineGanttView*>(views_.at(1));
    summary_->setByteUnits(settings.byteUnits());
    gantt->setByteUnits(settings.byteUnits());
    connect(&settings, &AppSettings::byteUnitsChanged, this, [this, gantt](core::ByteUnits units) {
        summary_->setByteUnits(units);
        gantt->setByteUnits(units);
    });
    connect(memory, &MemoryStackView::binaryUnitsChanged, this, [](bool binary) {
        AppSettings::instance().setByteUnits(binary ? core::ByteUnits::Binary
                                                    : core::ByteUnits::Decimal);
    });

    setCentralWidget(central);
}

void MainWindow::buildDocks() {
    controls_ = new ControlsPanel(document_);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(controls_);

    controlsDock_ = new QDockWidget(tr("Controls"), this);
    controlsDock_->setObjectName(QStringLiteral("controlsDock"));
    controlsDock_->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    controlsDock_->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);

    diagnostics_ = new DiagnosticsList;
    diagnosticsDock_ = new QDockWidget(diagnostics_->title(), this);
    diagnosticsDock_->setObjectName(QStringLiteral("diagnosticsDock"));
    diagnosticsDock_->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    diagnosticsDock_->setWidget(diagnostics_);
    addDockWidget(Qt::BottomDockWidgetArea, diagnosticsDock_);

    // The bottom dock spans only the central area, so the controls keep the full height.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    resizeDocks({controlsDock_}, {kControlsWidth}, Qt::Horizontal);
    resizeDocks({diagnosticsDock_}, {kDiagnosticsHeight}, Qt::Vertical);

    connect(diagnostics_, &DiagnosticsList::diagnosticActivated, this,
            [this](const QString& pointer) {
                controlsDock_->show();
                controlsDock_->raise();
                controls_->focusField(pointer);
            });
}

void MainWindow::connectDocument() {
    QList<EvaluationView*> all = views_;
    all << summary_ << diagnostics_;
    for (EvaluationView* view : std::as_const(all)) {
        connect(document_, &PlanDocument::evaluationChanged, view, &EvaluationView::showEvaluation);
        view->showEvaluation(document_->evaluation());
    }
    connect(document_, &PlanDocument::evaluationChanged, this,
            [this](const std::shared_ptr<const core::Evaluation>& evaluation) {
                updateTitle();
                if (evaluation) updateStatus(*evaluation);
            });
    connect(document_, &PlanDocument::dirtyChanged, this, [this] { updateTitle(); });
    connect(document_, &PlanDocument::filePathChanged, this, [this] { updateTitle(); });
    updateTitle();
    updateStatus(*document_->evaluation());
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] \u2014 Fourfold").arg(document_->displayName()));
    setWindowFilePath(document_->filePath());
    setWindowModified(document_->isDirty());
}

void MainWindow::updateStatus(const core::Evaluation& evaluation) {
    const core::ClusterSpec& cluster = evaluation.plan.cluster;
    const QString nodes = cluster.nodes == 1 ? tr("1 node") : tr("%1 nodes").arg(cluster.nodes);
    statusLabel_->setText(tr("World size %1 \u00b7 %2 \u00d7 %3 GPUs per node")
                              .arg(evaluation.worldSize)
                              .arg(nodes)
                              .arg(cluster.gpusPerNode));
}

QString MainWindow::statusText() const { return statusLabel_->text(); }

void MainWindow::restoreSettings() {
    persistSettings_ = true;
    const AppSettings& settings = AppSettings::instance();
    const QByteArray geometry = settings.windowGeometry();
    if (!geometry.isEmpty()) restoreGeometry(geometry);
    const QByteArray state = settings.windowState();
    if (!state.isEmpty()) restoreState(state);
}

bool MainWindow::saveScreenshot(const QString& path, QString* error) {
    const QPixmap pixmap = grab();
    if (!pixmap.isNull() && pixmap.save(path, "PNG")) return true;
    if (error) *error = tr("Could not write the screenshot \"%1\".").arg(path);
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (persistSettings_) AppSettings::instance().setWindowGeometry(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedPlanPath(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedPlanPath(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    openFile(path);
}

}  // namespace fourfold::ui
