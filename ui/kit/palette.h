#pragma once

#include <QColor>
#include <QStringView>

namespace llmsizer::ui {

// One colour per component key ("attention", "mlp", "kv_cache", …), the same in every view, so a
// slice, a bar segment and a legend entry of one component always match. Mid-tone colours that
// read on light and dark backgrounds; dark themes get a slightly lighter shade.
QColor componentColor(QStringView key, bool dark);

// Colour for "fits" / "does not fit" marks.
QColor fitColor(bool fits, bool dark);
// Amber: fits, with under 10 % of the GPU's memory to spare.
QColor tightColor(bool dark);

// `share` of `over` on `under`, as an opaque colour: a translucent pen or fill would look the same
// but costs a blend per pixel on every repaint (grid lines, rules, tints).
QColor opaqueMix(const QColor& over, const QColor& under, float share);

} // namespace llmsizer::ui
