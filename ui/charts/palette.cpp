// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/palette.h"

#include <qcustomplot.h>

#include <QEvent>

#include <algorithm>
#include <array>

namespace fourfold::ui::palette {
namespace {

// Okabe–Ito.
constexpr QRgb kBlue = 0x0072B2;
constexpr QRgb kSkyBlue = 0x56B4E9;
constexpr QRgb kBluishGreen = 0x009E73;
constexpr QRgb kOrange = 0xE69F00;
constexpr QRgb kReddishPurple = 0xCC79A7;
constexpr QRgb kYellow = 0xF0E442;
constexpr QRgb kVermillion = 0xD55E00;

// Okabe & Ito (2008), "Color Universal Design": safe for the common colour-vision
// deficiencies. Black is left out so outlines and text stay distinct from fills.
constexpr std::array<QRgb, 8> kOkabeIto{0xff0072b2, 0xffe69f00, 0xff009e73, 0xffcc79a7,
                                        0xff56b4e9, 0xffd55e00, 0xfff0e442, 0xff999999};

// Anchors of matplotlib's viridis map (van der Walt & Smith), evenly spaced from 0 to 1.
constexpr std::array<QRgb, 9> kViridis{0xff440154, 0xff472d7b, 0xff3b528b, 0xff2c728e, 0xff21918c,
                                       0xff28ae80, 0xff5ec962, 0xffaddc30, 0xfffde725};

QColor mixRgb(QRgb from, QRgb to, double t) {
    const auto channel = [t](int a, int b) { return static_cast<int>(a + (b - a) * t + 0.5); };
    return QColor(channel(qRed(from), qRed(to)), channel(qGreen(from), qGreen(to)),
                  channel(qBlue(from), qBlue(to)));
}

QColor mix(const QColor& from, const QColor& to, double share) {
    const double keep = 1.0 - share;
    return QColor::fromRgbF(static_cast<float>(from.redF() * keep + to.redF() * share),
                            static_cast<float>(from.greenF() * keep + to.greenF() * share),
                            static_cast<float>(from.blueF() * keep + to.blueF() * share));
}

}  // namespace

QColor memoryColour(core::MemoryColourRole role) {
    // Model state in blues and green, activations apart in purple, overheads in neutrals.
    switch (role) {
        case core::MemoryColourRole::Parameters:
            return QColor(kBlue);
        case core::MemoryColourRole::ParameterCopy:
            return QColor(kSkyBlue);
        case core::MemoryColourRole::Gradients:
            return QColor(kBluishGreen);
        case core::MemoryColourRole::OptimizerState:
            return QColor(kOrange);
        case core::MemoryColourRole::Activations:
            return QColor(kReddishPurple);
        case core::MemoryColourRole::Transfer:
            return QColor(kYellow);
        case core::MemoryColourRole::Runtime:
            return QColor(0x8C8C8C);
        case core::MemoryColourRole::Slack:
            return QColor(0xC8C8C8);
    }
    return QColor(Qt::gray);
}

QColor memoryCategory(core::MemoryCategory category) {
    return memoryColour(core::categoryInfo(category).colour);
}

QColor opKind(core::OpKind kind) {
    switch (kind) {
        case core::OpKind::Forward:
            return QColor(kBlue);
        case core::OpKind::Backward:
            return QColor(kOrange);
        case core::OpKind::WeightGrad:
            return QColor(kBluishGreen);
    }
    return QColor(Qt::gray);
}

QColor opChunk(core::OpKind kind, int chunk, int chunks) {
    if (chunks <= 1 || chunk <= 0) return opKind(kind);
    // Up to 55 % towards white for the last chunk: still clearly the same hue.
    const double share = 0.55 * std::min(1.0, static_cast<double>(chunk) / (chunks - 1));
    return mix(opKind(kind), QColor(Qt::white), share);
}

QColor opBlend(double forwardShare) {
    // A straight blend of orange and blue is a brown close to the orange at the steady state's
    // third: the ramp turns through a hue of its own there, so the three phases read apart.
    constexpr double kSteady = 1.0 / 3.0;
    const double share = std::clamp(forwardShare, 0.0, 1.0);
    if (share <= kSteady) {
        return mix(opKind(core::OpKind::Backward), QColor(kReddishPurple), share / kSteady);
    }
    return mix(QColor(kReddishPurple), opKind(core::OpKind::Forward),
               (share - kSteady) / (1 - kSteady));
}

QColor rankSeries(int rank, int ranks) {
    // A viridis-like ramp, stopped before its pale yellow end so lines stay visible on white.
    static const std::array<QColor, 5> stops = {QColor(0x44, 0x01, 0x54), QColor(0x3B, 0x52, 0x8B),
                                                QColor(0x21, 0x90, 0x8C), QColor(0x3D, 0xB8, 0x6B),
                                                QColor(0x9C, 0xC8, 0x2B)};
    if (ranks <= 1) return stops[0];
    const double position = std::clamp(static_cast<double>(rank) / (ranks - 1), 0.0, 1.0) *
                            static_cast<double>(stops.size() - 1);
    const auto low = std::min(static_cast<std::size_t>(position), stops.size() - 2);
    return mix(stops[low], stops[low + 1], position - static_cast<double>(low));
}

QColor capacityLine() { return QColor(0x20, 0x20, 0x20); }
QColor marginBand() { return QColor(0x99, 0x99, 0x99, 70); }
QColor overflow() { return QColor(kVermillion); }
QColor measured() { return QColor(0x10, 0x10, 0x10); }
QColor idleFill() { return QColor(0xF3, 0xF3, 0xF3); }
QColor idleHatch() { return QColor(0xC4, 0xC4, 0xC4); }

QColor textOn(const QColor& background, double threshold) {
    // Relative luminance (ITU-R BT.709 weights) decides.
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > threshold ? QColor(Qt::black) : QColor(Qt::white);
}

QColor axisValue(int value, int count) {
    if (count <= 0 || value < 0) return QColor(0x99, 0x99, 0x99);
    if (count <= static_cast<int>(kOkabeIto.size())) {
        return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(value) % kOkabeIto.size()]);
    }
    const double position = static_cast<double>(std::min(value, count - 1)) / (count - 1) *
                            static_cast<double>(kViridis.size() - 1);
    const auto index = std::min(static_cast<std::size_t>(position), kViridis.size() - 2);
    return mixRgb(kViridis[index], kViridis[index + 1], position - static_cast<double>(index));
}

