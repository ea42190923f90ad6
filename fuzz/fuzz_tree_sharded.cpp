// Fuzzes a sharded safetensors checkpoint as it arrives: config.json,
// model.safetensors.index.json and three shards, mutated together (fuzz_tree.h), so that the
// index's weight map, its totals and the shards' headers disagree in every way. The directory is
// inspected header-only, as the app opens it; shards the index names but the input lacks are
// missing shards. Any input is a checkpoint (fuzz_tree_check.h) or an InputError (an
// OverflowError for a count beyond 64 bits).
#include "fuzz_tree.h"
#include "fuzz_tree_check.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

namespace {

constexpr fuzzsupport::TreeRole kRoles[] = {
    {"config.json"},
    {"model.safetensors.index.json"},
    {"model-00001-of-00003.safetensors", true},
    {"model-00002-of-00003.safetensors", true},
    {"model-00003-of-00003.safetensors", true},
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
