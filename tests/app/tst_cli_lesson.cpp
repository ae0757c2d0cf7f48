// SPDX-License-Identifier: MIT
// fourfold-cli lesson: the built-in lesson printed with its figures in either language, one
// step on request, and malformed lessons refused with FILE:LINE:COLUMN and exit status 1.
#include "cli_test_util.h"

#include <QFileInfo>
#include <QTest>

#include <string>

using namespace fourfold::test;

namespace {

const std::string kArticle = FOURFOLD_SOURCE_DIR "/resources/lessons/article.json";

bool has(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

}  // namespace

class TestCliLesson : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void printsTheBuiltInLessonWithItsFigures() {
        const CliRun result = run({"lesson", kArticle});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.err.empty(), result.err.c_str());  // no figure left unresolved
        QVERIFY(has(result.out, "== Step 1/18:"));
        QVERIFY(has(result.out, "== Step 18/18:"));
        // b = 4, a = 8, n = 8 → 256; p = 4, m = 8 → 3/11; 16 bytes per parameter.
        QVERIFY(has(result.out, "B = b × a × dp = 4 × 8 × 8 = 256"));
        QVERIFY(has(result.out, "= 27.3 %"));
        QVERIFY(has(result.out, "That is 16 B per parameter"));
        QVERIFY(has(result.out, "5.71×"));
        QVERIFY(has(result.out, "71.4 %"));
    }

    void printsOneStepInChinese() {
        const CliRun result = run({"lesson", kArticle, "--lang", "zh_CN", "--step", "9"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(has(result.out, "沿四条轴拆分训练"));
        QVERIFY(has(result.out, "== Step 9/18:"));
        QVERIFY(!has(result.out, "== Step 8/18:"));
        QVERIFY(!has(result.out, "== Step 10/18:"));
        QVERIFY(has(result.out, "(p − 1) / (m + p − 1) = (4 − 1) / (8 + 4 − 1) = 27.3 %"));
    }

    void showsBytesInGib() {
        const CliRun gb = run({"lesson", kArticle, "--step", "1"});
        const CliRun gib = run({"lesson", kArticle, "--step", "1", "--gib"});
        QCOMPARE(gib.exitCode, 0);
        // The RTX 4090 has 24 GiB: 25.8 GB.
        QVERIFY(has(gb.out, "holds 25.8 GB"));
        QVERIFY(has(gib.out, "holds 24.0 GiB"));
    }

    void refusesMalformedLessonsWithTheirPosition_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("truncated") << "{\n  \"title\": \"T\",\n  \"steps\": ["
                                   << ":3:13: error: ";
        QTest::newRow("unknown-placeholder")
            << "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\", \"steps\": [\n"
               "  {\"id\": \"a\", \"title\": \"A\", \"text\": \"B = {global_bach}\"}]}"
            << ":2:42: error: `/steps/0/text` quotes the figure \"global_bach\"";
        QTest::newRow("bad-patch")
            << "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\", \"steps\": [\n"
               "  {\"id\": \"a\", \"title\": \"A\", \"text\": \"x\",\n"
               "   \"patch\": {\"parallel\": {\"pp\": 0}}}]}"
            << ":3:33: error: the patch at `/steps/0/patch` does not apply";
    }
    void refusesMalformedLessonsWithTheirPosition() {
        QFETCH(QString, text);
        QFETCH(QString, where);
        const std::string path = writeFile(dir_, QStringLiteral("bad.json"), text.toStdString());
        const CliRun result = run({"lesson", path});
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.out.empty());
        QVERIFY2(has(result.err, path + where.toStdString()), result.err.c_str());
    }

    void reportsUsageAndFileErrors() {
        QCOMPARE(run({"lesson"}).exitCode, 2);
        QCOMPARE(run({"lesson", kArticle, "--step", "0"}).exitCode, 2);
        QCOMPARE(run({"lesson", kArticle, "--step", "19"}).exitCode, 2);
        QCOMPARE(run({"lesson", kArticle, "--lang"}).exitCode, 2);
        QCOMPARE(run({"lesson", kArticle, "--lang", "../x"}).exitCode, 2);
        const CliRun missing = run({"lesson", kArticle, "--lang", "fr"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(has(missing.err, "article.fr.json"));
        QCOMPARE(run({"lesson", kArticle, "--bogus"}).exitCode, 2);
    }

    // A lesson holds at most 1 MiB, and no more than that is read: /dev/zero, which was read
    // until memory ran out (2.2 GB in 4 s), is refused at once, as is a directory.
    void readsNoFurtherThanALessonMayHold() {
        if (QFileInfo::exists(QStringLiteral("/dev/zero"))) {
            const CliRun zero = run({"lesson", "/dev/zero"});
            QCOMPARE(zero.exitCode, 2);
            QVERIFY2(has(zero.err, "larger than the 1048576 bytes a lesson file may hold"),
                     zero.err.c_str());
        }
        const CliRun directory = run({"lesson", FOURFOLD_SOURCE_DIR});
        QCOMPARE(directory.exitCode, 2);
        QVERIFY2(has(directory.err, "is a directory"), directory.err.c_str());
    }

    void isListedInTheMainHelp() {
        const CliRun help = run({"--help"});
        QVERIFY(has(help.out, "lesson FILE [--step N] [--lang LANG]"));
        const CliRun own = run({"lesson", "--help"});
        QCOMPARE(own.exitCode, 0);
        QVERIFY(has(own.out, "Usage: fourfold-cli lesson FILE"));
    }
};

QTEST_GUILESS_MAIN(TestCliLesson)
#include "tst_cli_lesson.moc"
