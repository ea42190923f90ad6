// Fuzzes a LoRA adapter as it arrives: adapter_config.json (PEFT's r or MLX's
// lora_parameters.rank) beside adapter_model.safetensors, with a base model's config.json,
// mutated together (fuzz_tree.h): ranks in the config and in the shapes, PEFT and MLX names,
// targets. The directory is inspected header-only. Any input is a checkpoint (fuzz_tree_check.h;
// an adapter's LoRA parameters lie within its total) or an InputError (an OverflowError for a
// count beyond 64 bits).
#include "fuzz_tree.h"
#include "fuzz_tree_check.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

namespace {

constexpr fuzzsupport::TreeRole kRoles[] = {
    {"adapter_config.json"},
    {"adapter_model.safetensors", true},
    {"config.json"},
};

} // namespace

LLMSIZER_FUZZ_TREE_MUTATORS(kRoles)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fuzzsupport::FileDir dir;
    fuzzsupport::writeTree(dir, kRoles, {data, size});
    llmsizer::InspectOptions options;
    options.header_only = true;
    try {
        const llmsizer::Checkpoint c = llmsizer::inspectCheckpoint(dir.path(), options);
        fuzzsupport::checkCheckpoint(c, options);
        if (c.lora && c.lora->params > c.total_params + c.buffer_params) {
            __builtin_trap();
        }
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