namespace {
double luminanceOf(const QColor& colour) {
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF();
}
}  // namespace

QColor onBackground(const QColor& colour, const QColor& background) {
    if (luminanceOf(background) >= 0.5) return colour;
    // Towards white in proportion to how dark the colour is; light colours stay as they are.
    const double share = std::clamp(0.55 - luminanceOf(colour), 0.0, 0.55);
    QColor lifted = mix(colour, QColor(Qt::white), share);
    lifted.setAlpha(colour.alpha());
    return lifted;
}

QColor idleFillOn(const QColor& background) {
    return luminanceOf(background) >= 0.5 ? idleFill() : mix(background, QColor(Qt::white), 0.08);
}

}  // namespace fourfold::ui::palette

namespace fourfold::ui {
namespace {

QPalette lightPalette() {
    QPalette palette;
    const QColor window(0xef, 0xf0, 0xf1);
    const QColor text(0x1d, 0x1f, 0x21);
    const QColor highlight(0x2a, 0x6f, 0xdb);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf7));
    palette.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x80, 0x84, 0x88));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::red);
    palette.setColor(QPalette::Light, Qt::white);
    palette.setColor(QPalette::Midlight, QColor(0xe3, 0xe5, 0xe7));
    palette.setColor(QPalette::Mid, QColor(0xb8, 0xbc, 0xc0));
    palette.setColor(QPalette::Dark, QColor(0x9a, 0x9e, 0xa3));
    palette.setColor(QPalette::Shadow, QColor(0x76, 0x79, 0x7c));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x1a, 0x5f, 0xc8));
    palette.setColor(QPalette::LinkVisited, QColor(0x6a, 0x3d, 0xb8));
    const QColor disabled(0x8a, 0x8d, 0x90);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Text, disabled);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    return palette;
}

QPalette darkPalette() {
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe7, 0xe9);
    const QColor highlight(0x2f, 0x65, 0xc0);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c));
    palette.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x41));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x90, 0x95));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3c));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    palette.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    palette.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x45));
    palette.setColor(QPalette::Mid, QColor(0x24, 0x26, 0x28));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    palette.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x7a, 0xb0, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb4, 0x9a, 0xf0));
    const QColor disabled(0x7a, 0x7d, 0x82);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Text, disabled);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Light, window);
    return palette;
}

// QCustomPlot's own colours from the widget palette (see palette.h).
void applyPalette(QCustomPlot* plot) {
    const QPalette& colours = plot->palette();
    const QColor text = colours.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    QColor subGrid = text;
    subGrid.setAlpha(18);
    plot->setBackground(colours.brush(QPalette::Base));
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setBasePen(QPen(text, 0));
            axis->setTickPen(QPen(text, 0));
            axis->setSubTickPen(QPen(text, 0));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
            axis->grid()->setSubGridPen(QPen(subGrid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* heading = qobject_cast<QCPTextElement*>(element)) heading->setTextColor(text);
        if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            legend->setTextColor(text);
            if (legend->brush().style() != Qt::NoBrush) {
                legend->setBrush(colours.brush(QPalette::Base));
            }
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

// Re-applies the colours when the plot's palette changes.
class PaletteFollower : public QObject {
public:
    explicit PaletteFollower(QCustomPlot* plot) : QObject(plot), plot_(plot) {
        plot->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == plot_ && event->type() == QEvent::PaletteChange) applyPalette(plot_);
        return QObject::eventFilter(watched, event);
    }

private:
    QCustomPlot* plot_;
};

}  // namespace

QPalette paletteFor(Theme theme) {
    switch (theme) {
        case Theme::Light:
            return lightPalette();
        case Theme::Dark:
            return darkPalette();
        case Theme::System:
            break;
    }
    // No role set: resolved against the platform theme's palette when applied.
    QPalette none;
    none.setResolveMask(0);
    return none;
}

void followPalette(QCustomPlot* plot) {
    if (!plot) return;
    applyPalette(plot);
    new PaletteFollower(plot);
}

}  // namespace fourfold::ui
