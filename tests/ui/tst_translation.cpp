// SPDX-License-Identifier: GPL-3.0-or-later
// The main window in Simplified Chinese: with the zh_CN translation applied (as `--lang zh_CN`
// does), the menus, the controls dock's labels and the views' titles read in Chinese, every
// lookup of Fourfold's own strings finds a translation, the Diagnostics dock renders the
// core's diagnostics in Chinese with their numbers, and a formula tooltip names its terms in
// Chinese. The language setting round-trips and `--lang` is parsed.
#include "tests/core/search_plans.h"
#include "tests/ui/mnemonics.h"
#include "tests/ui/window_fixture.h"

#include "app/gui/app_runner.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_title.h"
#include "ui/compare/compare_pane.h"
#include "ui/document/plan_document.h"
#include "ui/document/undo_ids.h"
#include "ui/search/search_view.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/language.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/summary_strip.h"
#include "ui/widgets/view_grid.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace fourfold;
using namespace fourfold::ui;

namespace {

bool hasChinese(const QString& text) {
    for (const QChar c : text) {
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff) return true;
    }
    return false;
}

// A text with no Chinese that has words of English (three letters or more) outside product and
// format names, which stay as they are in Chinese too.
bool looksEnglish(QString text) {
    if (hasChinese(text)) return false;
    static const QStringList kept = {QStringLiteral("Fourfold"),
                                     QStringLiteral("English"),
                                     QStringLiteral("Flash Attention"),
                                     QStringLiteral("Megatron-LM"),
                                     QStringLiteral("DeepSpeed"),
                                     QStringLiteral("torchtitan"),
                                     QStringLiteral("ZeRO"),
                                     QStringLiteral("GPU"),
                                     QStringLiteral("MFU"),
                                     QStringLiteral("FFN"),
                                     QStringLiteral("GiB"),
                                     QStringLiteral("FP32"),
                                     QStringLiteral("BF16"),
                                     QStringLiteral("FP16"),
                                     QStringLiteral("FP8"),
                                     QStringLiteral("rank"),
                                     QStringLiteral("token"),
                                     QStringLiteral("Rank"),
                                     QStringLiteral("FSDP"),
                                     QStringLiteral("PNG"),
                                     QStringLiteral("SVG"),
                                     QStringLiteral("PDF"),
                                     QStringLiteral("NVMe"),
                                     QStringLiteral("CPU")};
    for (const QString& word : kept) text.remove(word);
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    return word.match(text).hasMatch();
}

// Records every lookup of Fourfold's own strings that the translation does not answer.
class RecordingTranslator : public QTranslator {
public:
    bool loadChinese() { return inner_.load(QStringLiteral(":/i18n/fourfold_zh_CN.qm")); }
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* source, const char* disambiguation,
                      int n) const override {
        const QString found = inner_.translate(context, source, disambiguation, n);
        const QString name = QString::fromUtf8(context);
        const bool ours = name.startsWith(QLatin1String("fourfold")) ||
                          name == QLatin1String("ExplainedText") ||
                          name == QLatin1String("ControlsText");
        if (found.isEmpty() && ours && source != nullptr && *source != '\0') {
            misses << name + QStringLiteral(" / ") + QString::fromUtf8(source);
        }
        return found;
    }
    mutable QStringList misses;

private:
    QTranslator inner_;
};

void collectMenuTexts(const QMenu* menu, QStringList* texts) {
    for (QAction* action : menu->actions()) {
        if (action->isSeparator()) continue;
        // The language names are written in their own language on purpose.
        if (action->data().toString() == QLatin1String("en")) continue;
        texts->append(action->text());
        if (action->menu() != nullptr) collectMenuTexts(action->menu(), texts);
    }
}

}  // namespace

