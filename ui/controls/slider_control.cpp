// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/slider_control.h"

#include "ui/widgets/text_label.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

// Equal within the spin box's display precision and a relative epsilon for large counts.
bool sameValue(double a, double b) {
    return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

QString plainText(QString text) { return text.remove(QLatin1Char('&')); }

// A spin box whose steps (arrows, Up/Down, wheel) can be redirected to the slider's stops.
class StopSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<bool(int steps)> stepper;  // true when it handled the step

    void stepBy(int steps) override {
        if (!stepper || !stepper(steps)) QDoubleSpinBox::stepBy(steps);
    }
};

}  // namespace

SliderControl::SliderControl(const QString& name, const QString& labelText, QWidget* parent)
    : QWidget(parent) {
    setObjectName(name);
    label_ = new QLabel(labelText, this);
    label_->setObjectName(name + QStringLiteral("Label"));
    marker_ = new QLabel(this);
    marker_->setObjectName(name + QStringLiteral("Marker"));
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    marker_->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize));
    marker_->hide();
    auto* spin = new StopSpinBox(this);
    spin->stepper = [this](int steps) {
        if (!spinStepsThroughStops_ || stops_.size() < 2) return false;
        spin_->setValue(toShown(stopAfter(value_, steps)));
        spin_->selectAll();
        return true;
    };
    spin_ = spin;
    spin_->setObjectName(name + QStringLiteral("Spin"));
    spin_->setKeyboardTracking(false);  // a typed number applies on Enter or focus out
    spin_->setAccelerated(true);
    spin_->setAlignment(Qt::AlignRight);
    spin_->setAccessibleName(plainText(labelText));
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setObjectName(name + QStringLiteral("Slider"));
    slider_->setFocusPolicy(Qt::StrongFocus);
    slider_->setAccessibleName(plainText(labelText));
    detail_ = new TextLabel(this);
    detail_->setObjectName(name + QStringLiteral("Detail"));
    detail_->setWordWrap(true);
    detail_->setForegroundRole(QPalette::PlaceholderText);
    QFont small = detail_->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    detail_->setFont(small);
    detail_->hide();
    label_->setBuddy(spin_);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(label_, 1);
    top->addWidget(marker_);
    top->addWidget(spin_);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 2, 0, 2);
    column->setSpacing(1);
    column->addLayout(top);
    column->addWidget(slider_);
    column->addWidget(detail_);
    setTabOrder(spin_, slider_);

    connect(slider_, &QSlider::sliderPressed, this, [this] { dragGesture_ = freshGesture(); });
    connect(slider_, &QSlider::sliderReleased, this, &SliderControl::dragFinished);
    connect(slider_, &QSlider::valueChanged, this, &SliderControl::onSliderMoved);
    connect(spin_, &QDoubleSpinBox::valueChanged, this, &SliderControl::onSpinChanged);
    setStops({0.0});
}

void SliderControl::setStops(std::vector<double> stops) {
    std::sort(stops.begin(), stops.end());
    stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
    if (stops.empty()) stops.push_back(value_);
    if (stops == stops_ || isDragging()) return;
    stops_ = std::move(stops);
    const QSignalBlocker blocker(slider_);
    slider_->setRange(0, static_cast<int>(stops_.size()) - 1);
    slider_->setPageStep(std::max(1, static_cast<int>(stops_.size()) / 10));
    slider_->setValue(nearestStop(value_));
    // One stop leaves nothing to slide through; the spin box still takes any value.
    slider_->setEnabled(stops_.size() > 1);
}

void SliderControl::setSpinRange(double minimum, double maximum, int decimals, double step,
                                 double unitsPerShown) {
    unitsPerShown_ = unitsPerShown > 0 ? unitsPerShown : 1.0;
    const QSignalBlocker blocker(spin_);
    spin_->setDecimals(decimals);
    spin_->setRange(toShown(minimum), toShown(maximum));
    spin_->setSingleStep(toShown(step));
    spin_->setValue(toShown(value_));
}

void SliderControl::setSuffix(const QString& suffix) { spin_->setSuffix(suffix); }

void SliderControl::setSpecialValueText(const QString& text) { spin_->setSpecialValueText(text); }

void SliderControl::setHelp(const QString& text) {
    help_ = text;
    refreshLabel();
}

