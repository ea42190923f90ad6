#include "ui/kit/presetpicker.h"

#include "ui/state/qstrings.h"

#include <QCompleter>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStringListModel>

namespace llmsizer::ui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
}

PresetPicker::PresetPicker(QWidget* parent)
    : QComboBox(parent), m_model(new QStandardItemModel(this))
{
    setEditable(true);
    setInsertPolicy(QComboBox::NoInsert);
    setModel(m_model);
    setMaxVisibleItems(24);
    setAccessibleName(tr("Preset"));
    setToolTip(tr("Pick a model, or type to search by name"));
    lineEdit()->setPlaceholderText(tr("Search presets…"));
    // Home and End pick the first and the last preset, as in a closed combo box, while the text
    // is the current entry's; once a search is typed they move in the text.
    lineEdit()->installEventFilter(this);

    auto* completer = new QCompleter(this);
    completer->setModel(new QStringListModel(completer));
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    setCompleter(completer);

    // One pick is one presetChosen. A pick in the search completer arrives twice: as the
    // completer's activated(text) and, from QComboBox's own completer handling, as activated(index)
    // (with the index current at that moment, which may be the previous pick). Both only note the
    // pick; it is emitted once, after the event that made it, and the completer's text, which
    // names the entry picked, wins over the combo box's index.
    connect(this, &QComboBox::activated, this, [this](int index) {
        const QString id = itemData(index, kIdRole).toString();
        if (!id.isEmpty() && !m_pickedBySearch) {
            notePick(id);
        }
    });
    connect(completer, qOverload<const QString&>(&QCompleter::activated), this,
            [this](const QString& text) {
                const int index = findText(text, Qt::MatchExactly);
                const QString id = index >= 0 ? itemData(index, kIdRole).toString() : QString();
                if (!id.isEmpty()) {
                    setCurrentIndex(index);
                    m_pickedBySearch = true;
                    notePick(id);
                }
            });
    // Typing a name, or part of one, and pressing Enter without choosing in the list picks the
    // preset so named, else the first one the search list shows ("DeepSeek" → DeepSeek-V3).
    connect(lineEdit(), &QLineEdit::returnPressed, this, [this] {
        const QString text = lineEdit()->text().trimmed();
        const int exact = findText(text, Qt::MatchExactly);
        if (text.isEmpty() || (exact >= 0 && !itemData(exact, kIdRole).toString().isEmpty())) {
            return; // the combo box's own activated() has it (a family header is no preset)
        }
        const int index = searchMatch(text);
        if (index >= 0) {
            setCurrentIndex(index);
            notePick(itemData(index, kIdRole).toString());
        }
    });
}

bool PresetPicker::pickEnd(const QKeyEvent* key)
{
    const bool homeEnd = key->key() == Qt::Key_Home || key->key() == Qt::Key_End;
    if (!homeEnd || key->modifiers() != Qt::NoModifier || currentIndex() < 0 ||
        lineEdit()->text() != currentText()) {
        return false;
    }
    const bool first = key->key() == Qt::Key_Home;
    for (int n = 0; n < count(); ++n) {
        const int i = first ? n : count() - 1 - n;
        const QString id = itemData(i, kIdRole).toString();
        if (!id.isEmpty()) {
            if (i != currentIndex()) {
                setCurrentIndex(i);
                notePick(id);
            }
            return true;
        }
    }
    return false;
}

// The keys reach the line edit by two ways: to it when it has the focus, and through the combo
// box's keyPressEvent, which hands them on without the line edit's event filters.
bool PresetPicker::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == lineEdit() && event->type() == QEvent::KeyPress &&
        pickEnd(static_cast<QKeyEvent*>(event))) {
        return true;
    }
    return QComboBox::eventFilter(watched, event);
}

void PresetPicker::keyPressEvent(QKeyEvent* event)
{
    if (pickEnd(event)) {
        event->accept();
        return;
    }
    QComboBox::keyPressEvent(event);
}

int PresetPicker::searchMatch(const QString& text) const
{
    int first = -1;
    for (int i = 0; i < count(); ++i) {
        if (itemData(i, kIdRole).toString().isEmpty()) {
            continue; // a family header
        }
        const QString label = itemText(i);
        const QString name = label.left(label.indexOf(QStringLiteral("  —")));
        if (name.compare(text, Qt::CaseInsensitive) == 0) {
            return i;
        }
        if (first < 0 && label.contains(text, Qt::CaseInsensitive)) {
            first = i;
        }
    }
    return first;
}

void PresetPicker::notePick(const QString& id)
{
    const bool queued = !m_picked.isEmpty();
    m_picked = id;
    if (queued) {
        return;
    }
    QMetaObject::invokeMethod(
        this,
        [this] {
            const QString chosen = m_picked;
            m_picked.clear();
            m_pickedBySearch = false;
            emit presetChosen(chosen);
        },
        Qt::QueuedConnection);
}

void PresetPicker::setPresets(const std::vector<Preset>& presets,
                              const std::vector<std::string>& totals)
{
    const QSignalBlocker block(this);
    m_model->clear();
    m_searchTexts.clear();
    QString family;
    for (std::size_t i = 0; i < presets.size(); ++i) {
        const Preset& p = presets[i];
        const QString fam = QString::fromStdString(p.family);
        if (fam != family) {
            family = fam;
            auto* header = new QStandardItem(fam);
            QFont f = font();
            f.setBold(true);
            header->setFont(f);
            header->setFlags(Qt::ItemIsEnabled);
            header->setSelectable(false);
            header->setEnabled(false);
            m_model->appendRow(header);
        }
        const QString total =
            i < totals.size() ? QString::fromStdString(totals[i]) : QStringLiteral("?");
        // Grouped by family (the headers) and, within one, in order of release; the year is
        // shown and searchable ("2025" lists that year's models).
        QString text = QString::fromStdString(p.name) + QStringLiteral("  —  ") + total;
        if (p.releasedYear() != 0) {
            text += QStringLiteral(" · ") + QString::number(p.releasedYear());
        }
        auto* item = new QStandardItem(text);
        item->setData(QString::fromStdString(p.id), kIdRole);
        item->setToolTip(QString::fromStdString(p.description));
        m_model->appendRow(item);
        m_searchTexts << text;
    }
    qobject_cast<QStringListModel*>(completer()->model())->setStringList(m_searchTexts);
}

void PresetPicker::showCurrent(const QString& id, const QString& name)
{
    const QSignalBlocker block(this);
    const int index = id.isEmpty() ? -1 : findData(id, kIdRole);
    setCurrentIndex(index);
    if (index < 0) {
        setEditText(shownName(name));
        setToolTip(shownName(name));
        if (lineEdit() != nullptr) {
            lineEdit()->setCursorPosition(0); // a long name shows its beginning
        }
    } else {
        setToolTip({});
    }
}

} // namespace llmsizer::ui
