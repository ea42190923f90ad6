// Fuzzes the app's session loader: the core reads the bytes as a session (with the built-in GPU
// catalog, as File > Open does), then ui/state/sessionstate.cpp applies it to the app's working
// state (the configuration being edited and the comparison, Qt Core only). Opening is all or
// nothing: a refused session leaves the state exactly as it was; an applied one captures back to a
// session that applies again to the same state.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/session.h"
#include "llmsizer/text/error.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/sessionstate.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

struct App {
    llmsizer::ui::ConfigModel model;
    llmsizer::ui::ComparisonModel comparison{&model};
    llmsizer::ui::SessionState state{&model, &comparison};
    llmsizer::Session start;

    App()
    {
        model.setPresets(llmsizer::loadPresetDir(LLMSIZER_FUZZ_PRESETS_DIR));
        model.setGpuCatalog(
            llmsizer::GpuCatalog::loadBuiltin(LLMSIZER_FUZZ_RESOURCES_DIR "/gpus.json"));
        if (!model.selectPreset(QStringLiteral("llama-3-70b"))) {
            __builtin_trap();
        }
        start = state.capture();
    }
};

App& app()
{
    static App a;
    return a;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    App& a = app();
    llmsizer::Session session;
    try {
        session = llmsizer::parseSession(std::string(reinterpret_cast<const char*>(data), size),
                                         "fuzz.session.json", &a.model.gpuCatalog());
    } catch (const llmsizer::InputError&) {
        return 0;
    }
    const llmsizer::Session before = a.state.capture();
    if (!a.state.apply(session).isEmpty()) {
        if (!(a.state.capture() == before)) {
            __builtin_trap(); // half applied
        }
        return 0;
    }
    const llmsizer::Session applied = a.state.capture();
    if (!a.state.apply(applied).isEmpty() || !(a.state.capture() == applied)) {
        __builtin_trap(); // what the app saves does not open to the same state
    }
    // Each input starts from the same state.
    if (!a.state.apply(a.start).isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
