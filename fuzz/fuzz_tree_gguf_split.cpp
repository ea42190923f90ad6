// Fuzzes a split GGUF checkpoint as it arrives: three splits (llama.cpp's gguf-split names,
// model-0000N-of-00003.gguf) mutated together (fuzz_tree.h), so that split.no, split.count,
// split.tensors.count, the metadata and the tensors disagree across files. The directory is
// inspected; splits the input lacks are missing splits. Any input is a checkpoint
// (fuzz_tree_check.h) or an InputError (an OverflowError for a count beyond 64 bits).
#include "fuzz_tree.h"
#include "fuzz_tree_check.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

namespace {

constexpr fuzzsupport::TreeRole kRoles[] = {
    {"model-00001-of-00003.gguf"},
    {"model-00002-of-00003.gguf"},
    {"model-00003-of-00003.gguf"},
};

} // namespace

LLMSIZER_FUZZ_TREE_MUTATORS(kRoles)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fuzzsupport::FileDir dir;
    if (fuzzsupport::writeTree(dir, kRoles, {data, size}) == 0) {
        return 0; // an empty directory: refused for holding no checkpoint, nothing to fuzz
    }
    llmsizer::InspectOptions options;
    options.header_only = true;
    try {
        fuzzsupport::checkCheckpoint(llmsizer::inspectCheckpoint(dir.path(), options), options);
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
