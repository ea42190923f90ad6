// The comparison table and its exports. Each figure comes from the module that owns it:
// countParameters (count.h), weight and KV bytes (memory.h), FLOPs (compute.h).
#include "llmsizer/present/table.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/present/hardware_view.h"
#include "llmsizer/present/preset_facts.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

TableCell integerCell(u64 v, std::string text)
{
    TableCell c;
    c.integer = v;
    c.text = std::move(text);
    return c;
}

TableCell realCell(double v, std::string text)
{
    TableCell c;
    c.integral = false;
    c.real = v;
    c.text = std::move(text);
    return c;
}

// FLOPs as the other views show them: per token with an SI prefix ("161.0 GFLOP", as the
// Overview), a training run in powers of ten ("5.97e23 FLOP", as Compute budget).
TableCell flopsCell(double v)
{
    return realCell(v, formatFlops(v));
}

TableCell trainingFlopsCell(double v)
{
    return realCell(v, scientificText(v) + " FLOP");
}

struct Column {
    const NamedConfig* named = nullptr;
    ParamCount count;
    u64 context = 0;
    bool capped = false; // the context asked for is past the model's own: counted at its own
};

// A cell counted at the model's own context, the one asked for being longer: said on it.
TableCell atOwnContext(TableCell cell, const Column& c)
{
    if (c.capped) {
        cell.text += " (at its " + withThousands(c.context) + ")";
        cell.detail = "Longer than this model's context of " + withThousands(c.context) +
                      " tokens: counted at " + withThousands(c.context) + ".";
    }
    return cell;
}

class RowAdder {
public:
    RowAdder(const std::vector<Column>& columns, std::vector<TableRow>& rows)
        : m_columns(columns), m_rows(rows)
    {
    }
    // Adds a row; skipIfAllZero leaves out rows that are zero for every model (a router row
    // in a table of dense models).
    void add(std::string key, std::string label, std::string unit,
             const std::function<TableCell(const Column&)>& cell, bool skipIfAllZero = false)
    {
        TableRow row{std::move(key), std::move(label), std::move(unit), {}, false, {}};
        bool anyNonZero = false;
        for (const Column& c : m_columns) {
            row.cells.push_back(cell(c));
            anyNonZero = anyNonZero || row.cells.back().value() != 0.0;
            row.differs = row.differs || row.cells.back().exact() != row.cells.front().exact();
        }
        if (skipIfAllZero && !anyNonZero) {
            return;
        }
        m_rows.push_back(std::move(row));
    }

private:
    const std::vector<Column>& m_columns;
    std::vector<TableRow>& m_rows;
};

// The machine's rows: one evaluateRun per model, read by four rows.
void addHardwareRows(RowAdder& rows, const std::vector<Column>& columns, const RunQuery& q,
                     const Precision& precision)
{
    std::vector<RunRow> runs;
    runs.reserve(columns.size());
    for (const Column& c : columns) {
        runs.push_back(evaluateRun(c.named->config, c.count, precision, q));
    }
    auto runOf = [&columns, &runs](const Column& c) -> const RunRow& {
        return runs[static_cast<std::size_t>(&c - columns.data())];
    };
    const std::string on = std::to_string(q.hardware.gpus) + " × " + q.hardware.gpu.name;
    rows.add("hardware.runs",
             "Runs on " + on + " (" + precision.label + ", " + q.runtime.label + ")", "",
             [&](const Column& c) {
                 const RunRow& r = runOf(c);
                 const std::string text = runVerdictText(r, true);
                 // 1 fits … 5 does not (runs.h RunVerdict order)
                 return integerCell(static_cast<u64>(r.verdict) + 1, text);
             });
    // A unified-memory device (a Mac, a DGX Spark, a CPU-only machine) runs a model alone: more
    // of it is no answer ("more than 4,096" CPUs).
    const bool alone = q.hardware.gpu.unified_memory;
    rows.add("hardware.gpus_needed", "GPUs needed (this kind)", "GPUs", [&](const Column& c) {
        const u64 n = runOf(c).gpus_needed;
        return integerCell(n, n != 0  ? withThousands(n)
                              : alone ? std::string("– (one device runs it alone)")
                                      : std::string("more than 4,096"));
    });
    rows.add("hardware.max_context", "Largest context there", "tokens", [&](const Column& c) {
        const u64 n = runOf(c).max_context;
        return integerCell(n, n == 0 ? std::string("–") : withThousands(n));
    });
    rows.add("hardware.decode", "Decode tokens/s there (estimate)", "tokens/s",
             [&](const Column& c) {
                 const std::optional<double> v = runOf(c).decode_tokens_per_s;
                 return realCell(v.value_or(0), v ? text::fixed(*v, 1) : std::string("–"));
             });
}

} // namespace

double TableCell::value() const
{
    return integral ? static_cast<double>(integer) : real;
}

std::string TableCell::exact() const
{
    if (integral) {
        return std::to_string(integer);
    }
    return text::general(real, 17);
}

