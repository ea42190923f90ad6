#pragma once

#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/model.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/format.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The comparison table: 1–4 configurations side by side, every cell an exact value with its
// display text, and the three exports (CSV, Markdown, JSON) written from the same table data.
namespace llmsizer {

class CountCache; // count.h

inline constexpr std::size_t kMaxCompared = 4;

struct NamedConfig {
    std::string name;
    ModelConfig config;
    // What the preset's makers published, for a preset compared as loaded (absent for an edited
    // or imported model): the table then sets the headline beside the exact count and the
    // training tokens beside Chinchilla's rule.
    std::optional<PublishedCount> published = std::nullopt;
    std::optional<TrainingTokens> training = std::nullopt;
};

// One value. Counts and bytes are exact integers; FLOP figures are doubles (compute.h: whole-run
// totals pass 2^64, and every per-token figure below 2^53 is still an exact integer).
struct TableCell {
    bool integral = true;
    std::uint64_t integer = 0; // the value when integral
    double real = 0;           // the value when not integral
    std::string text;          // display: "70,553,706,496 (70.6B)", "141.11 GB", "5.97e23"
    std::string short_text;    // where a narrow table needs less: "70.6B"; empty: `text`
    std::string detail;        // more than the cell holds (sources, notes), for a tooltip
    double value() const;
    // Machine-readable: the integer's decimal digits, or the real to 17 significant digits.
    std::string exact() const;
};

struct TableRow {
    std::string key;   // stable: "d_model", "total_params", "params.attention", "weights.int8"
    std::string label; // "d_model", "Total parameters", "Attention", "Weights INT8"
    std::string unit;  // "", "parameters", "bytes", "tokens", "FLOP"
    std::vector<TableCell> cells; // one per configuration
    bool differs = false;         // not every cell holds the same exact value
    std::string short_label;      // where a narrow table needs less ("Runs on my hardware")
};

struct TableOptions {
    // Context for the KV cache and the per-token FLOPs; 0 = each model's own context_length.
    std::uint64_t context = 0;
    ByteUnits units = ByteUnits::Decimal;
    std::string kv_precision = "fp16";
    // Weight precisions (precision.h ids); bytes are N·bits/8, rounded up once
    // (nominalWeightBytes, the teaching guide part 5).
    std::vector<std::string> weight_precisions{"fp32", "bf16", "int8", "int4"};
    // Chinchilla's compute-optimal tokens per parameter (Hoffmann et al. 2022 Table 3; the teaching
    // guide part 7): D = k·N_total, training compute 6·N_active·D (Kaplan et al. 2020 §2.1).
    std::uint64_t tokens_per_param = 20;
    // The My hardware view's machine: when set, rows say whether each model runs on it at
    // `hardware_precision` (runs.h evaluateRun), how many GPUs it needs, the largest context
    // and the decode estimate.
    std::optional<RunQuery> hardware;
    std::string hardware_precision = "fp16";
};

struct ComparisonTable {
    std::vector<std::string> names;
    std::vector<TableRow> rows;
    TableOptions options;
    // What the export is about (export_caption.h: the model, the workload, the app's version);
    // written by the exports below when set, never shown in the window.
    std::string caption;
    const TableRow* row(std::string_view key) const; // nullptr when absent
};

// Rows, in order: shape (d_model, n_layers, n_heads, n_kv_heads, head_dim, d_ff, vocab_size,
// context_length; expert rows when any model is MoE), total and active parameters, the published
// figure (when any model carries one: "117M headline (+6.4%)"), each component present in any
// model, weights per precision, KV cache per token and at the context, forward FLOPs per token at
// the context, the published training tokens and tokens per parameter against Chinchilla (with
// the published figure), Chinchilla tokens and training compute; with a machine
// (options.hardware), whether it runs there, the GPUs it needs, the largest context and decode
// tokens/s.
// Throws std::invalid_argument unless 1 ≤ configs.size() ≤ kMaxCompared; InvalidConfigError for
// an invalid configuration.
ComparisonTable buildComparisonTable(const std::vector<NamedConfig>& configs,
                                     const TableOptions& options = {});
// The same, counting each model through `counts` (a comparison that keeps its cache across
// recomputations counts only the models added since).
ComparisonTable buildComparisonTable(CountCache& counts, const std::vector<NamedConfig>& configs,
                                     const TableOptions& options = {});

// CSV (RFC 4180: CRLF line ends; fields with a comma, quote, CR or LF are quoted, quotes
// doubled). Header: key,label,unit,differs,<name>…; cells hold TableCell::exact(). A caption is
// a last row: export.caption,<caption>,,false,<empty cell per model>.
std::string tableToCsv(const ComparisonTable& table);
// Markdown: the display texts; differing rows have their label in bold; '|' escaped. A caption
// is a paragraph in italics above the table.
std::string tableToMarkdown(const ComparisonTable& table);
// {"names": [...], "context": n|null, "units": "GB"|"GiB", "kv_precision": "fp16",
//  "rows": [{"key", "label", "unit", "differs", "cells": [{"value", "exact", "text"}]}]}
// "value" is an unsigned integer for integral cells, else a double.
nlohmann::json tableToJson(const ComparisonTable& table);

} // namespace llmsizer
