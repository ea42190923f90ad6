#pragma once

#include <QObject>
#include <functional>

class QWidget;

namespace llmsizer::ui {

// A view rebuilt from its model only while it is shown. invalidate() marks it stale and rebuilds
// at once when the view is visible; a stale view rebuilds when it is next shown (it watches the
// view's Show event, so the view needs no showEvent of its own). rebuild() runs the rebuild now.
class ShowRefresh : public QObject {
public:
    enum class Waits {
        // While the view is not visible; stale until first shown.
        WhileHidden,
        // Only while its window is shown and the view is not (a tab behind another, the
        // presentation strip outside presentation mode): a view whose window is not shown stays
        // current, as what is read or exported of it must be. Current until first invalidated.
        WhileHiddenInShownWindow,
    };
    ShowRefresh(QWidget* view, std::function<void()> rebuild, Waits waits = Waits::WhileHidden);

    void invalidate();
    void rebuild();
    bool isStale() const { return m_stale; }
    // Also stale on the next show when `stale` returns true (a catalog that may have grown).
    void setStaleWhen(std::function<bool()> stale) { m_staleWhen = std::move(stale); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_view;
    std::function<void()> m_rebuild;
    std::function<bool()> m_staleWhen;
    Waits m_waits;
    bool m_stale = true;
};

} // namespace llmsizer::ui
