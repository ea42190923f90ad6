// Fuzzes a safetensors checkpoint directory as it arrives: a config.json beside one
// model.safetensors, or beside two shards without an index, mutated together (fuzz_tree.h). The
// config's quantization settings meet the tensors' layouts (MLX, GPTQ, AWQ, bitsandbytes, FP8,
// compressed-tensors, MXFP4), so plain and quantized checkpoints are both read. The directory
// is inspected header-only, as the app opens it. Any input is a checkpoint (fuzz_tree_check.h)
// or an InputError (an OverflowError for a count beyond 64 bits).
#include "fuzz_tree.h"
#include "fuzz_tree_check.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

namespace {

constexpr fuzzsupport::TreeRole kRoles[] = {
    {"config.json"},
    {"model.safetensors", true},
    {"model-00001-of-00002.safetensors", true},
    {"model-00002-of-00002.safetensors", true},
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
        fuzzsupport::checkCheckpoint(llmsizer::inspectCheckpoint(dir.path(), options), options);
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
