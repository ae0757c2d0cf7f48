// SPDX-License-Identifier: GPL-3.0-or-later
// SliderControl: one labelled row for a numeric plan field: a slider stepping through a list
// of stops (log scales, valid parallel degrees, ...) and a spin box for exact entry, plus a
// problem marker and a detail line. Values are in the field's own units; the spin box may show
// them scaled (billions, GB, percent).
#pragma once

#include <QWidget>

#include <functional>
#include <vector>

class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace fourfold::ui {

class SliderControl : public QWidget {
    Q_OBJECT
public:
    // `name` is the object-name stem: children are `<name>Slider` and `<name>Spin`.
    SliderControl(const QString& name, const QString& labelText, QWidget* parent = nullptr);

    // Slider positions, in field units; sorted ascending and deduplicated here.
    void setStops(std::vector<double> stops);
    [[nodiscard]] const std::vector<double>& stops() const { return stops_; }
    // The spin box: range and step in field units, shown as value / unitsPerShown.
    void setSpinRange(double minimum, double maximum, int decimals, double step,
                      double unitsPerShown = 1.0);
    void setSuffix(const QString& suffix);
    void setSpecialValueText(const QString& text);  // shown at the spin box minimum
    // When on, the spin box's arrows, keys and wheel step from stop to stop like the slider, so
    // stepping never lands between stops; typing still takes any value.
    void setSpinStepsThroughStops(bool on) { spinStepsThroughStops_ = on; }
    // One-sentence help for label, slider and spin box.
    void setHelp(const QString& text);
    // Called for a fresh gesture id (a slider press, a key or wheel step, a typed entry).
    void setGestureSource(std::function<int()> source) { gestureSource_ = std::move(source); }

    [[nodiscard]] double value() const { return value_; }
    // Shows `value` without emitting anything; does nothing while the slider is held.
    void setValueQuietly(double value);
    // A broken rule: red label, warning icon, the sentence as tooltip. Empty clears it.
    void setProblem(const QString& message);
    [[nodiscard]] bool hasProblem() const { return !problem_.isEmpty(); }
    // Small text under the slider (the shape a size implies, ...); empty hides it.
    void setDetail(const QString& text);

    [[nodiscard]] QSlider* slider() const { return slider_; }
    [[nodiscard]] QDoubleSpinBox* spinBox() const { return spin_; }
    [[nodiscard]] QLabel* label() const { return label_; }
    [[nodiscard]] bool isDragging() const;

signals:
    // The person changed the value; `gesture` groups one drag into one undo step.
    void valueEdited(double value, int gesture);
    void dragFinished();

private:
    void onSliderMoved(int position);
    void onSpinChanged(double shown);
    [[nodiscard]] int nearestStop(double value) const;
    // The stop `steps` away from the value (the first stop beyond it when it sits between two).
    [[nodiscard]] double stopAfter(double value, int steps) const;
    [[nodiscard]] double toShown(double value) const;
    [[nodiscard]] double fromShown(double shown) const;
    [[nodiscard]] int freshGesture() const { return gestureSource_ ? gestureSource_() : 0; }
    void refreshLabel();

    QLabel* label_ = nullptr;
    QLabel* marker_ = nullptr;
    QSlider* slider_ = nullptr;
    QDoubleSpinBox* spin_ = nullptr;
    QLabel* detail_ = nullptr;
    std::vector<double> stops_;
    std::function<int()> gestureSource_;
    double value_ = 0;
    bool spinStepsThroughStops_ = false;
    double unitsPerShown_ = 1.0;
    int dragGesture_ = 0;
    QString help_;
    QString problem_;
};

}  // namespace fourfold::ui
