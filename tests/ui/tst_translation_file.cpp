// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese translation is complete: every message of translations/*.ts has a
// translation that is neither unfinished nor empty and keeps the source's %1…%9, %n and its
// keyboard accelerator; and lupdate, run over ui/ and app/gui/ into a copy, finds no source
// string the file lacks and none it holds that the sources no longer have.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message {
    QString context;
    QString source;
    QStringList translations;  // one, or one per numerus form
    QString type;              // "unfinished", "vanished", "obsolete" or empty
};

QList<Message> readMessages(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const QStringView name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = Message{context, {}, {}, {}};
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            // Either text, or <numerusform> children.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters()) text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                    message.translations << xml.readElementText();
                }
                if (xml.isEndElement() && xml.name() == QLatin1String("translation")) break;
            }
            if (message.translations.isEmpty()) message.translations << text;
            messages << message;
        }
    }
    if (xml.hasError()) *error = xml.errorString();
    return messages;
}

QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%(\\d|n)"));
    QSet<QString> found;
    for (const QRegularExpressionMatch& match : pattern.globalMatch(text))
        found << match.captured();
    return found;
}

bool hasAccelerator(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("(^|[^&])&[^& ]"));
    return pattern.match(text).hasMatch();
}

QString where(const Message& message) {
    return message.context + QStringLiteral(" / \"") + message.source + QLatin1Char('"');
}

QStringList translationFiles() {
    return QDir(QStringLiteral(FOURFOLD_SOURCE_DIR "/translations"))
        .entryList({QStringLiteral("*.ts")}, QDir::Files);
}

}  // namespace

class TestTranslationFile : public QObject {
    Q_OBJECT
private slots:
    void everyMessageIsTranslated_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = translationFiles();
        QVERIFY(files.contains(QStringLiteral("fourfold_zh_CN.ts")));
        for (const QString& file : files) QTest::newRow(qPrintable(file)) << file;
    }
    void everyMessageIsTranslated() {
        QFETCH(QString, file);
        QString error;
        const QList<Message> messages =
            readMessages(QStringLiteral(FOURFOLD_SOURCE_DIR "/translations/") + file, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() >= 400);
        QStringList problems;
        for (const Message& message : messages) {
            if (!message.type.isEmpty()) {
                problems << message.type + QStringLiteral(": ") + where(message);
                continue;
            }
            for (const QString& translation : message.translations) {
                if (translation.trimmed().isEmpty() && !message.source.trimmed().isEmpty()) {
                    problems << QStringLiteral("empty: ") + where(message);
                } else if (placeholders(translation) != placeholders(message.source)) {
                    problems << QStringLiteral("placeholders differ: ") + where(message);
                } else if (hasAccelerator(message.source) && !hasAccelerator(translation)) {
                    problems << QStringLiteral("accelerator lost: ") + where(message);
                }
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // lupdate over the sources, into a copy: nothing new (unfinished) and nothing dropped.
    void lupdateFindsNothingMissing() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString original =
            QStringLiteral(FOURFOLD_SOURCE_DIR "/translations/fourfold_zh_CN.ts");
        const QString copy = dir.filePath(QStringLiteral("fourfold_zh_CN.ts"));
        QVERIFY(QFile::copy(original, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(FOURFOLD_SOURCE_DIR));
        lupdate.start(QStringLiteral(FOURFOLD_LUPDATE),
                      {QStringLiteral("ui"), QStringLiteral("app/gui"), QStringLiteral("-I"),
                       QStringLiteral("."), QStringLiteral("-extensions"), QStringLiteral("cpp,h"),
                       QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                       QStringLiteral("none"), QStringLiteral("-ts"), copy});
        QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
        QCOMPARE(lupdate.exitCode(), 0);

        QString error;
        const QList<Message> before = readMessages(original, &error);
        const QList<Message> after = readMessages(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing;
        for (const Message& message : after) {
            if (message.type == QLatin1String("unfinished")) missing << where(message);
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("source strings missing from the .ts (run lupdate "
                                           "and translate them):\n") +
                            missing.join(QLatin1Char('\n'))));
        QSet<QString> current;
        for (const Message& message : after)
            current << message.context + QLatin1Char('\x1f') + message.source;
        QStringList stale;
        for (const Message& message : before) {
            if (!current.contains(message.context + QLatin1Char('\x1f') + message.source)) {
                stale << where(message);
            }
        }
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("no longer in the sources:\n") +
                                             stale.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestTranslationFile)
#include "tst_translation_file.moc"
