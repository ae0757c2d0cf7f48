// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/main_window.h"

#include "ui/charts/image_export.h"
#include "ui/charts/raster_worker.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/atomic_file.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/recent_files.h"
#include "ui/shell/calibration_actions.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/fit_advice_view.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/views/step_time_view.h"
#include "ui/views/summary_strip.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/walkthrough/walkthrough_session.h"
#include "ui/widgets/focus_frame.h"
#include "ui/widgets/layout_barrier.h"
#include "ui/widgets/text_label.h"
#include "ui/widgets/view_grid.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QBuffer>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QPixmap>
#include <QProgressBar>
#include <QScreen>
#include <QScrollBar>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {
namespace {

constexpr QSize kDefaultSize(1600, 1000);
constexpr int kControlsWidth = 360;
constexpr int kDiagnosticsHeight = 120;

// Widgets a person tabs to, in creation order (the order they sit in on screen here): editors,
// buttons, item views and the views themselves; not the parts inside a spin or combo box, nor
// scroll bars or scroll areas.
QList<QWidget*> tabStops(QWidget* root) {
    QList<QWidget*> stops;
    const auto wanted = [root](QWidget* widget) {
        if (!(widget->focusPolicy() & Qt::TabFocus)) return false;
        // A combo box's popup list is a window of its own: not a stop in this one's chain.
        if (widget->window() != root->window()) return false;
        QWidget* parent = widget->parentWidget();
        if (qobject_cast<QAbstractSpinBox*>(parent) || qobject_cast<QComboBox*>(parent)) {
            return false;
        }
        if (qobject_cast<QScrollBar*>(widget)) return false;
        if (qobject_cast<QAbstractScrollArea*>(widget) &&
            !qobject_cast<QAbstractItemView*>(widget)) {
            return false;
        }
        return true;
    };
    if (wanted(root)) stops << root;
    for (QWidget* child : root->findChildren<QWidget*>()) {
        if (wanted(child)) stops << child;
    }
    return stops;
}

// The first dropped local file that looks like a plan or a config to import, or empty.
QString droppedPlanPath(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (suffix == QLatin1String("json") || suffix == QLatin1String("toml") ||
            suffix == QLatin1String("sh")) {
            return path;
        }
    }
    return {};
}

// The first dropped local file named like a training log (.log, .txt, .out, .err), or empty.
QString droppedLogPath(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) continue;
        const QString suffix = QFileInfo(url.toLocalFile()).suffix().toLower();
        for (const char* known : {"log", "txt", "out", "err"}) {
            if (suffix == QLatin1String(known)) return url.toLocalFile();
        }
    }
    return {};
}

}  // namespace

MainWindow::MainWindow(PlanDocument* document, QWidget* parent)
    : QMainWindow(parent),
      document_(document),
      prompts_(Prompts::dialogs()),
      recentFiles_(new RecentFiles(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    resize(kDefaultSize);

    buildCentralArea();
    buildDocks();
    buildActions();
    buildSearchDock();
    buildCompareDock();
    buildMenus();
    // A bottom dock put away (by the user, a lesson or a presentation) left its height to the
    // Diagnostics dock, which then stood half the window high for one line: it takes its
    // list's height again.
    for (QDockWidget* dock : {searchDock_, compareDock_}) {
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (visible || !dock->isHidden() || !diagnosticsDock_->isVisible()) return;
            QTimer::singleShot(0, this,
                               [this] { fitDiagnosticsDock(diagnostics_->preferredHeight()); });
        });
    }

    statusLabel_ = new TextLabel(this);
    statusBar()->addPermanentWidget(statusLabel_);
    // A quiet sign that a large plan is being evaluated off the GUI thread; the views keep
    // the last result meanwhile.
    busyIndicator_ = new QProgressBar(this);
    busyIndicator_->setObjectName(QStringLiteral("evaluationBusy"));
    busyIndicator_->setRange(0, 0);
    busyIndicator_->setMaximumWidth(120);
    busyIndicator_->setMaximumHeight(fontMetrics().height());
    busyIndicator_->setTextVisible(false);
    busyIndicator_->setToolTip(tr("Evaluating the plan\u2026"));
    busyIndicator_->hide();
    statusBar()->addPermanentWidget(busyIndicator_);
    connect(document_, &PlanDocument::evaluationBusyChanged, busyIndicator_, &QWidget::setVisible);

    connectDocument();
    refreshFileDiagnostics();
    setVisualTabOrder();
}

