#!/usr/bin/env python3
"""The speed model's calibration and held-out tables of docs/compute.md ("Speed model").

Each published measurement in docs/data/speed-calibration.json (the fit's) and
docs/data/speed-heldout.json (kept apart: other sources, GPUs and runtimes) is set beside the
estimate `llm-sizer-cli runs` gives for the same machine, runtime, model, precision, context and
batch (and, on an AMD Radeon, llama.cpp backend: a row's "backend" goes to --backend). With --fit
the script fits each runtime family's constants (runtime.h SpeedConstants) to the calibration rows
alone, from the step terms the CLI reports, and prints them. The rows on AMD Radeon cards pin only
the AMD GDDR efficiencies, one per backend (bandwidth_gddr_amd: ROCm/HIP, bandwidth_gddr_amd_vulkan:
Vulkan), each fitted to its own backend's rows after the rest, with the shared constants (layer
cost, quantized efficiency) held at the other rows' fit. The Vulkan rows also pin
vulkan_expert_efficiency, the share of the Vulkan efficiency a MoE's routed experts reach: it is
fitted jointly with bandwidth_gddr_amd_vulkan (the dense rows pin the efficiency, the MoE rows the
expert share).

    scripts/calibration.py build/release/app/llm-sizer-cli [--fit | --record]

--record writes each calibration row's estimate beside it (tst_calibration then fails when a
change of the model moves one).
"""
import json
import math
import pathlib
import statistics
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
args = [a for a in sys.argv[1:] if not a.startswith("--")]
cli = args[0] if args else str(root / "build/release/app/llm-sizer-cli")
fit = "--fit" in sys.argv
record = "--record" in sys.argv
data = root / "docs/data"
sets = {"calibration": json.loads((data / "speed-calibration.json").read_text()),
        "held-out": json.loads((data / "speed-heldout.json").read_text())}
# TensorRT-LLM's own runs: shown beside the estimates, neither fitted nor counted in the held-out
# errors (the TensorRT-LLM profile takes the vLLM/SGLang constants).
reported = {"TensorRT-LLM (measured, not fitted)":
            json.loads((data / "speed-tensorrt-llm.json").read_text())}
cache = {}


def key_of(m):
    return (m["gpu"], m["gpus"], m["runtime"], m.get("backend"), m["context"], m["batch"],
            m["prompt"], m["preset"])


def constants(m):
    """The speed constants the CLI reports for the measurement's runtime."""
    run(m)
    return cache[key_of(m)]["speed_constants"]


def run(m):
    """The row of `runs` for the measurement, at the machine it ran on (all its GPUs)."""
    key = key_of(m)
    if key not in cache:
        cmd = [cli, "runs", "--gpu", m["gpu"], "--gpus", str(m["gpus"]), "--runtime", m["runtime"],
               "--context", str(m["context"]), "--batch", str(m["batch"]), "--prompt",
               str(m["prompt"]), "--preset", m["preset"], "--json"]
        if m.get("backend"):
            cmd += ["--backend", m["backend"]]
        cache[key] = json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                               text=True).stdout)
    for r in cache[key]["rows"]:
        if r["precision"] == m["precision"]:
            if r["gpus"] != m["gpus"] and r["whole_machine"]:
                w = r["whole_machine"]
                return {"decode_tokens_per_s": w["decode_tokens_per_s"],
                        "prefill_tokens_per_s": w["prefill_tokens_per_s"],
                        "decode_terms": w["decode_terms"], "prefill_terms": w["prefill_terms"]}
            return r
    raise SystemExit(f"no {m['precision']} row for {m['preset']} on {m['runtime']}")


FAMILY = {"llama.cpp": "llama.cpp", "ollama": "llama.cpp", "vllm": "serving", "sglang": "serving",
          "tensorrt-llm": "serving", "mlx": "mlx", "transformers": "transformers"}