bool SliderControl::isDragging() const { return slider_->isSliderDown(); }

void SliderControl::setValueQuietly(double value) {
    if (isDragging()) return;
    const double shown = toShown(value);
    // Compared as the spin box would hold it (rounded to its decimals, as QDoubleSpinBox rounds
    // it): an unrounded value never equals what it shows, and setting it again repaints it.
    const double held = QString::number(std::clamp(shown, spin_->minimum(), spin_->maximum()), 'f',
                                        spin_->decimals())
                            .toDouble();
    if (sameValue(value, value_) && sameValue(spin_->value(), held)) return;
    value_ = value;
    const QSignalBlocker spinBlocker(spin_);
    const QSignalBlocker sliderBlocker(slider_);
    spin_->setValue(shown);
    slider_->setValue(nearestStop(value));
}

void SliderControl::setProblem(const QString& message) {
    if (message == problem_) return;
    problem_ = message;
    refreshLabel();
}

void SliderControl::setDetail(const QString& text) {
    detail_->setText(text);
    detail_->setVisible(!text.isEmpty());
}

void SliderControl::onSliderMoved(int position) {
    if (position < 0 || position >= static_cast<int>(stops_.size())) return;
    const double value = stops_[static_cast<std::size_t>(position)];
    if (sameValue(value, value_)) return;
    value_ = value;
    {
        const QSignalBlocker blocker(spin_);
        spin_->setValue(toShown(value));
    }
    // One drag is one gesture; each key or wheel step is its own.
    emit valueEdited(value, isDragging() ? dragGesture_ : freshGesture());
}

void SliderControl::onSpinChanged(double shown) {
    const double value = fromShown(shown);
    if (sameValue(value, value_)) return;
    value_ = value;
    {
        const QSignalBlocker blocker(slider_);
        slider_->setValue(nearestStop(value));
    }
    emit valueEdited(value, freshGesture());
}

int SliderControl::nearestStop(double value) const {
    if (stops_.empty()) return 0;
    const auto upper = std::lower_bound(stops_.begin(), stops_.end(), value);
    if (upper == stops_.begin()) return 0;
    if (upper == stops_.end()) return static_cast<int>(stops_.size()) - 1;
    const auto lower = upper - 1;
    // Log distance on positive scales (1, 2, 4, 8 ...), plain distance otherwise.
    const bool positive = *lower > 0 && value > 0;
    const double below = positive ? std::log(value / *lower) : value - *lower;
    const double above = positive ? std::log(*upper / value) : *upper - value;
    return static_cast<int>((below <= above ? lower : upper) - stops_.begin());
}

double SliderControl::stopAfter(double value, int steps) const {
    if (stops_.empty() || steps == 0) return value;
    // Index of the first stop at or above the value, and whether the value is a stop itself.
    const auto upper = std::lower_bound(stops_.begin(), stops_.end(), value);
    const bool onStop = upper != stops_.end() && sameValue(*upper, value);
    const auto first = static_cast<long>(upper - stops_.begin());
    // Between two stops, one step up lands on the upper one, one step down on the lower one.
    const long target = steps > 0 ? first + steps - (onStop ? 0 : 1) : first + steps;
    const long last = static_cast<long>(stops_.size()) - 1;
    return stops_[static_cast<std::size_t>(std::clamp(target, 0L, last))];
}

// Scales are either whole multiples (1e9 per "B") or whole fractions (0.01 per "%"); dividing
// by the whole number keeps 5 % == 0.05 exactly.
double SliderControl::toShown(double value) const {
    return unitsPerShown_ >= 1 ? value / unitsPerShown_ : value * std::round(1.0 / unitsPerShown_);
}

double SliderControl::fromShown(double shown) const {
    return unitsPerShown_ >= 1 ? shown * unitsPerShown_ : shown / std::round(1.0 / unitsPerShown_);
}

void SliderControl::refreshLabel() {
    const bool broken = !problem_.isEmpty();
    label_->setStyleSheet(broken ? QStringLiteral("color: #c62828;") : QString());
    marker_->setVisible(broken);
    marker_->setToolTip(problem_);
    const QString tip = broken ? help_ + QStringLiteral("\n\n") + problem_ : help_;
    label_->setToolTip(tip);
    slider_->setToolTip(tip);
    spin_->setToolTip(tip);
}

}  // namespace fourfold::ui
