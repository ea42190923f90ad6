#include "ui/shell/lessons.h"

#include "llmsizer/present/lessons.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/figuregrid.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/fitmodel.h"
#include "ui/state/qstrings.h"
#include "ui/teach/mathpanel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QShortcut>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <stdexcept>
#include <utility>

namespace llmsizer::ui {

Lessons::Lessons(MainWindow* window, ConfigModel* model)
    : QFrame(window), m_window(window), m_model(model), m_title(new QLabel(this)),
      m_text(new QLabel(this)), m_back(new QToolButton(this)), m_next(new QToolButton(this))
{
    setObjectName(QStringLiteral("lesson"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton(this);
    close->setText(tr("End lesson"));
    close->setToolTip(tr("End the lesson and put back everything it changed: the model, the "
                         "workload, the GPUs, the comparison and the tab"));
    // The lessons as a course, in the order of the course material: Back and Next (Alt+Left and
    // Alt+Right, as a browser's history) step through them, from any window of the app (a lesson
    // that opens the Compare window leaves the keyboard there) while a lesson is on (the keys
    // belong to this bar, shown only then).
    m_back->setText(tr("◂ Back"));
    m_back->setToolTip(tr("The previous lesson (Alt+Left)"));
    m_next->setText(tr("Next ▸"));
    m_next->setToolTip(tr("The next lesson (Alt+Right)"));
    for (const auto& [key, by] : {std::pair{Qt::Key_Left, -1}, std::pair{Qt::Key_Right, 1}}) {
        auto* shortcut = new QShortcut(QKeySequence(Qt::ALT | key), this);
        shortcut->setContext(Qt::ApplicationShortcut);
        connect(shortcut, &QShortcut::activated, this, [this, by = by] { step(by); });
    }
    auto* column = new QVBoxLayout;
    column->setSpacing(2);
    column->addWidget(m_title);
    column->addWidget(m_text);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 8, 4);
    row->addLayout(column, 1);
    row->addWidget(m_back, 0, Qt::AlignTop);
    row->addWidget(m_next, 0, Qt::AlignTop);
    row->addWidget(close, 0, Qt::AlignTop);
    connect(close, &QToolButton::clicked, this, &Lessons::stop);
    connect(m_back, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { step(+1); });
    setVisible(false);
}

void Lessons::addMenuEntries(QMenu* menu)
{
    for (const std::string& id : lessonIds()) {
        QAction* a = menu->addAction(qs(lessonTitle(id)));
        a->setData(qs(id));
        connect(a, &QAction::triggered, this, [this, id = qs(id)] { start(id); });
    }
}

bool Lessons::start(const QString& id)
{
    Lesson lesson;
    try {
        lesson = buildLesson(id.toStdString(), m_model->presets(),
                             {&m_model->gpuCatalog(), m_model->overhead().toStdString()});
    } catch (const std::invalid_argument&) {
        return false;
    }
    // Every lesson starts from the state before the course began: what an earlier lesson
    // changed (its GPU lines, its comparison) never carries into the next one.
    if (m_saved) {
        restore(*m_saved);
    } else {
        m_saved = capture();
    }
    if (lesson.model) {
        m_model->loadConfig(lesson.model->config, qs(lesson.model->name));
    } else {
        m_model->selectPreset(qs(lesson.preset));
    }
    if (!lesson.gpus.empty()) {
        // The verdicts in the lesson's text are for inference of one sequence, FP16 KV cache.
        QStringList keys;
        for (const std::string& k : lesson.gpus) {
            keys << qs(k);
        }
        m_model->setTraining(false);
        m_model->setKvPrecision(QStringLiteral("fp16"));
        m_model->setBatch(1);
        m_model->setGpus(keys);
    }
    if (lesson.baseline) {
        m_model->setBaseline(qs(lesson.baseline->name), lesson.baseline->config);
    }
    if (!lesson.fit_gpu.empty()) {
        m_window->views()->fitModel()->setExercise(qs(lesson.fit_gpu), qs(lesson.fit_precision),
                                                   lesson.fit_context);
    }
    if (!lesson.budget.empty()) {
        m_window->views()->budgetModel()->setExercise(lesson.budget);
    }
    m_window->views()->showView(qs(lesson.view));
    if (lesson.view == "math" && !lesson.highlight.empty()) {
        m_window->views()->math()->showItem(qs(lesson.highlight));
    }
    // The figure is in the summary's grid or in the preset's facts below it.
    // (A Show the math lesson's key names an item of that view instead.)
    const QString figure = lesson.view == "math" ? QString() : qs(lesson.highlight);
    m_window->summaryPanel()->grid()->setHighlighted(figure);
    m_window->summaryPanel()->facts()->setHighlighted(figure);
    if (!lesson.compare.empty()) {
        std::vector<SessionModel> entries;
        entries.reserve(lesson.compare.size());
        for (const LessonModel& m : lesson.compare) {
            entries.push_back({m.name, m.preset_id, m.config});
        }
        m_window->comparison()->setEntries(entries);
        // One workload: the Compare table at the context the banner and the Overview use.
        m_window->comparison()->setContext(m_model->context());
        m_window->compareWindow()->present();
    }
    m_current = id;
    const std::vector<std::string> ids = lessonIds();
    const auto at = std::find(ids.begin(), ids.end(), id.toStdString());
    const auto index = static_cast<int>(at - ids.begin());
    const auto count = static_cast<int>(ids.size());
    m_back->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    m_title->setText(tr("Lesson %1 of %2: %3").arg(index + 1).arg(count).arg(qs(lesson.title)));
    m_text->setText(qs(lesson.text));
    setVisible(true);
    return true;
}

bool Lessons::step(int by)
{
    const std::vector<std::string> ids = lessonIds();
    const auto at = std::find(ids.begin(), ids.end(), m_current.toStdString());
    if (at == ids.end()) {
        return false;
    }
    const auto index = (at - ids.begin()) + by;
    if (index < 0 || index >= static_cast<std::ptrdiff_t>(ids.size())) {
        return false;
    }
    return start(qs(ids[static_cast<std::size_t>(index)]));
}

void Lessons::stop()
{
    m_current.clear();
    m_window->summaryPanel()->grid()->setHighlighted(QString());
    m_window->summaryPanel()->facts()->setHighlighted(QString());
    setVisible(false);
    if (m_saved) {
        const Saved saved = std::move(*m_saved);
        m_saved.reset();
        restore(saved);
    }
}

Lessons::Saved Lessons::capture() const
{
    Saved s;
    s.session = m_window->sessions()->capture();
    s.view = m_window->views()->currentView();
    s.compareShown = m_window->compareWindow()->isVisible();
    s.compareOwnContexts = m_window->comparison()->context() == 0;
    s.fit = m_window->views()->fitModel()->choice();
    s.budget = m_window->views()->budgetModel()->question();
    return s;
}

void Lessons::restore(const Saved& saved)
{
    // The session was captured from this very app: applying it cannot be refused.
    m_window->sessions()->apply(saved.session);
    m_window->comparison()->setContext(saved.compareOwnContexts ? 0 : m_model->context());
    m_window->views()->fitModel()->setChoice(saved.fit);
    m_window->views()->budgetModel()->setQuestion(saved.budget);
    if (!saved.view.isEmpty()) {
        m_window->views()->showView(saved.view);
    }
    if (!saved.compareShown) {
        m_window->compareWindow()->hide();
    }
}

QString Lessons::text() const
{
    return m_text->text();
}

} // namespace llmsizer::ui
