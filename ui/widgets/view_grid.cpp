// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/view_grid.h"

#include "ui/widgets/layout_barrier.h"
#include "ui/widgets/text_label.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QResizeEvent>
#include <QSplitter>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace fourfold::ui {
namespace {

constexpr int kColumns = 2;
constexpr QSize kContentMinimum(200, 100);
// The room one pane of the grid needs for its chart to stay legible (headings, legends, axis
// labels; the step-time chart its axis title with the search dock open), in lines of the
// window's font: below it the panes become tabs.
constexpr int kPaneWidthInLines = 34;
constexpr int kPaneHeightInLines = 22;

// The maximise / restore glyph in the palette's text colour, so it reads in both themes (the
// style's title-bar icons are drawn for a dark-on-light title bar). Drawn at 2× for high DPI.
QIcon paneIcon(bool maximized, const QColor& color) {
    constexpr int kLogical = 16;
    constexpr qreal kScale = 2.0;
    QPixmap pixmap(static_cast<int>(kLogical * kScale), static_cast<int>(kLogical * kScale));
    pixmap.setDevicePixelRatio(kScale);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(color, 1.3);
    pen.setJoinStyle(Qt::MiterJoin);
    painter.setPen(pen);
    if (maximized) {
        // Two overlapping windows: "restore".
        const QPointF back[] = {{5.5, 6.5}, {5.5, 2.5}, {13.5, 2.5}, {13.5, 10.5}, {10.5, 10.5}};
        painter.drawPolyline(back, 5);
        painter.drawRect(QRectF(2.5, 6.5, 8, 7));
    } else {
        painter.drawRect(QRectF(2.5, 2.5, 11, 11));
        painter.fillRect(QRectF(2.5, 2.5, 11, 2.5), color);
    }
    painter.end();
    return QIcon(pixmap);
}

}  // namespace

ViewPane::ViewPane(const QString& title, QWidget* content, QWidget* parent)
    : QFrame(parent),
      titleBar_(new QWidget(this)),
      titleLabel_(new TextLabel(title, titleBar_)),
      maximizeButton_(new QToolButton(titleBar_)),
      content_(content) {
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("viewPane"));
    // Clicking anywhere inside makes this the pane the View menu's "maximise" acts on.
    setFocusPolicy(Qt::ClickFocus);

    QFont titleFont = titleLabel_->font();
    titleFont.setBold(true);
    titleLabel_->setFont(titleFont);
    titleBar_->setAutoFillBackground(true);
    titleBar_->setBackgroundRole(QPalette::Midlight);
    titleBar_->setToolTip(tr("Double-click to maximise or restore"));
    titleBar_->installEventFilter(this);
    titleLabel_->installEventFilter(this);

    maximizeButton_->setAutoRaise(true);
    connect(maximizeButton_, &QToolButton::clicked, this, [this] {
        emit activated();
        emit maximizeToggleRequested();
    });
    setMaximizedLook(false);

    auto* barLayout = new QHBoxLayout(titleBar_);
    barLayout->setContentsMargins(8, 2, 2, 2);
    barLayout->addWidget(titleLabel_);
    barLayout->addStretch(1);
    barLayout->addWidget(maximizeButton_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(1, 1, 1, 1);
    layout->setSpacing(0);
    layout->addWidget(titleBar_);
    content_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // A plot's own minimum (legend, headings, axes) would add up across the grid and push the
    // window past the screen; below its natural size a view is squeezed, not the window.
    if (content_->minimumSize().isNull()) content_->setMinimumSize(kContentMinimum);
    // The splitter gives the pane its size: the view's texts changing at every edit need not
    // lay out the window again.
    layout->addWidget(new LayoutBarrier(content_, LayoutBarrier::Passes::Minimum, this), 1);
}

QString ViewPane::title() const { return titleLabel_->text(); }

