#pragma once

// The runtime options of `llm-sizer-cli runs`: which runtime places the model and its settings
// (vLLM's share of each GPU and profiled batch, llama.cpp's split mode and backend, the KV cache
// precision).
#include <QCommandLineParser>

namespace llmsizer {
struct RunQuery;
} // namespace llmsizer

namespace llmsizer::cli {

void addRuntimeOptions(QCommandLineParser& parser);
// Sets q.runtime (and q.kv) from the options; a bad value is a UsageError (exit 2). `local`: the
// models on disk, each with its store's runtime, so --backend is not tied to --runtime.
void applyRuntimeOptions(const QCommandLineParser& parser, RunQuery& q, bool local);

} // namespace llmsizer::cli
