// SPDX-License-Identifier: GPL-3.0-or-later
// SearchView: the auto-planner panel. The objective and the filters (fits only, schedule, ZeRO
// stage, how many to show), Search with a progress bar and Cancel; the best layouts in a
// sortable table, peak memory against tokens/s in a scatter with the Pareto front, and where
// the current plan stands ("Why not mine?"). The search runs off the GUI thread (SearchRunner)
// and fills the table and the scatter as it goes, the best so far in order, a few times a
// second; a new search shows the previous one's rows until it has rows of its own, and Cancel
// keeps the best of what was searched. Enter or a double-click applies a row's layout to the
// plan as one undoable step; the rows export as CSV or JSON. Every figure and the comparison
// come from the core.
// ui/search/ holds the auto-planner: unlike ui/views/, which only draws an Evaluation, it runs
// the engine's search (off the GUI thread) and shows its result.
#pragma once

#include "core/plan/plan.h"
#include "core/search/search.h"
#include "core/text/format.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QTimer;

namespace fourfold::ui {

class PlanDocument;
struct Prompts;
class SearchResultsModel;
class SearchRunner;
class SearchScatter;

class SearchView : public QWidget {
    Q_OBJECT
public:
    explicit SearchView(PlanDocument* document, QWidget* parent = nullptr);
    ~SearchView() override;

    [[nodiscard]] QString title() const { return tr("Best Layouts"); }
    void setByteUnits(core::ByteUnits units);
    // The file-name and error prompts the exports use (the window's); must outlive the view.
    void setPrompts(const Prompts* prompts) { prompts_ = prompts; }

    // Searches the document's plan with the chosen objective and filters.
    void startSearch();
    void cancelSearch();
    [[nodiscard]] bool isSearching() const;
    // What the filters ask for now.
    [[nodiscard]] core::SearchOptions searchOptions() const;
    // The result of the search whose rows are shown: the last to end (none before the first
    // ends), or, while a search runs and has found rows, the best it has found so far.
    [[nodiscard]] const std::optional<core::SearchResult>& result() const { return shown_.result; }
    // True while the rows are a running search's best so far.
    [[nodiscard]] bool showsRunningBest() const { return shown_.running; }
    // The shown rows as CSV (core/search/search_csv.h) or as the search JSON; false with a
    // message when the file cannot be written.
    bool exportCsv(const QString& path, QString* error) const;
    bool exportJson(const QString& path, QString* error) const;
    // Applies the layout of the model's row `row` to the plan, as one undoable step.
    void applyRow(int row);

    [[nodiscard]] QComboBox* objectiveBox() const { return objective_; }
    [[nodiscard]] QCheckBox* fitsOnlyBox() const { return fitsOnly_; }
    [[nodiscard]] QComboBox* scheduleBox() const { return schedule_; }
    [[nodiscard]] QComboBox* zeroBox() const { return zero_; }
    [[nodiscard]] QSpinBox* topBox() const { return top_; }
    [[nodiscard]] QPushButton* searchButton() const { return searchButton_; }
    [[nodiscard]] QPushButton* cancelButton() const { return cancelButton_; }
    [[nodiscard]] QPushButton* exportCsvButton() const { return exportCsvButton_; }
    [[nodiscard]] QPushButton* exportJsonButton() const { return exportJsonButton_; }
    [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
    [[nodiscard]] QTableView* table() const { return table_; }
    [[nodiscard]] SearchResultsModel* model() const { return model_; }
    [[nodiscard]] SearchScatter* scatter() const { return scatter_; }
    [[nodiscard]] QLabel* whyNotMine() const { return whyNot_; }
    [[nodiscard]] QLabel* statusLabel() const { return status_; }

signals:
    void searchFinished();
    // A row's layout went onto the document (one undo step).
    void rowApplied();

private:
    // A search and what it was asked: the one running, and the one whose rows are shown.
    struct SearchRun {
        core::SearchOptions options;
        core::Plan searched;  // the plan as it was when searched
        core::Plan base;      // what was searched (the whole card: no safety margin)
        std::optional<core::SearchResult> result;
        bool running = false;  // result holds the best so far
    };
    void buildFilters();
    void showRun(const core::SearchResult& result);
    void exportTo(bool csv);
    void onProgress(const core::SearchCounts& counts, const std::vector<core::SearchPoint>& points);
    void showRunningBest();
    void onFinished(const core::SearchResult& result);
    void setSearching(bool searching);
    void updateCurrent();
    void updateWhyNotMine();

    PlanDocument* document_;
    SearchRunner* runner_ = nullptr;
    QComboBox* objective_ = nullptr;
    QCheckBox* fitsOnly_ = nullptr;
    QComboBox* schedule_ = nullptr;
    QComboBox* zero_ = nullptr;
    QSpinBox* top_ = nullptr;
    QPushButton* searchButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QPushButton* exportCsvButton_ = nullptr;
    QPushButton* exportJsonButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableView* table_ = nullptr;
    SearchResultsModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    SearchScatter* scatter_ = nullptr;
    QLabel* whyNot_ = nullptr;
    QTimer* tableTimer_ = nullptr;  // the running best reaches the table at most every 250 ms
    const Prompts* prompts_ = nullptr;

    SearchRun pending_;                       // the search running or last run
    SearchRun shown_;                         // the search whose rows the table shows
    std::vector<core::SearchPoint> running_;  // the best so far, while it runs
    core::SearchCounts runningCounts_;
    core::ByteUnits units_ = core::ByteUnits::Decimal;
};

}  // namespace fourfold::ui
