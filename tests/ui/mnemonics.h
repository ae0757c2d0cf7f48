// SPDX-License-Identifier: GPL-3.0-or-later
// Mnemonics as a reader of a label or menu sees them: the letter after a single '&', and each
// menu's entries that share one (Alt+letter then only cycles between them).
#pragma once

#include <QAction>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QString>
#include <QStringList>

namespace fourfold::ui::testing {

// The mnemonic letter of a label ("Node&s" -> 'S'), or a null char; "&&" is a literal '&'.
inline QChar mnemonicOf(const QString& text) {
    for (qsizetype index = 0; index + 1 < text.size(); ++index) {
        if (text.at(index) != QLatin1Char('&')) continue;
        if (text.at(index + 1) == QLatin1Char('&')) {
            ++index;
            continue;
        }
        return text.at(index + 1).toUpper();
    }
    return {};
}

// Each pair of visible entries of one menu (the menu bar, then every menu and submenu) that
// share a mnemonic, as "&View: 'A' in "&Arrange Views" and "L&anguage"".
inline void collectMnemonicClashes(const QString& where, const QList<QAction*>& actions,
                                   QStringList* clashes) {
    QMap<QChar, QString> taken;
    for (QAction* action : actions) {
        if (action->isSeparator() || !action->isVisible()) continue;
        const QChar letter = mnemonicOf(action->text());
        if (!letter.isNull()) {
            if (taken.contains(letter)) {
                clashes->append(QStringLiteral("%1: '%2' in \"%3\" and \"%4\"")
                                    .arg(where, letter, taken.value(letter), action->text()));
            }
            taken.insert(letter, action->text());
        }
        if (action->menu() != nullptr) {
            collectMnemonicClashes(action->text(), action->menu()->actions(), clashes);
        }
    }
}

inline QStringList menuMnemonicClashes(const QMenuBar& bar) {
    QStringList clashes;
    collectMnemonicClashes(QStringLiteral("menu bar"), bar.actions(), &clashes);
    return clashes;
}

}  // namespace fourfold::ui::testing
