// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/copyable_label.h"

#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QLabel>

namespace fourfold::ui {

void makeCopyable(QLabel* label) {
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::NoTextInteraction);
    label->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy =
        new QAction(QCoreApplication::translate("fourfold::ui::CopyableLabel", "Copy"), label);
    copy->setObjectName(QStringLiteral("copyAction"));
    QObject::connect(copy, &QAction::triggered, label,
                     [label] { QGuiApplication::clipboard()->setText(label->text()); });
    label->addAction(copy);
}

}  // namespace fourfold::ui
