// llm-sizer-cli presets [--json]: the bundled presets with their computed totals next to the
// published figure each is checked against.
#include "cli.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <string>
#include <vector>

namespace llmsizer::cli {

namespace {

std::string pad(const std::string& s, std::size_t width, bool right = false)
{
    if (s.size() >= width) {
        return s;
    }
    const std::string fill(width - s.size(), ' ');
    return right ? fill + s : s + fill;
}

// True when the computed total is what the preset's published figure promises: equal for an
// exact figure, within the stated tolerance for a nominal one.
bool matchesPublished(std::uint64_t total, const PublishedCount& pub)
{
    const std::uint64_t diff =
        total > pub.total_params ? total - pub.total_params : pub.total_params - total;
    return pub.exact ? diff == 0 : diff <= pub.tolerance;
}

} // namespace

int runPresets(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the bundled presets with their exact parameter counts."));
    addJsonOption(parser);
    parseOrThrow(parser, args);

    const std::vector<Preset> presets = loadPresetDir(defaultPresetDir());
    if (wantsJson(parser)) {
        nlohmann::json out = nlohmann::json::array();
        for (const Preset& p : presets) {
            const ParamCount count = countParameters(p.config);
            out.push_back({{"id", p.id},
                           {"name", p.name},
                           {"family", p.family},
                           {"hf_id", p.hf_id},
                           {"total_params", count.total},
                           {"active_params", count.active},
                           {"published_total", p.published.total_params},
                           {"exact", p.published.exact},
                           {"matches_published", matchesPublished(count.total, p.published)}});
        }
        printJson(out);
        return kOk;
    }

    std::size_t idWidth = 2;
    std::size_t nameWidth = 4;
    std::size_t familyWidth = 6;
    for (const Preset& p : presets) {
        idWidth = std::max(idWidth, p.id.size());
        nameWidth = std::max(nameWidth, p.name.size());
        familyWidth = std::max(familyWidth, p.family.size());
    }
    printLine(pad("ID", idWidth) + "  " + pad("Name", nameWidth) + "  " +
              pad("Family", familyWidth) + "  " + pad("Parameters", 24, true) + "  Published");
    for (const Preset& p : presets) {
        const ParamCount count = countParameters(p.config);
        std::string published = p.published.exact ? "exact" : "nominal";
        published += matchesPublished(count.total, p.published) ? ", matches" : ", DIFFERS";
        printLine(pad(p.id, idWidth) + "  " + pad(p.name, nameWidth) + "  " +
                  pad(p.family, familyWidth) + "  " + pad(countWithShort(count.total), 24, true) +
                  "  " + published);
    }
    printLine(std::to_string(presets.size()) + " presets in " + defaultPresetDir().string());
    return kOk;
}

} // namespace llmsizer::cli