void MainWindow::setVisualTabOrder() {
    QList<QWidget*> chain = tabStops(controls_);
    chain << tabStops(summary_);
    for (ViewPane* pane : viewGrid_->panes()) {
        // The pane's own button, then what the view holds on top (the rank map's "Colour by"),
        // then the view itself.
        QList<QWidget*> stops = tabStops(pane);
        if (QWidget* content = pane->content(); stops.removeAll(content) > 0) stops << content;
        chain << stops;
    }
    chain << tabStops(diagnostics_);
    if (searchDock_) chain << tabStops(searchDock_->widget());
    for (qsizetype index = 1; index < chain.size(); ++index) {
        QWidget::setTabOrder(chain.at(index - 1), chain.at(index));
    }
}

void MainWindow::refreshFileDiagnostics() {
    diagnostics_->setFileDiagnostics(document_->fileDiagnostics(),
                                     QFileInfo(document_->filePath()).fileName());
}

void MainWindow::fitDiagnosticsDock(int listHeight) {
    // The dock's title bar comes on top of the list's own height.
    const int margin = style()->pixelMetric(QStyle::PM_DockWidgetTitleMargin, nullptr, this);
    const int title = diagnosticsDock_->fontMetrics().height() + 2 * margin + 4;
    resizeDocks({diagnosticsDock_}, {listHeight + title}, Qt::Vertical);
}

MainWindow::~MainWindow() = default;

void MainWindow::setPrompts(Prompts prompts) {
    const Prompts defaults = Prompts::dialogs();
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
    // Its figures change at every edit; only a change of its height reaches the window.
    layout->addWidget(new LayoutBarrier(summary_, LayoutBarrier::Passes::Height, central));

    viewGrid_ = new ViewGrid(central);
    auto* memory = new MemoryStackView;
    // "How to make it fit" sits under the memory chart, where the eye already is.
    fitAdvice_ = new FitAdviceView;
    auto* memoryPane = new QWidget;
    auto* memoryLayout = new QVBoxLayout(memoryPane);
    memoryLayout->setContentsMargins(0, 0, 0, 0);
    memoryLayout->setSpacing(0);
    memoryLayout->addWidget(memory, 1);
    memoryLayout->addWidget(fitAdvice_);
    connect(
        fitAdvice_, &FitAdviceView::patchRequested, document_,
        [this](const QString& patch, const QString& text) { document_->applyPatch(patch, text); });
    views_ = {memory, new PipelineGanttView, new RankMapView, new StepTimeView};
    // One thread beside the window's for the views' pixel work of an edit, shared by the views
    // (the last to go stops it).
    const auto rasterWorker = std::make_shared<RasterWorker>();
    for (EvaluationView* view : std::as_const(views_)) {
        view->setRasterWorker(rasterWorker);
        viewGrid_->addPane(view->title(), view == memory ? memoryPane : view);
    }
    layout->addWidget(viewGrid_, 1);
    // Every view takes keyboard focus (Tab, or a click) and shows a ring while it has it.
    for (EvaluationView* view : std::as_const(views_)) {
        if (view->focusPolicy() == Qt::NoFocus) view->setFocusPolicy(Qt::StrongFocus);
        new FocusFrame(view);
    }

    // GB or GiB: the setting drives the memory view, and the view's own check box the setting.
    // Both sides return early when nothing changes, so the round trip ends there.
    AppSettings& settings = AppSettings::instance();
    memory->setBinaryUnits(settings.byteUnits() == core::ByteUnits::Binary);
    fitAdvice_->setBinaryUnits(settings.byteUnits() == core::ByteUnits::Binary);
    connect(&settings, &AppSettings::byteUnitsChanged, memory,
            [this, memory](core::ByteUnits units) {
                memory->setBinaryUnits(units == core::ByteUnits::Binary);
                fitAdvice_->setBinaryUnits(units == core::ByteUnits::Binary);
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
    // The panel scrolls itself; a second scroll area around it would take the wheel turns.
    controls_ = new ControlsPanel(document_);

    controlsDock_ = new QDockWidget(tr("Controls"), this);
    controlsDock_->setObjectName(QStringLiteral("controlsDock"));
    controlsDock_->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    controlsDock_->setWidget(controls_);
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

    connect(diagnostics_, &DiagnosticsList::preferredHeightChanged, this,
            &MainWindow::fitDiagnosticsDock);
    connect(diagnostics_, &DiagnosticsList::diagnosticActivated, this,
            [this](const QString& pointer) {
                controlsDock_->show();
                controlsDock_->raise();
                controls_->focusField(pointer);
            });
}

void MainWindow::connectDocument() {
    QList<EvaluationView*> all = views_;
    all.append(fitAdvice_);
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
    // The file first (two windows on two plan.json files differ by it), then the plan.
    const QString file = QFileInfo(document_->filePath()).fileName();
    setWindowTitle(file.isEmpty()
                       ? tr("%1[*] \u2014 Fourfold").arg(document_->displayName())
                       : tr("%1[*] \u2014 %2 \u2014 Fourfold").arg(file, document_->displayName()));
    setWindowFilePath(document_->filePath());
    setWindowModified(document_->isDirty());
}

void MainWindow::updateStatus(const core::Evaluation& evaluation) {
    const core::ClusterSpec& cluster = evaluation.plan.cluster;
    const QString nodes = cluster.nodes == 1 ? tr("1 node") : tr("%1 nodes").arg(cluster.nodes);
    const QString gpus = cluster.gpusPerNode == 1 ? tr("1 GPU per node")
                                                  : tr("%1 GPUs per node").arg(cluster.gpusPerNode);
    statusLabel_->setText(
        tr("World size %1 \u00b7 %2 \u00d7 %3").arg(evaluation.worldSize).arg(nodes, gpus));
}

QString MainWindow::statusText() const { return statusLabel_->text(); }

QList<QDockWidget*> MainWindow::idleDocks() const {
    QList<QDockWidget*> idle;
    if (diagnosticsDock_->isVisible() && !diagnostics_->hasProblems()) idle << diagnosticsDock_;
    // The search and the comparison are the user's work beside the plan, not the lesson's:
    // a presentation gives their room to the views whatever they hold.
    return idle + userWorkDocks();
}

QList<QDockWidget*> MainWindow::userWorkDocks() const {
    QList<QDockWidget*> docks;
    // Open: shown, or a tab behind another.
    for (QDockWidget* dock : {searchDock_, compareDock_}) {
        if (dock->toggleViewAction()->isChecked()) docks << dock;
    }
    return docks;
}

void MainWindow::fitToScreen() {
    // The first start: the default size where the screen has room, else the screen's free
    // area less the window frame, centred, so the status bar is never below the screen's edge.
    const QScreen* where = screen();
    if (!where) return;
    const QRect free = where->availableGeometry();
    const QMargins frame(8, 32, 8, 8);  // a typical title bar and border, before it is shown
    const QSize room = free.size().shrunkBy(frame);
    resize(kDefaultSize.boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room)));
    // move() places the frame: centred, its title bar never above the free area's top.
    const int spareHeight = free.height() - height() - frame.top() - frame.bottom();
    move(free.left() + (free.width() - width()) / 2, free.top() + std::max(0, spareHeight / 2));
}