class TestTranslation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
        QCOMPARE(uiLanguage(), core::Language::English);
        QVERIFY(applyLanguage(*QCoreApplication::instance(), core::Language::SimplifiedChinese));
        QCOMPARE(uiLanguage(), core::Language::SimplifiedChinese);
        QCOMPARE(uiLanguageCode(), QStringLiteral("zh_CN"));
        QVERIFY(recorder_.loadChinese());
        QCoreApplication::installTranslator(&recorder_);
    }
    void cleanupTestCase() {
        QCoreApplication::removeTranslator(&recorder_);
        QVERIFY(applyLanguage(*QCoreApplication::instance(), core::Language::English));
        QCOMPARE(uiLanguage(), core::Language::English);
    }

    void menusAreChinese() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        QStringList texts;
        for (QAction* action : window.menuBar()->actions()) {
            texts << action->text();
            if (action->menu() != nullptr) collectMenuTexts(action->menu(), &texts);
        }
        QVERIFY(texts.size() >= 30);
        QVERIFY(texts.contains(QStringLiteral("文件(&F)")));
        QVERIFY(texts.contains(QStringLiteral("语言(&L)")));
        QVERIFY(texts.contains(QStringLiteral("\u7b80\u4f53\u4e2d\u6587")));
        QStringList english;
        for (const QString& text : std::as_const(texts)) {
            if (!hasChinese(text) || looksEnglish(text)) english << text;
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));
        // Translated mnemonics are chosen afresh; within a menu each still reaches one entry.
        const QStringList clashes = testing::menuMnemonicClashes(*window.menuBar());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    }

    void controlsAndTitlesAreChinese() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        QVERIFY(hasChinese(window.controlsDock()->windowTitle()));
        QVERIFY(hasChinese(window.diagnosticsDock()->windowTitle()));
        QStringList english;
        for (ViewPane* pane : window.viewGrid()->panes()) {
            if (!hasChinese(pane->title())) english << pane->title();
        }
        for (EvaluationView* view : window.views()) {
            if (!hasChinese(view->title())) english << view->title();
        }
        int checked = 0;
        QWidget* controls = window.controlsDock()->widget();
        for (const QLabel* label : controls->findChildren<QLabel*>()) {
            if (!label->isVisibleTo(controls) || label->text().isEmpty()) continue;
            ++checked;
            if (looksEnglish(label->text())) english << label->text();
        }
        for (const QAbstractButton* button : controls->findChildren<QAbstractButton*>()) {
            if (!button->isVisibleTo(controls) || button->text().isEmpty()) continue;
            ++checked;
            if (looksEnglish(button->text())) english << button->text();
            if (!button->toolTip().isEmpty() && looksEnglish(button->toolTip())) {
                english << button->toolTip();
            }
        }
        for (const QGroupBox* box : controls->findChildren<QGroupBox*>()) {
            if (!box->title().isEmpty() && !hasChinese(box->title())) english << box->title();
        }
        QVERIFY(checked >= 20);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));
        // Alt+letter means one thing in Chinese too: the dock's letters and the menu bar's.
        QMap<QChar, QString> taken;
        QStringList clashes;
        const auto claim = [&taken, &clashes](const QString& text) {
            const QChar letter = testing::mnemonicOf(text);
            if (letter.isNull()) return;
            if (taken.contains(letter)) clashes << taken.value(letter) + QLatin1Char('/') + text;
            taken.insert(letter, text);
        };
        for (QAction* action : window.menuBar()->actions()) claim(action->text());
        for (const QLabel* label : controls->findChildren<QLabel*>()) claim(label->text());
        for (const QAbstractButton* button : controls->findChildren<QAbstractButton*>()) {
            claim(button->text());
        }
        QVERIFY2(taken.size() >= 20, qPrintable(QString::number(taken.size())));
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
        QVERIFY2(recorder_.misses.isEmpty(), qPrintable(recorder_.misses.join(QLatin1Char('\n'))));
    }

    // The rank map's tab and every throughput unit read in Chinese, "rank" and "token" too: the
    // pane titles, the summary strip's captions and figures, the step-time figures, the search
    // table's headings and the comparison's figure names.
    void rankMapTabAndThroughputUnitsAreChinese() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        static const QRegularExpression latinWord(QStringLiteral("\\b([Rr]ank|[Tt]okens?)\\b"));
        QStringList english;
        QStringList checked;
        const auto check = [&](const QString& text) {
            if (text.isEmpty()) return;
            checked << text;
            if (latinWord.match(text).hasMatch()) english << text;
        };
        for (ViewPane* pane : window.viewGrid()->panes()) check(pane->title());
        for (EvaluationView* view : window.views()) check(view->title());
        QVERIFY(checked.contains(QStringLiteral("进程映射")));
        for (const QLabel* label : window.summaryStrip()->findChildren<QLabel*>()) {
            check(label->text());
        }
        for (const QLabel* label : window.views().at(3)->findChildren<QLabel*>()) {
            check(label->text());
        }
        window.showSearch();
        const QAbstractItemModel* model = window.searchView()->table()->model();
        for (int column = 0; column < model->columnCount(); ++column) {
            check(model->headerData(column, Qt::Horizontal).toString());
        }
        window.pinAction()->trigger();
        QTRY_VERIFY(window.comparePane()->figuresTable()->rowCount() > 0);
        for (int row = 0; row < window.comparePane()->figuresTable()->rowCount(); ++row) {
            check(window.comparePane()->figuresTable()->item(row, 0)->text());
        }
        QVERIFY(checked.size() >= 30);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));
        QVERIFY2(recorder_.misses.isEmpty(), qPrintable(recorder_.misses.join(QLatin1Char('\n'))));
    }

    // Global batch 2048 with b 4, a 8, dp 8 gives 256: the warning reads in Chinese with them.
    // Undo names the edit in Chinese; a Chinese value sits in it without spaces, a Latin one
    // keeps them.
    void undoTextReadsInChinese() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        auto* recompute =
            window.controlsDock()->findChild<QComboBox*>(QStringLiteral("recomputeCombo"));
        auto* precision =
            window.controlsDock()->findChild<QComboBox*>(QStringLiteral("precisionCombo"));
        QVERIFY(recompute && precision);
        const int full = recompute->findData(static_cast<int>(core::Recompute::Full));
        QVERIFY(full >= 0);
        recompute->setCurrentIndex(full);
        emit recompute->activated(full);
        QCOMPARE(document.plan().training.recompute, core::Recompute::Full);
        QCOMPARE(document.undoStack()->undoText(), QStringLiteral("将重计算设为完全（每一层）"));
        const int fp8 = precision->findData(static_cast<int>(core::Precision::Fp8));
        QVERIFY(fp8 >= 0);
        precision->setCurrentIndex(fp8);
        emit precision->activated(fp8);
        QCOMPARE(document.undoStack()->undoText(), QStringLiteral("将精度设为 FP8"));
    }

    // The fit advice joins its two sentences as Chinese is written: no space after "。".
    void fitHeadlineJoinsSentencesWithoutSpaces() {
        PlanDocument document(test::gpt3OnDefaultCluster());
        MainWindow window(&document);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        QVERIFY(document.evaluation()->memory && document.evaluation()->memory->fits);
        auto* headline = window.findChild<QLabel*>(QStringLiteral("fitHeadline"));
        QVERIFY(headline);
        const QString text = headline->text();
        QVERIFY2(text.contains(QStringLiteral("余量。放得下的最大微批次")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("。 ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(" GB 还有")), qPrintable(text));  // Latin keeps
    }

    // The words around proper names read in Chinese: a name made from the plan's content in
    // the window title (the model and GPU names stay as they are), the status bar's counts, the
    // model chooser's headings and presets, the links' names; and the Diagnostics dock names
    // each field as the controls do, never by its JSON pointer.
    void namesCountsAndFieldsReadInChinese() {
        const core::Plan plan = test::onOneRtx4090();
        PlanDocument document(plan);
        MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        QVERIFY2(window.windowTitle().startsWith(QStringLiteral("1 块 RTX 4090 上的 Llama-2 7B")),
                 qPrintable(window.windowTitle()));
        QCOMPARE(document.plan().name, std::string("Llama-2 7B on 1 x RTX 4090"));
        QVERIFY2(window.statusText().endsWith(QStringLiteral("1 个节点 × 每节点 1 块 GPU")),
                 qPrintable(window.statusText()));
        QVERIFY2(!looksEnglish(window.statusText()), qPrintable(window.statusText()));

        static const QRegularExpression worded(
            QStringLiteral("\\b(Generic|total|per|Ethernet|model|layer)\\b"));
        QStringList english;
        int items = 0;
        for (const char* name : {"modelPresetCombo", "intraNodeCombo", "interNodeCombo"}) {
            const auto* combo = window.findChild<QComboBox*>(QString::fromLatin1(name));
            QVERIFY2(combo, name);
            for (int index = 0; index < combo->count(); ++index, ++items) {
                if (worded.match(combo->itemText(index)).hasMatch()) {
                    english << combo->itemText(index);
                }
            }
        }
        QVERIFY(items > 30);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));

        // The 7B model does not fit one 24 GB card: a problem of the whole memory ("/memory").
        const QListWidget* list = window.diagnosticsList()->list();
        QTRY_VERIFY(window.diagnosticsList()->hasProblems());
        bool named = false;
        for (int row = 0; row < list->count(); ++row) {
            const QString text = list->item(row)->text();
            static const QRegularExpression pointer(QStringLiteral("[（(]/[a-z]"));
            QVERIFY2(!pointer.match(text).hasMatch(), qPrintable(text));
            named = named || text.endsWith(QStringLiteral("（显存）"));
        }
        QVERIFY2(named, qPrintable(list->item(0)->text()));
        QVERIFY(recorder_.misses.isEmpty());
    }

    // In Chinese at 1024 × 768 with the search open below the views, the controls' spin boxes
    // still show their whole values (the search's dock took the controls' width before).
    void spinBoxesShowWholeValuesBesideTheSearch() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.resize(1024, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.showSearch();
        QTRY_VERIFY(window.searchDock()->isVisible());
        QTest::qWait(50);
        QWidget* controls = window.controlsDock()->widget();
        const auto* scroll = controls->findChild<QAbstractScrollArea*>();
        QVERIFY(scroll);
        const QWidget* viewport = scroll->viewport();
        QStringList cut;
        int checked = 0;
        for (const QAbstractSpinBox* spin : controls->findChildren<QAbstractSpinBox*>()) {
            if (!spin->isVisibleTo(controls)) continue;
            const auto* edit = spin->findChild<QLineEdit*>();
            QVERIFY(edit);
            ++checked;
            // The whole box inside the panel's width (the panel never scrolls sideways), and
            // its text's advance inside the line edit with its two-pixel margins.
            const QRect box(spin->mapTo(viewport, QPoint(0, 0)), spin->size());
            const int needed = edit->fontMetrics().horizontalAdvance(edit->text()) + 4;
            if (box.right() > viewport->width() || edit->width() < needed) {
                cut << QStringLiteral("%1 \"%2\" to x = %3 in %4 px, text %5 < %6 px")
                           .arg(spin->objectName(), edit->text())
                           .arg(box.right())
                           .arg(viewport->width())
                           .arg(edit->width())
                           .arg(needed);
            }
        }
        QVERIFY(checked >= 10);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    }

    void diagnosticsDockIsChinese() {
        core::Plan plan = core::defaultPlan();
        plan.training.microBatch = 4;
        plan.training.gradAccumulation = 8;
        plan.parallel.dp = 8;
        plan.training.globalBatch = 2048;
        PlanDocument document(plan);
        MainWindow window(&document);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        const QListWidget* list = window.diagnosticsList()->list();
        QVERIFY(list->count() >= 1);
        bool found = false;
        for (int row = 0; row < list->count(); ++row) {
            const QString text = list->item(row)->text();
            QVERIFY2(hasChinese(text), qPrintable(text));
            if (text.contains(QStringLiteral(
                    "全局批次 2048 不等于 微批次 4 × 梯度累积 8 × 数据并行 8 = 256"))) {
                found = true;
            }
        }
        QVERIFY2(found, qPrintable(list->item(0)->text()));
        QVERIFY(hasChinese(window.diagnosticsList()->title()));
    }

    // The summary strip's global batch explains B = b × a × dp with Chinese term names.
    void formulaTooltipNamesTermsInChinese() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        QTRY_VERIFY(!document.isEvaluationPending());
        QString tips;
        for (const QLabel* label : window.summaryStrip()->findChildren<QLabel*>()) {
            tips += label->toolTip() + QLatin1Char('\n');
        }
        QVERIFY2(tips.contains(QStringLiteral("微批次大小")), qPrintable(tips));
        QVERIFY(tips.contains(QStringLiteral("梯度累积步数")));
        QVERIFY(tips.contains(QStringLiteral("数据并行副本数")));
        QVERIFY(tips.contains(QStringLiteral("b × a × dp")));
        QVERIFY(!tips.contains(QStringLiteral("micro-batch size")));
    }

    void languageSettingRoundTrips() {
        AppSettings& settings = AppSettings::instance();
        QCOMPARE(settings.language(), QString());
        settings.setLanguage(QStringLiteral("zh_CN"));
        AppSettings::instance().reload();
        QCOMPARE(settings.language(), QStringLiteral("zh_CN"));
        settings.setLanguage(QStringLiteral("klingon"));
        QCOMPARE(settings.language(), QString());
        QCOMPARE(resolveLanguage(QString(), QLocale(QLocale::Chinese, QLocale::China)),
                 core::Language::SimplifiedChinese);
        QCOMPARE(resolveLanguage(QString(), QLocale(QLocale::German, QLocale::Germany)),
                 core::Language::English);
        QCOMPARE(resolveLanguage(QStringLiteral("en"), QLocale(QLocale::Chinese, QLocale::China)),
                 core::Language::English);
        QCOMPARE(resolveLanguage(QStringLiteral("zh_CN"), QLocale(QLocale::English)),
                 core::Language::SimplifiedChinese);
    }

    // `--lang` picks the language before the window is built; a language it does not know is a
    // usage error (exit code 2), like any other bad argument.
    void langOptionChoosesTheLanguage() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        auto* application = qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(application);
        const QString path = folder.filePath(QStringLiteral("en.png"));
        QCOMPARE(
            app::runApplication(*application,
                                {QStringLiteral("fourfold"), QStringLiteral("--lang"),
                                 QStringLiteral("en"), QStringLiteral("--size"),
                                 QStringLiteral("640x400"), QStringLiteral("--screenshot"), path}),
            0);
        QVERIFY(QFileInfo::exists(path));
        QCOMPARE(uiLanguage(), core::Language::English);
        QCOMPARE(app::runApplication(
                     *application,
                     {QStringLiteral("fourfold"), QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                      QStringLiteral("--size"), QStringLiteral("640x400"),
                      QStringLiteral("--screenshot"), folder.filePath(QStringLiteral("zh.png"))}),
                 0);
        QCOMPARE(uiLanguage(), core::Language::SimplifiedChinese);
        QCOMPARE(QCoreApplication::translate("fourfold::ui::MainWindow", "&File"),
                 QStringLiteral("文件(&F)"));
        const QString never = folder.filePath(QStringLiteral("never.png"));
        QCOMPARE(app::runApplication(*application,
                                     {QStringLiteral("fourfold"), QStringLiteral("--lang"),
                                      QStringLiteral("fr"), QStringLiteral("--screenshot"), never}),
                 2);
        QVERIFY(!QFileInfo::exists(never));
    }

private:
    RecordingTranslator recorder_;
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
