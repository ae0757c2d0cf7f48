// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rank_map_palette.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace fourfold::ui {
namespace {

// Okabe & Ito (2008), "Color Universal Design": safe for the common colour-vision
// deficiencies. Black is left out so outlines and text stay distinct from fills.
constexpr std::array<QRgb, 8> kOkabeIto{0xff0072b2, 0xffe69f00, 0xff009e73, 0xffcc79a7,
                                        0xff56b4e9, 0xffd55e00, 0xfff0e442, 0xff999999};

// Anchors of matplotlib's viridis map (van der Walt & Smith), evenly spaced from 0 to 1.
constexpr std::array<QRgb, 9> kViridis{0xff440154, 0xff472d7b, 0xff3b528b, 0xff2c728e, 0xff21918c,
                                       0xff28ae80, 0xff5ec962, 0xffaddc30, 0xfffde725};

QColor mix(QRgb from, QRgb to, double t) {
    const auto channel = [t](int a, int b) { return static_cast<int>(a + (b - a) * t + 0.5); };
    return QColor(channel(qRed(from), qRed(to)), channel(qGreen(from), qGreen(to)),
                  channel(qBlue(from), qBlue(to)));
}

}  // namespace

QString rankMapAxisLabel(RankMapAxis axis) {
    switch (axis) {
        case RankMapAxis::Pp:
            return QCoreApplication::translate("RankMapView", "PP stage");
        case RankMapAxis::Tp:
            return QCoreApplication::translate("RankMapView", "TP rank");
        case RankMapAxis::Dp:
            return QCoreApplication::translate("RankMapView", "DP replica");
        case RankMapAxis::Cp:
            return QCoreApplication::translate("RankMapView", "CP rank");
        case RankMapAxis::Ep:
            return QCoreApplication::translate("RankMapView", "EP rank");
    }
    return {};
}

QString rankMapAxisShort(RankMapAxis axis) {
    switch (axis) {
        case RankMapAxis::Pp:
            return QStringLiteral("PP");
        case RankMapAxis::Tp:
            return QStringLiteral("TP");
        case RankMapAxis::Dp:
            return QStringLiteral("DP");
        case RankMapAxis::Cp:
            return QStringLiteral("CP");
        case RankMapAxis::Ep:
            return QStringLiteral("EP");
    }
    return {};
}

int rankMapAxisValue(const core::RankCoordinates& coordinates, RankMapAxis axis) {
    switch (axis) {
        case RankMapAxis::Pp:
            return coordinates.pp;
        case RankMapAxis::Tp:
            return coordinates.tp;
        case RankMapAxis::Dp:
            return coordinates.dp;
        case RankMapAxis::Cp:
            return coordinates.cp;
        case RankMapAxis::Ep:
            return coordinates.ep;
    }
    return 0;
}

int rankMapAxisCount(const core::TopologySizes& sizes, RankMapAxis axis) {
    switch (axis) {
        case RankMapAxis::Pp:
            return sizes.pp;
        case RankMapAxis::Tp:
            return sizes.tp;
        case RankMapAxis::Dp:
            return sizes.dp;
        case RankMapAxis::Cp:
            return sizes.cp;
        case RankMapAxis::Ep:
            return sizes.ep;
    }
    return 1;
}

QColor rankMapAxisColour(int value, int count) {
    if (count <= 0 || value < 0) return QColor(0x99, 0x99, 0x99);
    if (count <= static_cast<int>(kOkabeIto.size())) {
        return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(value) % kOkabeIto.size()]);
    }
    const double position = static_cast<double>(std::min(value, count - 1)) / (count - 1) *
                            static_cast<double>(kViridis.size() - 1);
    const auto index = std::min(static_cast<std::size_t>(position), kViridis.size() - 2);
    return mix(kViridis[index], kViridis[index + 1], position - static_cast<double>(index));
}

QColor rankMapTextOn(const QColor& fill) {
    // Relative luminance (ITU-R BT.709 weights) decides between black and white text.
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace fourfold::ui
