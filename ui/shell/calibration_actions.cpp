// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/calibration_actions.h"

#include "core/calibrate/runs_file.h"
#include "core/measure/measured_log.h"
#include "core/measure/measured_log_json.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/plan_title.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"
#include "ui/shell/calibration_dialog.h"

#include <QAction>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QSaveFile>

namespace fourfold::ui {
namespace {

// At most `limit` bytes of the file, or why not.
std::optional<std::string> readLimited(const QString& path, std::size_t limit, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = file.errorString();
        return std::nullopt;
    }
    if (file.size() > static_cast<qint64>(limit)) {
        if (error) *error = CalibrationActions::tr("The file is too large.");
        return std::nullopt;
    }
    const QByteArray bytes = file.read(static_cast<qint64>(limit));
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

bool writeText(const QString& path, const std::string& text, QString* error) {
    QSaveFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(text);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

QString firstErrors(const std::vector<core::Diagnostic>& diagnostics) {
    QStringList lines;
    for (const core::Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity == core::Severity::Error) lines << localizedDescription(diagnostic);
        if (lines.size() == 5) break;
    }
    return lines.join(QLatin1Char('\n'));
}

QString jsonFilter() { return CalibrationActions::tr("JSON files (*.json);;All files (*)"); }

bool hasMeasuredFigure(const core::MeasuredFigures& m) {
    return m.stepTimeS || m.tokensPerSPerGpu || m.samplesPerS || m.tflopsPerGpu || m.mfu ||
           m.peakBytes || !m.peakBytesPerStage.empty();
}

}  // namespace

CalibrationActions::CalibrationActions(PlanDocument* document, const Prompts* prompts,
                                       QWidget* window)
    : QObject(window), document_(document), prompts_(prompts), window_(window) {
    review_ = [](QWidget* parent, const core::Calibration& calibration) {
        CalibrationDialog dialog(calibration, parent);
        return dialog.exec() == QDialog::Accepted;
    };
    readLog_ = new QAction(tr("Measured Figures from &Log\u2026"), this);
    readLog_->setObjectName(QStringLiteral("readLogAction"));
    readLog_->setToolTip(
        tr("Read step time, throughput and peak memory from a Megatron-LM, "
           "torchtitan, DeepSpeed, Hugging Face or PyTorch training log"));
    connect(readLog_, &QAction::triggered, this, [this] { chooseLog(); });
    addToSet_ = new QAction(tr("&Add to Calibration Set\u2026"), this);
    addToSet_->setObjectName(QStringLiteral("addToCalibrationSetAction"));
    addToSet_->setToolTip(tr("Append this plan and what was measured to a runs file"));
    connect(addToSet_, &QAction::triggered, this, [this] { addToCalibrationSet(); });
    calibrate_ = new QAction(tr("&Calibrate\u2026"), this);
    calibrate_->setObjectName(QStringLiteral("calibrateAction"));
    calibrate_->setToolTip(tr("Fit the efficiencies to a runs file and use the fitted profile"));
    connect(calibrate_, &QAction::triggered, this, [this] { calibrate(); });
    useProfile_ = new QAction(tr("&Use Calibration Profile\u2026"), this);
    useProfile_->setObjectName(QStringLiteral("useProfileAction"));
    connect(useProfile_, &QAction::triggered, this, [this] { chooseProfile(); });
    stopUsing_ = new QAction(tr("&Stop Using the Profile"), this);
    stopUsing_->setObjectName(QStringLiteral("stopUsingProfileAction"));
    connect(stopUsing_, &QAction::triggered, this, [this] { stopUsingProfile(); });
}

void CalibrationActions::addToMenu(QMenu* menu) {
    QMenu* calibration = menu->addMenu(tr("&Calibration"));
    calibration->setObjectName(QStringLiteral("calibrationMenu"));
    calibration->addAction(readLog_);
    calibration->addAction(addToSet_);
    calibration->addSeparator();
    calibration->addAction(calibrate_);
    calibration->addAction(useProfile_);
    calibration->addAction(stopUsing_);
    connect(calibration, &QMenu::aboutToShow, this,
            [this] { stopUsing_->setEnabled(!document_->plan().cluster.profile.empty()); });
}

QString CalibrationActions::folder() const {
    return document_->filePath().isEmpty() ? QDir::homePath()
                                           : QFileInfo(document_->filePath()).absolutePath();
}

bool CalibrationActions::isTrainingLog(const QString& path) {
    const auto text = readLimited(path, core::kMaxLogBytes, nullptr);
    return text && !core::readMeasuredLog(*text).figures.empty();
}

bool CalibrationActions::chooseLog() {
    const QString path =
        prompts_->openFileName(window_, tr("Measured Figures from Log"), folder(),
                               tr("Training logs (*.log *.txt *.out *.err);;All files (*)"));
    return !path.isEmpty() && readLog(path);
}

bool CalibrationActions::readLog(const QString& path) {
    QString error;
    const auto text = readLimited(path, core::kMaxLogBytes, &error);
    if (!text) {
        prompts_->showError(window_, tr("Could not read the log"), error);
        return false;
    }
    const core::MeasuredLog log = core::readMeasuredLog(*text);
    if (log.figures.empty()) {
        prompts_->showError(
            window_, tr("Could not read the log"),
            QString::fromStdString(core::measuredLogReport(
                                       log, QFileInfo(path).fileName().toStdString(), uiLanguage()))
                .trimmed());
        return false;
    }
    const core::MeasuredFigures measured = log.measured;
    PlanEdit edit;
    edit.text = tr("Read measured figures from %1").arg(QFileInfo(path).fileName());
    edit.change = [measured](core::Plan& plan) { plan.measured = measured; };
    document_->apply(edit);
    return true;
}

bool CalibrationActions::addToCalibrationSet() {
    const core::Plan& plan = document_->plan();
    if (!hasMeasuredFigure(plan.measured)) {
        prompts_->showError(window_, tr("Nothing measured yet"),
                            tr("Give what the run measured first: a step time, tokens/s per GPU "
                               "or peak memory in Controls \u25b8 Measured, or read them from its "
                               "log (Edit \u25b8 Calibration \u25b8 Measured Figures from Log)."));
        return false;
    }
    if (runsFile_.isEmpty()) {
        const QString chosen = prompts_->saveFileName(
            window_, tr("Calibration Set"), QDir(folder()).filePath(QStringLiteral("runs.json")),
            jsonFilter());
        if (chosen.isEmpty()) return false;
        runsFile_ = chosen;
    }
    QString error;
    std::string existing;
    if (QFileInfo::exists(runsFile_)) {
        const auto text = readLimited(runsFile_, core::kMaxRunsBytes, &error);
        if (!text) {
            prompts_->showError(window_, tr("Could not add the run"), error);
            return false;
        }
        existing = *text;
    }
    const std::string source =
        core::planTitle(plan) + ", " + QDate::currentDate().toString(Qt::ISODate).toStdString();
    const auto appended = core::runsWithRun(existing, plan, source);
    if (!appended) {
        prompts_->showError(window_, tr("Could not add the run"),
                            tr("\"%1\" is not a runs file.").arg(runsFile_));
        return false;
    }
    if (!writeText(runsFile_, *appended, &error)) {
        prompts_->showError(window_, tr("Could not add the run"), error);
        return false;
    }
    return true;
}

std::optional<core::Calibration> CalibrationActions::fitRunsFile(const QString& path,
                                                                 QString* error) const {
    const auto text = readLimited(path, core::kMaxRunsBytes, error);
    if (!text) return std::nullopt;
    const QDir base = QFileInfo(path).absoluteDir();
    const core::RunsParse runs =
        core::parseRuns(*text, [base](const std::string& named, std::size_t limit) {
            QString problem;
            auto read = readLimited(base.filePath(QString::fromStdString(named)), limit, &problem);
            return core::FileText{std::move(read), problem.toStdString()};
        });
    if (runs.runs.empty()) {
        if (error) *error = firstErrors(runs.diagnostics);
        return std::nullopt;
    }
    core::CalibrationOptions options;
    options.name = runs.name.empty() ? QFileInfo(path).completeBaseName().toStdString() : runs.name;
    options.fitted = QDate::currentDate().toString(Qt::ISODate).toStdString();
    core::Calibration calibration = core::calibrate(runs.runs, options);
    // What the runs file's reader said about runs it left out comes first.
    calibration.diagnostics.insert(calibration.diagnostics.begin(), runs.diagnostics.begin(),
                                   runs.diagnostics.end());
    if (calibration.rows.empty()) {
        if (error) *error = firstErrors(calibration.diagnostics);
        return std::nullopt;
    }
    return calibration;
}

bool CalibrationActions::calibrate() {
    QString path = runsFile_;
    if (path.isEmpty()) {
        path = prompts_->openFileName(window_, tr("Calibrate"), folder(), jsonFilter());
        if (path.isEmpty()) return false;
    }
    QString error;
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const auto calibration = fitRunsFile(path, &error);
    QGuiApplication::restoreOverrideCursor();
    if (!calibration) {
        prompts_->showError(window_, tr("Could not calibrate"), error);
        return false;
    }
    if (!review_(window_, *calibration)) return false;
    const QString target = prompts_->saveFileName(
        window_, tr("Save Calibration Profile"),
        QFileInfo(path).absoluteDir().filePath(QStringLiteral("profile.json")), jsonFilter());
    if (target.isEmpty()) return false;
    if (!useProfile(calibration->profile, target, &error)) {
        prompts_->showError(window_, tr("Could not save the profile"), error);
        return false;
    }
    return true;
}

bool CalibrationActions::useProfile(const core::CalibrationProfile& profile, const QString& path,
                                    QString* error) {
    if (!writeText(path, core::profileToJson(profile), error)) return false;
    core::ProfileReference reference{QFileInfo(path).absoluteFilePath().toStdString(), profile};
    PlanEdit edit;
    edit.text = tr("Use calibration profile %1").arg(QFileInfo(path).fileName());
    edit.change = [reference](core::Plan& plan) { plan.cluster.profile = reference; };
    document_->apply(edit);
    return true;
}

bool CalibrationActions::chooseProfile() {
    const QString path =
        prompts_->openFileName(window_, tr("Use Calibration Profile"), folder(), jsonFilter());
    if (path.isEmpty()) return false;
    QString error;
    if (!loadProfile(path, &error)) {
        prompts_->showError(window_, tr("Could not use the profile"), error);
        return false;
    }
    return true;
}

bool CalibrationActions::loadProfile(const QString& path, QString* error) {
    const auto text = readLimited(path, core::kMaxProfileBytes, error);
    if (!text) return false;
    const core::ProfileParse parse = core::parseProfile(*text);
    if (!parse.profile) {
        if (error) *error = firstErrors(parse.diagnostics);
        return false;
    }
    core::ProfileReference reference{QFileInfo(path).absoluteFilePath().toStdString(),
                                     *parse.profile};
    PlanEdit edit;
    edit.text = tr("Use calibration profile %1").arg(QFileInfo(path).fileName());
    edit.change = [reference](core::Plan& plan) { plan.cluster.profile = reference; };
    document_->apply(edit);
    return true;
}

bool CalibrationActions::stopUsingProfile() {
    PlanEdit edit;
    edit.text = tr("Stop using the calibration profile");
    edit.change = [](core::Plan& plan) { plan.cluster.profile = {}; };
    return document_->apply(edit);
}

}  // namespace fourfold::ui