void MainWindow::restoreSettings() {
    persistSettings_ = true;
    const AppSettings& settings = AppSettings::instance();
    const QByteArray geometry = settings.windowGeometry();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    } else {
        fitToScreen();
    }
    const QByteArray state = settings.windowState();
    if (!state.isEmpty()) restoreState(state);
    // A walkthrough dock saved open comes back only with a lesson.
    if (!walkthrough_->session()->isActive()) walkthrough_->dock()->hide();
}

bool MainWindow::saveScreenshot(const QString& path, QString* error, double scale) {
    if (scale > 0) return exportWidgetImage(*this, path, error, scale);
    // Encoded in memory and renamed into place: a failed write keeps any older screenshot.
    const QPixmap pixmap = grab();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!pixmap.isNull() && pixmap.save(&buffer, "PNG"))
        return writeFileAtomically(path, bytes, error);
    if (error) *error = tr("Could not write the screenshot \"%1\".").arg(path);
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // The user's own plan back first, so "Save changes?" is about it, never a lesson's plan.
    walkthrough_->finish();
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (persistSettings_) AppSettings::instance().setWindowGeometry(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedPlanPath(event->mimeData()).isEmpty() ||
        !droppedLogPath(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedPlanPath(event->mimeData());
    if (path.isEmpty()) {
        // A training log gives the plan its measured figures (one undoable step).
        const QString log = droppedLogPath(event->mimeData());
        if (log.isEmpty()) return;
        event->acceptProposedAction();
        calibrationActions_->readLog(log);
        return;
    }
    event->acceptProposedAction();
    openFile(path);
}

}  // namespace fourfold::ui
