#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <QSize>
#include <QSizePolicy>
#include <QString>
#include <array>

namespace llmsizer::ui {

// A word-wrapped label that remembers its size answers. QLabel lays a wrapped text out again for
// every heightForWidth() and for its size hints after each change, and one relayout of a window
// asks a wrapped label a dozen times at a handful of widths: a slider step that changed a
// label's sentence (the width rule, the pie's details, the budget summary) spent a fifth of its
// time there. The answers are QLabel's own, kept while everything they depend on (text, font,
// margins, alignment, format, size policy, maximum width) is unchanged; a style or font change
// clears them.
//
// A label whose sentence follows a slider can also keep its height (setKeepsHeight): at each width
// it stays as tall as the tallest text it has shown there, top-aligned, so that a sentence that
// rewraps to one line fewer does not move every widget below it and back on the next step.
// releaseHeight() lets it shrink to its text again (another model was loaded).
class WrapLabel : public QLabel {
public:
    explicit WrapLabel(QWidget* parent = nullptr);
    explicit WrapLabel(const QString& text, QWidget* parent = nullptr);

    void setKeepsHeight(bool keep);
    void releaseHeight();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Key {
        QString text;
        QFont font;
        QMargins contents;
        int margin = 0;
        int indent = 0;
        int alignment = 0;
        int format = 0;
        int maxWidth = 0;
        QSizePolicy policy;
        bool wrap = false;
        bool operator==(const Key&) const = default;
    };
    Key key() const;
    // Clears the remembered answers when the key changed since they were given.
    void checkKey() const;
    // `height`, or the tallest height kept at `width` if that is taller; remembers the taller.
    int keptHeight(int width, int height) const;

    mutable Key m_key;
    mutable QSize m_hint;
    mutable QSize m_minimumHint;
    mutable std::array<QSize, 6> m_heights{}; // (width, height) pairs, oldest replaced first
    mutable std::size_t m_nextHeight = 0;
    bool m_keepsHeight = false;
    mutable std::array<QSize, 6> m_tallest{}; // (width, tallest height shown at it) pairs
    mutable std::size_t m_nextTallest = 0;
};

} // namespace llmsizer::ui
