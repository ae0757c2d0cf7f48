// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/walkthrough_panel.h"

#include "core/lesson/lesson_render.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/walkthrough/lesson_text_view.h"
#include "ui/walkthrough/walkthrough_session.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <optional>

namespace fourfold::ui {
namespace {

// Presentation mode's type is this much larger than the desktop's.
constexpr double kPresentationScale = 1.5;

QString plain(const core::LessonText& text) {
    return QString::fromStdString(core::lessonTextToPlain(text)).trimmed();
}

// A number as a person types it: "27.3", "27,3", "27.3 %", " 256 ".
std::optional<double> parseAnswer(QString text) {
    text.remove(QLatin1Char('%')).remove(QChar(0xFF05)).remove(QLatin1Char(' '));
    bool ok = false;
    double value = QLocale().toDouble(text, &ok);
    if (!ok) value = QLocale::c().toDouble(text.replace(QLatin1Char(','), QLatin1Char('.')), &ok);
    if (!ok) return std::nullopt;
    return value;
}

// Keys that work while the panel (or anything in it) has focus.
void addKeys(QWidget* panel, const QList<QKeySequence>& keys, QPushButton* button) {
    for (const QKeySequence& key : keys) {
        auto* shortcut = new QShortcut(key, panel);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        QObject::connect(shortcut, &QShortcut::activated, button, [button] {
            if (button->isEnabled()) button->click();
        });
    }
}

}  // namespace

WalkthroughPanel::WalkthroughPanel(WalkthroughSession* session, PlanDocument* document,
                                   QWidget* parent)
    : QWidget(parent),
      session_(session),
      document_(document),
      lessonTitle_(new QLabel(this)),
      counter_(new QLabel(this)),
      stepTitle_(new QLabel(this)),
      text_(new LessonTextView(this)),
      questionBox_(new QWidget(this)),
      prompt_(new QLabel(questionBox_)),
      answer_(new QLineEdit(questionBox_)),
      choices_(new QComboBox(questionBox_)),
      check_(new QPushButton(tr("Check"), questionBox_)),
      verdict_(new QLabel(questionBox_)),
      back_(new QPushButton(tr("Back"), this)),
      next_(new QPushButton(tr("Next"), this)),
      restart_(new QPushButton(tr("Restart"), this)),
      close_(new QPushButton(tr("Close"), this)),
      presentation_(new QToolButton(this)) {
    setObjectName(QStringLiteral("walkthroughPanel"));
    baseFontSize_ = font().pointSizeF();

    lessonTitle_->setObjectName(QStringLiteral("walkthroughLessonTitle"));
    lessonTitle_->setForegroundRole(QPalette::PlaceholderText);
    lessonTitle_->setWordWrap(true);
    counter_->setObjectName(QStringLiteral("walkthroughCounter"));
    stepTitle_->setObjectName(QStringLiteral("walkthroughStepTitle"));
    stepTitle_->setWordWrap(true);
    QFont heading = stepTitle_->font();
    heading.setBold(true);
    heading.setPointSizeF(heading.pointSizeF() * 1.25);
    stepTitle_->setFont(heading);

    auto* header = new QHBoxLayout;
    header->addWidget(lessonTitle_, 1);
    header->addWidget(presentation_);
    header->addWidget(close_);
    auto* titleRow = new QHBoxLayout;
    titleRow->addWidget(stepTitle_, 1);
    titleRow->addWidget(counter_, 0, Qt::AlignTop);

    // The question: its prompt, an answer box (a number) or a list (choices), Check, verdict.
    questionBox_->setObjectName(QStringLiteral("walkthroughQuestion"));
    prompt_->setObjectName(QStringLiteral("walkthroughPrompt"));
    prompt_->setWordWrap(true);
    prompt_->setTextFormat(Qt::RichText);
    answer_->setObjectName(QStringLiteral("walkthroughAnswer"));
    answer_->setPlaceholderText(tr("Your answer"));
    choices_->setObjectName(QStringLiteral("walkthroughChoices"));
    choices_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    choices_->setMinimumContentsLength(12);
    // Nothing chosen at first, so the list never shows an answer before the reader picks one.
    choices_->setPlaceholderText(tr("Choose an answer"));
    check_->setObjectName(QStringLiteral("walkthroughCheck"));
    verdict_->setObjectName(QStringLiteral("walkthroughVerdict"));
    verdict_->setWordWrap(true);
    verdict_->setTextFormat(Qt::RichText);
    auto* answerRow = new QHBoxLayout;
    answerRow->addWidget(answer_, 1);
    answerRow->addWidget(choices_, 1);
    answerRow->addWidget(check_);
    auto* questionLayout = new QVBoxLayout(questionBox_);
    questionLayout->setContentsMargins(0, 4, 0, 0);
    questionLayout->addWidget(prompt_);
    questionLayout->addLayout(answerRow);
    questionLayout->addWidget(verdict_);
    connect(check_, &QPushButton::clicked, this, &WalkthroughPanel::checkAnswer);
    connect(answer_, &QLineEdit::returnPressed, this, &WalkthroughPanel::checkAnswer);
    connect(answer_, &QLineEdit::textEdited, this, &WalkthroughPanel::clearVerdict);
    connect(choices_, &QComboBox::activated, this, &WalkthroughPanel::clearVerdict);

    back_->setObjectName(QStringLiteral("walkthroughBack"));
    next_->setObjectName(QStringLiteral("walkthroughNext"));
    restart_->setObjectName(QStringLiteral("walkthroughRestart"));
    close_->setObjectName(QStringLiteral("walkthroughClose"));
    back_->setToolTip(tr("The previous step (Alt+Left, Page Up)"));
    next_->setToolTip(tr("The next step (Alt+Right, Page Down)"));
    restart_->setToolTip(tr("Back to the first step"));
    close_->setToolTip(tr("End the walkthrough and put your own plan back (Esc)"));
    next_->setDefault(true);
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(back_);
    navigation->addWidget(restart_);
    navigation->addStretch(1);
    navigation->addWidget(next_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->addLayout(header);
    layout->addLayout(titleRow);
    layout->addWidget(text_, 1);
    layout->addWidget(questionBox_);
    layout->addLayout(navigation);

    connect(back_, &QPushButton::clicked, session_, &WalkthroughSession::back);
    connect(next_, &QPushButton::clicked, session_, &WalkthroughSession::next);
    connect(restart_, &QPushButton::clicked, session_, &WalkthroughSession::restart);
    connect(close_, &QPushButton::clicked, session_, &WalkthroughSession::finish);
    addKeys(this, {QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::Key_PageDown)}, next_);
    addKeys(this, {QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_PageUp)}, back_);
    addKeys(this, {QKeySequence(Qt::Key_Escape)}, close_);