const TableRow* ComparisonTable::row(std::string_view key) const
{
    for (const TableRow& r : rows) {
        if (r.key == key) {
            return &r;
        }
    }
    return nullptr;
}

ComparisonTable buildComparisonTable(const std::vector<NamedConfig>& configs,
                                     const TableOptions& options)
{
    CountCache counts;
    return buildComparisonTable(counts, configs, options);
}

ComparisonTable buildComparisonTable(CountCache& counts, const std::vector<NamedConfig>& configs,
                                     const TableOptions& options)
{
    if (configs.empty() || configs.size() > kMaxCompared) {
        throw std::invalid_argument("a comparison holds 1 to " + std::to_string(kMaxCompared) +
                                    " configurations (got " + std::to_string(configs.size()) + ")");
    }
    const Precision kv = kvPrecisionById(options.kv_precision, "kv_precision");
    std::vector<Precision> weights;
    for (const std::string& id : options.weight_precisions) {
        weights.push_back(precisionById(id, "weight_precisions"));
    }

    ComparisonTable t;
    t.options = options;
    std::vector<Column> columns;
    bool anyMoe = false;
    for (const NamedConfig& nc : configs) {
        t.names.push_back(nc.name);
        const u64 own = nc.config.context_length;
        const u64 asked = options.context == 0 ? own : options.context;
        const bool capped = own > 0 && asked > own;
        columns.push_back({&nc, counts.count(nc.config), capped ? own : asked, capped});
        anyMoe = anyMoe || nc.config.isMoe();
    }

    RowAdder rows(columns, t.rows);
    auto shape = [&rows](const char* key, u64 (*get)(const ModelConfig&)) {
        rows.add(key, key, "", [get](const Column& c) {
            const u64 v = get(c.named->config);
            return integerCell(v, withThousands(v));
        });
    };
    shape("d_model", [](const ModelConfig& c) { return c.d_model; });
    shape("n_layers", [](const ModelConfig& c) { return c.n_layers; });
    shape("n_heads", [](const ModelConfig& c) { return c.n_heads; });
    shape("n_kv_heads", [](const ModelConfig& c) { return c.n_kv_heads; });
    // MLA has no single head size: q·k heads are nope + rope wide, v heads v_head_dim (DeepSeek-V3:
    // 128 + 64 = 192 and 128); d_model / n_heads would be a number no tensor has.
    rows.add("head_dim", "head_dim", "", [](const Column& col) {
        const ModelConfig& c = col.named->config;
        if (c.attention == AttentionKind::Latent) {
            const u64 qk = c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim;
            return integerCell(qk, withThousands(qk) + " q·k, " + withThousands(c.mla.v_head_dim) +
                                       " v (MLA)");
        }
        const u64 v = c.effectiveHeadDim();
        return integerCell(v, withThousands(v));
    });
    shape("d_ff", [](const ModelConfig& c) { return c.effectiveDff(); });
    shape("vocab_size", [](const ModelConfig& c) { return c.vocab_size; });
    shape("context_length", [](const ModelConfig& c) { return c.context_length; });
    if (anyMoe) {
        shape("n_routed_experts", [](const ModelConfig& c) { return c.moe.n_routed_experts; });
        shape("experts_per_token", [](const ModelConfig& c) { return c.moe.experts_per_token; });
        shape("expert_d_ff", [](const ModelConfig& c) { return c.moe.expert_d_ff; });
    }

    auto countCell = [](u64 v) {
        TableCell cell = integerCell(v, v == 0 ? "0" : countWithShort(v));
        cell.short_text = v == 0 ? "0" : shortCount(v);
        return cell;
    };
    rows.add("total_params", "Total parameters", "parameters", [&](const Column& c) {
        TableCell cell = countCell(c.count.total);
        if (!c.named->config.estimate.empty()) {
            // A model type the tool does not know: the figure is an estimate, said on it.
            cell.text = "estimate: " + cell.text;
            cell.short_text = "estimate " + cell.short_text;
        }
        return cell;
    });
    rows.add("active_params", "Active parameters per token", "parameters",
             [&](const Column& c) { return countCell(c.count.active); });
    const bool anyPublished = std::any_of(configs.begin(), configs.end(),
                                          [](const NamedConfig& nc) { return nc.published; });
    if (anyPublished) {
        rows.add("published", "Published figure", "parameters",
                 [&](const Column& c) { return publishedCell(*c.named, c.count.total); });
    }
    if (std::any_of(columns.begin(), columns.end(),
                    [](const Column& c) { return !c.count.checkpoint_extras.empty(); })) {
        rows.add("checkpoint_extras", "In the checkpoint, not in the model", "parameters",
                 [&](const Column& c) {
                     u64 extra = 0;
                     bool perhaps = false;
                     for (const CheckpointExtra& e : c.count.checkpoint_extras) {
                         // A line the family's checkpoints may or may not hold stays out of the
                         // sum and marks it.
                         if (e.known) {
                             extra += e.params;
                         } else {
                             perhaps = true;
                         }
                     }
                     TableCell cell = countCell(extra);
                     if (extra != 0) {
                         cell.text = "+" + cell.text;
                         cell.short_text = "+" + cell.short_text;
                     }
                     if (perhaps) {
                         cell.text += " (perhaps more)";
                         cell.short_text += "?";
                     }
                     return cell;
                 });
    }
    for (Component comp : kAllComponents) {
        if (comp != Component::Mlp) {
            rows.add(
                "params." + std::string(componentKey(comp)), std::string(componentLabel(comp)),
                "parameters", [&](const Column& c) { return countCell(c.count.params(comp)); },
                true);
            continue;
        }
        // The MLP split as the pies split it (pieSlices): an MoE model's routed and shared
        // experts are rows of their own, not "MLP".
        rows.add(
            "params.mlp", anyMoe ? "Dense MLP" : "MLP", "parameters",
            [&](const Column& c) {
                const ComponentCount& mlp = c.count.get(Component::Mlp);
                return countCell(mlp.params - mlp.part("routed_experts") -
                                 mlp.part("shared_experts"));
            },
            true);
        rows.add(
            "params.experts", "Routed experts", "parameters",
            [&](const Column& c) {
                return countCell(c.count.get(Component::Mlp).part("routed_experts"));
            },
            true);
        rows.add(
            "params.shared_experts", "Shared experts", "parameters",
            [&](const Column& c) {
                return countCell(c.count.get(Component::Mlp).part("shared_experts"));
            },
            true);
    }

    auto bytesCell = [&](u64 v) { return integerCell(v, formatBytes(v, options.units)); };
    for (const Precision& p : weights) {
        rows.add("weights." + p.id, "Weights " + p.label, "bytes",
                 [&](const Column& c) { return bytesCell(nominalWeightBytes(c.count.total, p)); });
    }
    rows.add("kv_per_token", "KV cache per token (" + kv.label + ")", "bytes",
             [&](const Column& c) {
                 return bytesCell(kvCache(c.named->config, 1, 1, kv).bytes_per_token);
             });
    const std::string at = options.context == 0 ? std::string("model context")
                                                : withThousands(options.context) + " tokens";
    rows.add("kv_at_context", "KV cache at " + at + " (" + kv.label + ")", "bytes",
             [&](const Column& c) {
                 return atOwnContext(bytesCell(kvCache(c.named->config, c.context, 1, kv).bytes),
                                     c);
             });
    rows.add("flops_per_token", "Forward FLOPs per token at " + at, "FLOP", [&](const Column& c) {
        return atOwnContext(
            flopsCell(decodeFlopsPerToken(c.named->config, c.count, c.context).total()), c);
    });
    if (anyPublished) {
        const auto k = static_cast<double>(options.tokens_per_param);
        rows.add("training_tokens", "Training tokens (published)", "tokens",
                 [&](const Column& c) { return trainingTokensCell(*c.named, c.count.total, k); });
        rows.add("tokens_per_param",
                 "Tokens per parameter (Chinchilla: " + std::to_string(options.tokens_per_param) +
                     ")",
                 "tokens per parameter",
                 [&](const Column& c) { return tokensPerParamCell(*c.named, c.count.total, k); });
    }
    rows.add("chinchilla_tokens",
             "Chinchilla tokens (" + std::to_string(options.tokens_per_param) + " per parameter)",
             "tokens", [&](const Column& c) {
                 return countCell(
                     checkedMul(options.tokens_per_param, c.count.total, "Chinchilla tokens"));
             });
    rows.add("training_flops", "Training compute 6·N·D at Chinchilla tokens", "FLOP",
             [&](const Column& c) {
                 const u64 tokens =
                     checkedMul(options.tokens_per_param, c.count.total, "Chinchilla tokens");
                 TableCell cell = trainingFlopsCell(
                     trainingFlops(c.named->config, c.count, static_cast<double>(tokens)).six_nd);
                 // An MoE's N is what a token runs through; its D is Chinchilla's per parameter
                 // held, all of them.
                 if (c.named->config.isMoe()) {
                     cell.detail = "N = the " + shortCount(c.count.active) +
                                   " parameters active per token; D = " +
                                   std::to_string(options.tokens_per_param) + " × all " +
                                   shortCount(c.count.total) + ".";
                 }
                 return cell;
             });
    if (options.hardware) {
        addHardwareRows(rows, columns, *options.hardware,
                        precisionById(options.hardware_precision, "hardware_precision"));
    }
    // The labels that carry their parameters, shortened for a narrow table (the full label is
    // its tooltip).
    for (TableRow& row : t.rows) {
        if (row.key == "hardware.runs") {
            row.short_label = "Runs on my hardware";
        } else if (row.key == "flops_per_token") {
            row.short_label = "Forward FLOPs per token";
        } else if (row.key == "tokens_per_param") {
            row.short_label = "Tokens per parameter";
        } else if (row.key == "chinchilla_tokens") {
            row.short_label = "Chinchilla tokens";
        } else if (row.key == "training_flops") {
            row.short_label = "Training compute 6·N·D";
        }
    }
    return t;
}

} // namespace llmsizer