void ViewPane::setMaximizedLook(bool maximized) {
    maximized_ = maximized;
    maximizeButton_->setIcon(paneIcon(maximized, palette().color(QPalette::ButtonText)));
    maximizeButton_->setToolTip(maximized ? tr("Restore all views") : tr("Maximise this view"));
    maximizeButton_->setAccessibleName(maximizeButton_->toolTip());
}

void ViewPane::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) setMaximizedLook(maximized_);
}

bool ViewPane::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonPress) {
        emit activated();
    } else if (event->type() == QEvent::MouseButtonDblClick) {
        emit activated();
        emit maximizeToggleRequested();
        return true;
    }
    return QFrame::eventFilter(watched, event);
}

ViewGrid::ViewGrid(QWidget* parent)
    : QWidget(parent), tabs_(new QTabBar(this)), rows_(new QSplitter(Qt::Vertical, this)) {
    rows_->setChildrenCollapsible(false);
    tabs_->setObjectName(QStringLiteral("viewTabs"));
    tabs_->setDocumentMode(true);
    tabs_->setExpanding(false);
    tabs_->setVisible(false);
    connect(tabs_, &QTabBar::currentChanged, this, [this] {
        if (!tabbed_) return;
        if (ViewPane* pane = tabPane()) current_ = pane;
        applyVisibility();
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(tabs_);
    layout->addWidget(rows_, 1);
    connect(qApp, &QApplication::focusChanged, this,
            [this](QWidget*, QWidget* now) { trackFocus(now); });
}

ViewPane* ViewGrid::addPane(const QString& title, QWidget* content) {
    const auto index = panes_.size();
    if (index % kColumns == 0) {
        auto* row = new QSplitter(Qt::Horizontal, rows_);
        row->setChildrenCollapsible(false);
        rows_->addWidget(row);
        rowSplitters_.append(row);
    }
    QSplitter* row = rowSplitters_.last();
    auto* pane = new ViewPane(title, content, row);
    row->addWidget(pane);
    panes_.append(pane);
    connect(pane, &ViewPane::maximizeToggleRequested, this,
            [this, pane] { toggleMaximized(pane); });
    connect(pane, &ViewPane::activated, this, [this, pane] { current_ = pane; });
    // Equal shares across a row: its views are meant to be read side by side.
    for (QSplitter* splitter : std::as_const(rowSplitters_)) {
        splitter->setSizes(QList<int>(splitter->count(), 1000));
    }
    // The first row's charts carry headings, legends and a second chart: a larger share.
    QList<int> rowShares(rows_->count(), 1000);
    if (rowShares.size() > 1) rowShares.first() = 1500;
    rows_->setSizes(rowShares);
    rebuildTabs();
    return pane;
}

ViewPane* ViewGrid::currentPane() const {
    if (current_) return current_;
    return panes_.isEmpty() ? nullptr : panes_.first();
}

void ViewGrid::setMaximizedPane(ViewPane* pane) {
    if (pane && !panes_.contains(pane)) return;
    if (tabbed_) {  // one pane at a time already: show it
        if (pane) bringForward(pane);
        return;
    }
    if (pane == maximized_) return;
    maximized_ = pane;
    for (ViewPane* each : std::as_const(panes_)) each->setMaximizedLook(each == pane);
    applyVisibility();
    if (pane) current_ = pane;
    emit maximizedPaneChanged(pane);
}

void ViewGrid::setPaneShown(ViewPane* pane, bool shown) {
    if (!panes_.contains(pane) || shown == isPaneShown(pane)) return;
    if (shown) {
        hidden_.removeAll(pane);
    } else {
        hidden_.append(pane);
        if (maximized_ == pane) {
            maximized_ = nullptr;
            pane->setMaximizedLook(false);
            emit maximizedPaneChanged(nullptr);
        }
    }
    rebuildTabs();
    applyVisibility();
}

void ViewGrid::applyVisibility() {
    ViewPane* shownTab = tabbed_ ? tabPane() : nullptr;
    for (ViewPane* each : std::as_const(panes_)) {
        each->titleBar()->setVisible(!tabbed_);
        if (tabbed_) {
            each->setVisible(each == shownTab);
        } else {
            each->setVisible(maximized_ ? each == maximized_ : !hidden_.contains(each));
        }
    }
    // A row with no visible pane would leave an empty band behind.
    for (QSplitter* row : std::as_const(rowSplitters_)) {
        bool anyVisible = false;
        for (int i = 0; i < row->count(); ++i) {
            anyVisible = anyVisible || !row->widget(i)->isHidden();
        }
        row->setVisible(anyVisible);
    }
}

void ViewGrid::toggleMaximized(ViewPane* pane) {
    if (tabbed_) return;  // tabs show one pane at a time already
    if (!pane) pane = currentPane();
    if (!pane) return;
    setMaximizedPane(maximized_ == pane ? nullptr : pane);
}

void ViewGrid::setArrangement(ViewArrangement arrangement) {
    if (arrangement == arrangement_) return;
    arrangement_ = arrangement;
    updateTabbed();
}

void ViewGrid::bringForward(ViewPane* pane) {
    if (!pane || !panes_.contains(pane)) return;
    setPaneShown(pane, true);
    if (tabbed_) {
        if (const int index = tabIndexOf(pane); index >= 0) tabs_->setCurrentIndex(index);
    } else if (maximized_ && maximized_ != pane) {
        setMaximizedPane(pane);
    }
    current_ = pane;
}

void ViewGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateTabbed();
}

bool ViewGrid::gridFits(const QSize& size) const {
    const int line = fontMetrics().height();
    return size.width() >= kColumns * kPaneWidthInLines * line &&
           size.height() >= 2 * kPaneHeightInLines * line;
}

void ViewGrid::updateTabbed() {
    const bool tabbed = arrangement_ == ViewArrangement::Tabs ||
                        (arrangement_ == ViewArrangement::Automatic && !gridFits(size()));
    if (tabbed == tabbed_) return;
    ViewPane* keep = maximized_ ? maximized_.data() : currentPane();
    tabbed_ = tabbed;
    tabs_->setVisible(tabbed_);
    rebuildTabs();
    if (tabbed_ && keep) {
        if (const int index = tabIndexOf(keep); index >= 0) tabs_->setCurrentIndex(index);
    }
    applyVisibility();
    emit tabbedChanged(tabbed_);
}

void ViewGrid::rebuildTabs() {
    ViewPane* was = tabPane();
    const QSignalBlocker blocker(tabs_);
    while (tabs_->count() > 0) tabs_->removeTab(0);
    for (qsizetype index = 0; index < panes_.size(); ++index) {
        if (hidden_.contains(panes_.at(index))) continue;
        const int tab = tabs_->addTab(panes_.at(index)->title());
        tabs_->setTabData(tab, static_cast<int>(index));
    }
    const int index = tabIndexOf(was);
    tabs_->setCurrentIndex(index >= 0 ? index : 0);
}

int ViewGrid::tabIndexOf(const ViewPane* pane) const {
    const auto wanted = panes_.indexOf(pane);
    for (int tab = 0; tab < tabs_->count(); ++tab) {
        if (wanted >= 0 && tabs_->tabData(tab).toInt() == wanted) return tab;
    }
    return -1;
}

ViewPane* ViewGrid::tabPane() const {
    const int tab = tabs_->currentIndex();
    if (tab < 0) return nullptr;
    const int index = tabs_->tabData(tab).toInt();
    return index >= 0 && index < panes_.size() ? panes_.at(index) : nullptr;
}

void ViewGrid::trackFocus(QWidget* now) {
    for (QWidget* widget = now; widget; widget = widget->parentWidget()) {
        if (auto* pane = qobject_cast<ViewPane*>(widget); pane && panes_.contains(pane)) {
            current_ = pane;
            return;
        }
    }
}

}  // namespace fourfold::ui
