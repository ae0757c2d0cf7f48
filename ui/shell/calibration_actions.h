// SPDX-License-Identifier: GPL-3.0-or-later
// Edit ▸ Calibration: measured figures from a training log (also by dropping the log on the
// window), "Add to Calibration Set…" (the plan and what was measured, appended to a runs file),
// "Calibrate…" (a runs file fitted, its before / after / held-out table shown, and the profile
// saved and used by the plan), "Use Calibration Profile…" and "Stop Using the Profile". Every
// change of the plan is one undoable step through PlanDocument::apply; the core reads the logs
// and runs files, fits and writes the profile (docs/calibration.md).
#pragma once

#include "core/calibrate/calibrate.h"
#include "ui/widgets/prompts.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace fourfold::ui {

class PlanDocument;

class CalibrationActions : public QObject {
    Q_OBJECT
public:
    // `prompts` and `document` must outlive this object; `window` parents the dialogs.
    CalibrationActions(PlanDocument* document, const Prompts* prompts, QWidget* window);

    // Adds the Calibration submenu (object name "calibrationMenu") to `menu`.
    void addToMenu(QMenu* menu);

    // Sets the plan's measured figures to those the log reports, as one undoable step; false
    // (and nothing changed) when the file cannot be read or reports none.
    bool readLog(const QString& path);
    // Asks for a log, then reads it.
    bool chooseLog();
    // True when the file's text holds a line a training log reports a figure on.
    [[nodiscard]] static bool isTrainingLog(const QString& path);

    // Appends the plan with its measured figures to the calibration set (the runs file chosen
    // once per session; asked for the first time).
    bool addToCalibrationSet();
    [[nodiscard]] QString calibrationSet() const { return runsFile_; }
    void setCalibrationSet(const QString& path) { runsFile_ = path; }

    // Fits the runs file (the calibration set, else one asked for), shows the table, and when
    // the person accepts, saves the profile where asked and makes the plan use it.
    bool calibrate();
    // Fits a runs file without asking anything; empty with `error` set when it cannot.
    [[nodiscard]] std::optional<core::Calibration> fitRunsFile(const QString& path,
                                                               QString* error) const;
    // Writes the profile to `path` and makes the plan name it, as one undoable step.
    bool useProfile(const core::CalibrationProfile& profile, const QString& path, QString* error);
    // Asks for a profile file and makes the plan use it.
    bool chooseProfile();
    bool loadProfile(const QString& path, QString* error);
    // The plan without its profile, as one undoable step.
    bool stopUsingProfile();

    // Replaces the dialog that shows a calibration (tests): returns whether to use the profile.
    void setReview(std::function<bool(QWidget*, const core::Calibration&)> review) {
        review_ = std::move(review);
    }

    [[nodiscard]] QAction* calibrateAction() const { return calibrate_; }
    [[nodiscard]] QAction* addToSetAction() const { return addToSet_; }
    [[nodiscard]] QAction* readLogAction() const { return readLog_; }
    [[nodiscard]] QAction* useProfileAction() const { return useProfile_; }
    [[nodiscard]] QAction* stopUsingProfileAction() const { return stopUsing_; }

private:
    [[nodiscard]] QString folder() const;

    PlanDocument* document_;
    const Prompts* prompts_;
    QWidget* window_;
    QString runsFile_;
    std::function<bool(QWidget*, const core::Calibration&)> review_;
    QAction* readLog_ = nullptr;
    QAction* addToSet_ = nullptr;
    QAction* calibrate_ = nullptr;
    QAction* useProfile_ = nullptr;
    QAction* stopUsing_ = nullptr;
};

}  // namespace fourfold::ui
