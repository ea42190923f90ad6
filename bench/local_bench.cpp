// llm-sizer-local-bench: how long the scan of the model stores takes (llm-sizer-cli local, the
// app's My models) on a warm disk. Lays out --models small models over the Hugging Face cache,
// Ollama's store, LM Studio and llama.cpp's cache in a temporary home (tests/support/
// model_stores.cpp; every file a real header), scans once to warm the page cache, then --runs
// times, and prints one JSON line:
//   {"name": "local_scan", "models": 300, "found": 300, "entries": …, "median_ms": …,
//    "p99_ms": …, "max_ms": …, "cpu_median_ms": …}
//   llm-sizer-local-bench [--models N] [--runs R] [--tokenizers 1]
// --tokenizers 1 gives every GGUF a 32,000-entry tokenizer (strings and scores), as real files
// carry, so that the headers read are as long as real ones.
#include "llmsizer/local/local_models.h"
#include "support/model_stores.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    int models = 300;
    int runs = 10;
    bool tokenizers = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--models") {
            models = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--runs") {
            runs = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--tokenizers") {
            tokenizers = std::atoi(argv[i + 1]) != 0;
        }
    }
    namespace fs = std::filesystem;
    const fs::path home =
        fs::temp_directory_path() / ("llm-sizer-local-bench-" + std::to_string(::getpid()));
    fs::create_directories(home);
    testsupport::buildManyStores(home.string(), models, tokenizers);
    llmsizer::ScanEnvironment env;
    env.home = home;
    std::size_t found = llmsizer::scanLocalModels(env).models.size(); // warms the page cache
    std::vector<double> wall;
    std::vector<double> cpu;
    std::uint64_t entries = 0;
    for (int r = 0; r < runs; ++r) {
        const double c0 = cpuMs();
        const auto t0 = std::chrono::steady_clock::now();
        const llmsizer::LocalScan scan = llmsizer::scanLocalModels(env);
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        cpu.push_back(cpuMs() - c0);
        found = scan.models.size();
        entries = scan.entries;
    }
    std::error_code ec;
    fs::remove_all(home, ec);
    std::printf("{\"name\": \"local_scan\", \"models\": %d, \"tokenizers\": %s, \"found\": %zu, "
                "\"entries\": %llu, "
                "\"median_ms\": %.1f, \"p99_ms\": %.1f, \"max_ms\": %.1f, \"cpu_median_ms\": "
                "%.1f}\n",
                models, tokenizers ? "true" : "false", found,
                static_cast<unsigned long long>(entries), percentile(wall, 0.5),
                percentile(wall, 0.99), *std::max_element(wall.begin(), wall.end()),
                percentile(cpu, 0.5));
    return 0;
}