    connect(session_, &WalkthroughSession::stepEntered, this, &WalkthroughPanel::showStep);
    connect(document_, &PlanDocument::evaluationChanged, this, &WalkthroughPanel::renderText);
    connect(&AppSettings::instance(), &AppSettings::byteUnitsChanged, this,
            &WalkthroughPanel::renderText);
    presentation_->hide();
    if (session_->isActive()) showStep();
}

void WalkthroughPanel::setPresentationAction(QAction* action) {
    presentation_->setDefaultAction(action);
    presentation_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    presentation_->show();
}

void WalkthroughPanel::setPresentation(bool on) {
    QFont larger = font();
    larger.setPointSizeF(baseFontSize_ * (on ? kPresentationScale : 1.0));
    setFont(larger);
    QFont heading = larger;
    heading.setBold(true);
    heading.setPointSizeF(larger.pointSizeF() * 1.25);
    stepTitle_->setFont(heading);
}

QString WalkthroughPanel::counterText() const { return counter_->text(); }
QString WalkthroughPanel::shownText() const { return text_->toPlainText(); }
QString WalkthroughPanel::verdictText() const { return verdict_->text(); }

void WalkthroughPanel::showStep() {
    if (!session_->isActive()) return;
    const int index = session_->stepIndex();
    const core::LessonStep& step = session_->step();
    lessonTitle_->setText(QString::fromStdString(session_->lesson().title));
    counter_->setText(tr("Step %1 of %2").arg(index + 1).arg(session_->stepCount()));
    stepTitle_->setText(QString::fromStdString(step.title));
    back_->setEnabled(index > 0);
    next_->setEnabled(index + 1 < session_->stepCount());
    restart_->setEnabled(index > 0);
    answer_->clear();
    choices_->setCurrentIndex(-1);
    answered_ = false;
    const bool choice = step.question && step.question->kind == core::LessonQuestion::Kind::Choice;
    answer_->setVisible(step.question && !choice);
    choices_->setVisible(choice);
    questionBox_->setVisible(step.question.has_value());
    renderText();
}

void WalkthroughPanel::renderText() {
    if (!session_->isActive()) return;
    const std::shared_ptr<const core::Evaluation> evaluation = document_->evaluation();
    if (!evaluation) return;
    const core::ByteUnits units = AppSettings::instance().byteUnits();
    const core::LessonStep& step = session_->step();
    unresolved_.clear();
    const auto render = [&](const core::LessonText& text) {
        core::RenderedLessonText rendered = core::renderLessonText(text, *evaluation, units);
        for (const std::string& name : rendered.unresolved) {
            unresolved_ << QString::fromStdString(name);
        }
        return rendered.text;
    };
    const int scroll = text_->verticalScrollBar()->value();
    text_->setLessonText(render(step.text));
    text_->verticalScrollBar()->setValue(scroll);
    if (!step.question) return;
    const core::LessonQuestion& question = *step.question;
    prompt_->setText(lessonTextHtml(render(question.prompt)));
    if (question.kind == core::LessonQuestion::Kind::Choice) {
        const int current = choices_->currentIndex();
        const QSignalBlocker blocker(choices_);
        choices_->clear();
        for (const core::LessonText& choice : question.choices) {
            choices_->addItem(plain(render(choice)));
        }
        choices_->setCurrentIndex(current < choices_->count() ? current : -1);
    }
    if (answered_) {
        QString verdict = answeredRight_ ? tr("<b>Right.</b>") : tr("<b>Not quite:</b> try again.");
        if (!question.explanation.blocks.empty()) {
            verdict += lessonTextHtml(render(question.explanation));
        }
        verdict_->setText(verdict);
    } else {
        verdict_->clear();
    }
}

void WalkthroughPanel::checkAnswer() {
    if (!session_->isActive() || !session_->step().question) return;
    const core::LessonQuestion& question = *session_->step().question;
    if (question.kind == core::LessonQuestion::Kind::Choice) {
        if (choices_->currentIndex() < 0) {
            answered_ = false;
            verdict_->setText(tr("Choose an answer first."));
            return;
        }
        answeredRight_ = choices_->currentIndex() == question.correctChoice;
    } else {
        const std::optional<double> given = parseAnswer(answer_->text());
        if (!given) {
            answered_ = false;
            verdict_->setText(tr("Type a number, such as 256 or 27.3."));
            return;
        }
        answeredRight_ = core::checkNumericAnswer(question, *given);
    }
    answered_ = true;
    renderText();
}

void WalkthroughPanel::clearVerdict() {
    answered_ = false;
    verdict_->clear();
}

}  // namespace fourfold::ui
