#include "ui/kit/textwidth.h"

#include <QFontMetricsF>
#include <QHash>
#include <algorithm>
#include <utility>
#include <vector>

namespace llmsizer::ui {

qreal textWidth(const QFont& font, const QString& text)
{
    // One table per font (a handful: the window's, the charts' and presentation mode's); fonts
    // are compared, not hashed (QFont::key formats every attribute into a string).
    static std::vector<std::pair<QFont, QHash<QString, qreal>>> widths;
    auto table = std::find_if(widths.begin(), widths.end(),
                              [&font](const auto& entry) { return entry.first == font; });
    if (table == widths.end()) {
        if (widths.size() >= 32) {
            widths.clear();
        }
        table = widths.insert(widths.end(), {font, {}});
    }
    QHash<QString, qreal>& ofFont = table->second;
    if (const auto it = ofFont.constFind(text); it != ofFont.constEnd()) {
        return *it;
    }
    if (ofFont.size() > 4096) {
        ofFont.clear();
    }
    const qreal w = QFontMetricsF(font).horizontalAdvance(text);
    ofFont.insert(text, w);
    return w;
}

} // namespace llmsizer::ui
