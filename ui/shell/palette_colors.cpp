// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/palette_colors.h"

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

QColor mix(const QColor& from, const QColor& to, double share) {
    const double keep = 1.0 - share;
    return QColor::fromRgbF(static_cast<float>(from.redF() * keep + to.redF() * share),
                            static_cast<float>(from.greenF() * keep + to.greenF() * share),
                            static_cast<float>(from.blueF() * keep + to.blueF() * share));
}

}  // namespace

QColor memoryCategory(core::MemoryCategory category) {
    // Model state in blues and green, activations apart in purple, overheads in neutrals.
    static const std::array<QRgb, core::kMemoryCategoryCount> colours = {
        kBlue,           // weights
        kSkyBlue,        // master weights
        kBluishGreen,    // gradients
        kOrange,         // optimizer states
        kReddishPurple,  // activations
        kYellow,         // communication buffers
        0x8C8C8C,        // framework / context
        0xC8C8C8,        // fragmentation
    };
    return QColor(colours.at(static_cast<std::size_t>(category)));
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

QColor textOn(const QColor& background) {
    // Relative luminance (ITU-R BT.709 weights) decides.
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
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