DECODE = ["bandwidth_gddr", "bandwidth_gddr_amd", "bandwidth_gddr_amd_vulkan", "bandwidth_hbm",
          "bandwidth_unified",
          "bandwidth_lpddr5x",
          "quantized_efficiency",
          "layer_us", "legacy_layer_us", "allreduce_us", "moe_dispatch_us", "hop_us",
          "expert_visit_us", "latent_layer_us", "instinct_fixed_factor"]
PREFILL = ["prefill_consumer", "prefill_pro", "prefill_datacenter", "prefill_unified"]


def step(t, c, legacy=False):
    q = 1 + t.get("quantized_share", 0) * (1 / c["quantized_efficiency"] - 1)
    mem = (t["gddr_s"] / c["bandwidth_gddr"] + t["gddr_amd_s"] / c["bandwidth_gddr_amd"] +
           t.get("gddr_amd_vulkan_s", 0) / c["bandwidth_gddr_amd_vulkan"] +
           t.get("gddr_amd_vulkan_expert_s", 0) /
           (c["bandwidth_gddr_amd_vulkan"] * c.get("vulkan_expert_efficiency", 1)) +
           t["hbm_s"] / c["bandwidth_hbm"] +
           t["unified_s"] / c["bandwidth_unified"] + t["lpddr5x_s"] / c["bandwidth_lpddr5x"] +
           t["ddr_s"] / c.get("bandwidth_ddr", 0.6)) * q
    layer = c["legacy_layer_us"] if legacy else c["layer_us"]
    fixed = (t["layers"] * layer + t["allreduces"] * c["allreduce_us"] +
             t["moe_dispatches"] * c["moe_dispatch_us"] + t["hops"] * c["hop_us"] +
             t.get("expert_visits", 0) * c.get("expert_visit_us", 0) +
             t.get("latent_layers", 0) * c.get("latent_layer_us", 0)) * 1e-6
    if t.get("instinct", 0) > 0:
        fixed *= c.get("instinct_fixed_factor", 1)
    comp = t["compute_s"] / c["prefill_" + {"pro": "pro"}.get(t["prefill_class"],
                                                               t["prefill_class"])] \
        if t["compute_s"] > 0 else 0
    return max(mem, comp) + fixed


