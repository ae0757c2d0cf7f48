// SPDX-License-Identifier: GPL-3.0-or-later
// The central view area: up to four titled panes in a 2×2 grid of splitters, all visible at
// once; any one can be maximised to fill the area (double-click its title, its button, or the
// View menu) and restored the same way. Where the area is too small for four legible charts
// (a 1280 × 800 screen, a 1.5 scale factor) the panes become tabs, one shown at a time.
#pragma once

#include <QFrame>
#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QResizeEvent;
class QSplitter;
class QTabBar;
class QToolButton;

namespace fourfold::ui {

// One pane: a title bar (name + maximise button) above the hosted widget.
class ViewPane : public QFrame {
    Q_OBJECT
public:
    ViewPane(const QString& title, QWidget* content, QWidget* parent = nullptr);

    [[nodiscard]] QString title() const;
    [[nodiscard]] QWidget* content() const { return content_; }
    [[nodiscard]] QWidget* titleBar() const { return titleBar_; }
    // Switches the button's icon and tooltip between "maximise" and "restore".
    void setMaximizedLook(bool maximized);

signals:
    void maximizeToggleRequested();
    void activated();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QWidget* titleBar_;
    QLabel* titleLabel_;
    QToolButton* maximizeButton_;
    QWidget* content_;
    bool maximized_ = false;
};

enum class ViewArrangement {
    Automatic,  // the grid when every pane gets room for its chart, else tabs
    Grid,
    Tabs,
};

class ViewGrid : public QWidget {
    Q_OBJECT
public:
    explicit ViewGrid(QWidget* parent = nullptr);

    // Adds a pane in reading order (top-left, top-right, bottom-left, bottom-right).
    ViewPane* addPane(const QString& title, QWidget* content);
    [[nodiscard]] const QList<ViewPane*>& panes() const { return panes_; }
    // The maximised pane, or null when all are shown.
    [[nodiscard]] ViewPane* maximizedPane() const { return maximized_; }
    // The pane the user last worked in (focus or a title click); the first pane otherwise.
    [[nodiscard]] ViewPane* currentPane() const;
    // Hides or shows a pane (the View menu's per-pane toggles); the others share its room.
    void setPaneShown(ViewPane* pane, bool shown);
    [[nodiscard]] bool isPaneShown(ViewPane* pane) const { return !hidden_.contains(pane); }

    void setArrangement(ViewArrangement arrangement);
    [[nodiscard]] ViewArrangement arrangement() const { return arrangement_; }
    // True while the panes are tabs (chosen, or automatic in a small area).
    [[nodiscard]] bool isTabbed() const { return tabbed_; }
    [[nodiscard]] QTabBar* tabBar() const { return tabs_; }
    // Makes `pane` visible: its tab when tabbed, else the grid (or it) when another pane is
    // maximised.
    void bringForward(ViewPane* pane);

public slots:
    // Maximises `pane`, or restores the grid when `pane` is null.
    void setMaximizedPane(fourfold::ui::ViewPane* pane);
    // Maximises `pane` (the current pane when null), or restores it if it is the maximised one.
    void toggleMaximized(fourfold::ui::ViewPane* pane = nullptr);

signals:
    void maximizedPaneChanged(fourfold::ui::ViewPane* pane);
    void tabbedChanged(bool tabbed);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Whether `size` gives each of a 2×2 grid's panes room for a legible chart.
    [[nodiscard]] bool gridFits(const QSize& size) const;
    void updateTabbed();
    void rebuildTabs();
    [[nodiscard]] ViewPane* tabPane() const;
    [[nodiscard]] int tabIndexOf(const ViewPane* pane) const;  // -1 when it has no tab
    void trackFocus(QWidget* now);
    // Shows each pane unless it is hidden or another one is maximised; hides empty rows.
    void applyVisibility();

    QTabBar* tabs_;
    QSplitter* rows_;
    ViewArrangement arrangement_ = ViewArrangement::Automatic;
    bool tabbed_ = false;
    QList<QSplitter*> rowSplitters_;
    QList<ViewPane*> panes_;
    QPointer<ViewPane> maximized_;
    QPointer<ViewPane> current_;
    QList<ViewPane*> hidden_;
};

}  // namespace fourfold::ui
