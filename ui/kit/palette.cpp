#include "ui/kit/palette.h"

#include <array>

namespace llmsizer::ui {

namespace {

struct Entry {
    const char16_t* key;
    QRgb rgb;
};

// Tableau 10/20 hues: distinguishable for common colour-vision deficiencies and on a projector.
constexpr std::array<Entry, 20> kColours{{
    {u"embedding", 0x4E79A7},
    {u"position_embedding", 0x76B7B2},
    {u"attention", 0xF28E2B},
    {u"mixer", 0xFF9DA7},
    {u"mlp", 0x59A14F},
    {u"experts", 0x8CD17D},
    {u"shared_experts", 0x499894},
    {u"router", 0xB07AA1},
    {u"norms", 0xE15759},
    {u"lm_head", 0xEDC948},
    {u"vision_tower", 0xD37295},
    {u"audio_tower", 0xA0CBE8},
    {u"projector", 0xB6992D},
    {u"weights", 0x4E79A7},
    {u"kv_cache", 0xF28E2B},
    {u"recurrent_state", 0xFF9DA7},
    {u"activations", 0xE15759},
    {u"overhead", 0xBAB0AC},
    {u"gradients", 0xB07AA1},
    {u"optimizer", 0x59A14F},
}};

} // namespace

QColor componentColor(QStringView key, bool dark)
{
    QColor c(0x9C755F);
    for (const Entry& e : kColours) {
        if (key == QStringView(e.key)) {
            c = QColor(e.rgb);
            break;
        }
    }
    return dark ? c.lighter(112) : c;
}

QColor fitColor(bool fits, bool dark)
{
    if (fits) {
        return dark ? QColor(0x7BD88F) : QColor(0x2E7D32);
    }
    return dark ? QColor(0xFF8A80) : QColor(0xC62828);
}

QColor tightColor(bool dark)
{
    return dark ? QColor(0xFFC857) : QColor(0xB26A00);
}

QColor opaqueMix(const QColor& over, const QColor& under, float share)
{
    const auto mix = [share](float a, float b) { return a * share + b * (1 - share); };
    return QColor::fromRgbF(mix(over.redF(), under.redF()), mix(over.greenF(), under.greenF()),
                            mix(over.blueF(), under.blueF()));
}

} // namespace llmsizer::ui
