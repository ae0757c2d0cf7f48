// SPDX-License-Identifier: GPL-3.0-or-later
// The base of every view: it receives the document's Evaluation and draws it, nothing more.
// It owns what every view would otherwise repeat:
// - the handover: the latest shared Evaluation, and the one last drawn (kept alive for hover
//   texts); a hidden view only remembers the latest and draws it when it is shown;
// - the message page a view shows instead of its chart when the part it draws is absent;
// - image export (PNG, SVG or PDF by suffix): the chart when one is set, else the widget.
#pragma once

#include "core/evaluate/evaluation.h"
#include "ui/charts/image_export.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QLayout;
class QStackedLayout;

namespace fourfold::ui {

class RasterWorker;

class EvaluationView : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // Title for docks, menus and export dialogs ("Memory", "Pipeline", ...).
    [[nodiscard]] virtual QString title() const = 0;
    // Writes PNG (at `scale` times the view's size), SVG or PDF, chosen by the file's suffix, of
    // what the view shows for the latest Evaluation; false with a message saying why on failure.
    [[nodiscard]] bool exportImage(const QString& path, QString* error,
                                   double scale = kDefaultImageScale);
    // The size exportImage writes at scale 1 (the chart alone when one shows, else the view),
    // so an export dialog promises the pixels it will write.
    [[nodiscard]] QSize exportSize() const;

    // The latest Evaluation received (null before the first).
    [[nodiscard]] const std::shared_ptr<const core::Evaluation>& evaluation() const {
        return evaluation_;
    }
    // True while the message page stands in for the content (see setContent).
    [[nodiscard]] bool showsMessage() const;
    // A thread beside the GUI thread for pixel work of an edit (a view that has such work
    // starts it when the Evaluation arrives, and takes it at the paint); without one a view
    // does all of it at the paint.
    void setRasterWorker(std::shared_ptr<RasterWorker> worker) {
        rasterWorker_ = std::move(worker);
    }

public slots:
    void showEvaluation(std::shared_ptr<const core::Evaluation> evaluation);

protected:
    // Draw `evaluation` (never null; it is *shown_). Called when visible, or on the next show.
    virtual void render(const core::Evaluation& evaluation) = 0;
    // Draws the latest Evaluation again now, if any (after a palette or unit change).
    void renderAgain();
    void showEvent(QShowEvent* event) override;
    // Switched on around an export: a view leaves out what only helps on screen (choosers,
    // hints, the hovered item). Nothing by default.
    virtual void setExportLook(bool exporting);

    // Lays the view out as `toolbar` (may be null) above a page holding either `content` or a
    // centred message; `plot`, when given, is what exportImage writes while content shows.
    void setContent(QWidget* content, QLayout* toolbar = nullptr, QCustomPlot* plot = nullptr);
    void showMessage(const QString& text);
    void showContent();
    // "<what>: <the first error>" when the evaluation has an error, else `otherwise`.
    [[nodiscard]] static QString absentText(const core::Evaluation& evaluation, const QString& what,
                                            const QString& otherwise);

    [[nodiscard]] const std::shared_ptr<RasterWorker>& rasterWorker() const {
        return rasterWorker_;
    }

    // The Evaluation last drawn; render() reads hover and export data from it.
    std::shared_ptr<const core::Evaluation> shown_;

private:
    std::shared_ptr<const core::Evaluation> evaluation_;
    std::shared_ptr<RasterWorker> rasterWorker_;
    bool stale_ = false;
    QStackedLayout* pages_ = nullptr;
    QLabel* message_ = nullptr;
    QWidget* content_ = nullptr;
    QCustomPlot* plot_ = nullptr;
};

}  // namespace fourfold::ui