def nelder_mead(f, x0, steps, iters=4000):
    """Minimises f from x0 (pure Python: the build machine has no SciPy)."""
    n = len(x0)
    pts = [list(x0)] + [[x + (steps[i] if j == i else 0) for j, x in enumerate(x0)]
                        for i in range(n)]
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(n + 1), key=lambda i: vals[i])
        pts, vals = [pts[i] for i in order], [vals[i] for i in order]
        c = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        r = [c[j] + (c[j] - pts[-1][j]) for j in range(n)]
        fr = f(r)
        if fr < vals[0]:
            e = [c[j] + 2 * (c[j] - pts[-1][j]) for j in range(n)]
            fe = f(e)
            pts[-1], vals[-1] = (e, fe) if fe < fr else (r, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = r, fr
        else:
            k = [c[j] + 0.5 * (pts[-1][j] - c[j]) for j in range(n)]
            fk = f(k)
            if fk < vals[-1]:
                pts[-1], vals[-1] = k, fk
            else:
                pts = [pts[0]] + [[pts[0][j] + 0.5 * (p[j] - pts[0][j]) for j in range(n)]
                                  for p in pts[1:]]
                vals = [vals[0]] + [f(p) for p in pts[1:]]
    return pts[0]


def fit_family(rows, names, kind, start):
    """Constants `names` minimising the squared log error of the rows' `kind` estimates."""
    def loss(x):
        c = dict(start)
        for n, v in zip(names, x):
            # A decode step streams at most 90 % of peak bandwidth (the best streaming kernels'
            # share); efficiencies are shares.
            if v <= 0 or (n.startswith(("prefill", "quantized", "vulkan")) and v > 1) or \
                    (n == "instinct_fixed_factor" and v < 1) or \
                    (n.startswith("bandwidth") and v > 0.9):
                return 1e9
            c[n] = v
        return sum(math.log(step(r[kind + "_terms"], c, m.get("legacy", False)) * m["rate"] /
                            m["tokens"]) ** 2 for m, r in rows)
    return dict(zip(names, nelder_mead(loss, [start[n] for n in names],
                                       [0.1 * start[n] for n in names])))


def estimate_of(m):
    """Decode (per sequence) and prefill estimates for a measurement, as tst_calibration does."""
    r = run(m)
    d = r["decode_tokens_per_s"] / m["batch"] if r["decode_tokens_per_s"] else None
    p = r["prefill_tokens_per_s"]
    if m.get("legacy"):
        c = constants(m)
        d = 1 / step(r["decode_terms"], c, True) if d else None
        p = m["prompt"] / step(r["prefill_terms"], c, True) if p else None
    return d, p


def table(name, rows):
    print(f"### {name}\n")
    print("| # | GPU | runtime | model, precision | measured decode | estimate | error "
          "| measured prefill | estimate | error |")
    print("|--:|---|---|---|--:|--:|--:|--:|--:|--:|")
    dec, pre = [], []
    for i, m in enumerate(rows, 1):
        d, p = estimate_of(m)
        runtime = m["runtime"] + (f" ({m['backend']})" if m.get("backend") else "")
        cells = [str(i), f"{m['gpus']}× {m['gpu']}", runtime, f"{m['preset']} {m['precision']}"]
        for meas, est, errs in ((m["measured_decode_tokens_per_s"], d, dec),
                                (m["measured_prefill_tokens_per_s"], p, pre)):
            if meas is None:
                cells += ["–", f"{est:.1f}" if est else "–", "–"]
                continue
            if est is None:
                cells += [f"{meas:.1f}", "none", "–"]
                errs.append(float("inf"))
                continue
            e = (est - meas) / meas
            errs.append(abs(e))
            cells += [f"{meas:.1f}", f"{est:.1f}", f"{100 * e:+.0f}%"]
        print("| " + " | ".join(cells) + " |")
    print()
    for what, errs in (("Decode", dec), ("Prefill", pre)):
        if errs:
            print(f"{what}: {len(errs)} measurements, median absolute error "
                  f"{100 * statistics.median(errs):.0f}%, largest {100 * max(errs):.0f}%.")
    print()


if fit:
    for fam in ("llama.cpp", "serving", "transformers"):
        dec, pre, amd, vulkan = [], [], [], []
        for m in sets["calibration"]:
            if FAMILY[m["runtime"]] != fam:
                continue
            r = run(m)
            row = ({"rate": m["measured_decode_tokens_per_s"], "tokens": 1,
                    "legacy": m.get("legacy", False)}, r)
            if r["decode_terms"]["gddr_amd_s"] > 0:
                amd.append(row)
                continue
            if r["decode_terms"].get("gddr_amd_vulkan_s", 0) > 0 or \
                    r["decode_terms"].get("gddr_amd_vulkan_expert_s", 0) > 0:
                vulkan.append(row)
                continue
            dec.append(row)
            if m["measured_prefill_tokens_per_s"]:
                pre.append(({"rate": m["measured_prefill_tokens_per_s"],
                             "tokens": m["prompt"], "legacy": m.get("legacy", False)}, r))
        start = {"bandwidth_gddr": 0.8, "bandwidth_gddr_amd": 0.7,
                 "bandwidth_gddr_amd_vulkan": 0.7, "vulkan_expert_efficiency": 0.8,
                 "bandwidth_hbm": 0.7,
                 "bandwidth_unified": 0.75,
                 "bandwidth_lpddr5x": 0.8,
                 "bandwidth_ddr": 0.6, "quantized_efficiency": 0.85, "layer_us": 50,
                 "allreduce_us": 15, "moe_dispatch_us": 100, "hop_us": 100, "legacy_layer_us": 90,
                 "expert_visit_us": 0, "latent_layer_us": 0, "instinct_fixed_factor": 1,
                 "prefill_consumer": 0.3, "prefill_pro": 0.3, "prefill_datacenter": 0.2,
                 "prefill_unified": 0.5, "prefill_cpu": 0.66}
        for k in ("bandwidth_gddr", "bandwidth_hbm", "bandwidth_unified", "bandwidth_lpddr5x"):
            start[k] = min(start[k], 0.85)
        used = [n for n in DECODE if any(r["decode_terms"].get(
            {"bandwidth_gddr": "gddr_s", "bandwidth_gddr_amd": "gddr_amd_s",
             "bandwidth_gddr_amd_vulkan": "gddr_amd_vulkan_s",
             "bandwidth_hbm": "hbm_s", "bandwidth_unified": "unified_s", "bandwidth_lpddr5x": "lpddr5x_s",
             "quantized_efficiency": "quantized_share",
             "layer_us": "layers", "legacy_layer_us": "layers", "allreduce_us": "allreduces",
             "moe_dispatch_us": "moe_dispatches", "hop_us": "hops",
             "expert_visit_us": "expert_visits", "latent_layer_us": "latent_layers",
             "instinct_fixed_factor": "instinct"}[n], 0) > 0 for _, r in dec)]
        if not any(m.get("legacy") for m, _ in dec):
            used = [n for n in used if n != "legacy_layer_us"]
        # A routed expert's visit, latent attention and an Instinct's fixed costs are serving
        # engines' terms; llama.cpp's MoE runs are within its layer cost.
        used = [n for n in used
                if n not in ("expert_visit_us", "latent_layer_us", "instinct_fixed_factor")]
        if fam == "serving":
            # The layer cost, a routed expert's visit, a latent-attention layer and an AMD
            # Instinct's fixed costs; the bandwidth is held at the best streaming kernels' 90 %
            # and an all-reduce of the hidden state at vLLM's custom all-reduce latency.
            used = ["layer_us", "expert_visit_us", "latent_layer_us", "instinct_fixed_factor"]
            start["allreduce_us"] = 8
            start["bandwidth_hbm"] = 0.9
            start["moe_dispatch_us"] = 0
            start.update({"expert_visit_us": 5, "latent_layer_us": 300,
                          "instinct_fixed_factor": 1.2})
        c = fit_family(dec, used, "decode", start)
        start.update(c)
        classes = {r["prefill_terms"]["prefill_class"] for _, r in pre}
        usedp = [n for n in PREFILL if n.split("_")[1] in classes]
        if pre:
            start.update(fit_family(pre, usedp, "prefill", start))
        # Each AMD backend's efficiency on its own rows alone, the other constants held; on
        # Vulkan with the share its MoE rows' routed experts reach, when there are such rows.
        moe = any(r["decode_terms"].get("gddr_amd_vulkan_expert_s", 0) > 0 for _, r in vulkan)
        for rows, names in ((amd, ["bandwidth_gddr_amd"]),
                            (vulkan, ["bandwidth_gddr_amd_vulkan"] +
                             (["vulkan_expert_efficiency"] if moe else []))):
            if rows:
                used += names
                start.update(fit_family(rows, names, "decode", start))
        print(fam, {k: round(v, 3) for k, v in start.items() if k in used + usedp})
elif record:
    for m in sets["calibration"]:
        d, p = estimate_of(m)
        m["estimated_decode_tokens_per_s"] = round(d, 3) if d else None
        m["estimated_prefill_tokens_per_s"] = round(p, 3) if p else None
    path = data / "speed-calibration.json"
    path.write_text(json.dumps(sets["calibration"], indent=1, ensure_ascii=False) + "\n")
else:
    for name, rows in {**sets, **reported}.items():
        table(name, rows)
