#include "support/preset_pick.h"

#include "ui/kit/presetpicker.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QLineEdit>
#include <QTest>

namespace llmsizer::test {

// Picks `name` (a preset's display name) the way a user does.
void pickPreset(ui::PresetPicker* picker, const QString& name, PickPath path)
{
    picker->setFocus();
    if (path == PickPath::ListMouse || path == PickPath::ListKeyboard) {
        picker->showPopup();
        QAbstractItemView* list = picker->view();
        QTRY_VERIFY(list->isVisible());
        int row = -1;
        for (int r = 0; r < picker->count() && row < 0; ++r) {
            if (picker->itemText(r).startsWith(name + QStringLiteral("  —"))) {
                row = r;
            }
        }
        QVERIFY(row >= 0);
        const QModelIndex index = list->model()->index(row, 0);
        list->scrollTo(index);
        if (path == PickPath::ListMouse) {
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                              list->visualRect(index).center());
        } else {
            list->setCurrentIndex(index);
            QTest::keyClick(list, Qt::Key_Return);
        }
        return;
    }
    picker->lineEdit()->selectAll();
    // A part of the name that only this preset's label contains ("Mixtral 8x22" is no other's).
    QTest::keyClicks(picker->lineEdit(), path == PickPath::TypedPrefix ? name.chopped(1) : name);
    QAbstractItemView* popup = picker->completer()->popup();
    QTRY_VERIFY(popup->isVisible());
    if (path == PickPath::SearchEnter || path == PickPath::TypedPrefix) {
        QTest::keyClick(popup, Qt::Key_Return);
        return;
    }
    QModelIndex index;
    for (int r = 0; r < popup->model()->rowCount() && !index.isValid(); ++r) {
        const QModelIndex i = popup->model()->index(r, 0);
        if (i.data().toString().startsWith(name + QStringLiteral("  —"))) {
            index = i;
        }
    }
    QVERIFY(index.isValid());
    if (path == PickPath::SearchMouse) {
        QTest::mouseClick(popup->viewport(), Qt::LeftButton, {}, popup->visualRect(index).center());
    } else {
        popup->setCurrentIndex(index);
        QTest::keyClick(popup, Qt::Key_Return);
    }
}

} // namespace llmsizer::test
