#!/usr/bin/env python3
"""The CPU-only rows of docs/compute.md ("CPU-only machines").

Each CPU of docs/data/speed-cpu.json is entered as a user device (cores, boost clock, FP32 FLOP a
clock, memory channels) and each published llama-bench run on it (pp512, tg128) is set beside the
estimate `llm-sizer-cli runs` gives at 512 tokens of prompt. With --fit the script fits
prefill_cpu and prefill_cpu_cores (runtime.h SpeedConstants) to the calibration rows alone, from
the step terms the CLI reports, and prints them.

    scripts/calibration_cpu.py build/release/app/llm-sizer-cli [--fit]
"""
import json
import math
import pathlib
import statistics
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
args = [a for a in sys.argv[1:] if not a.startswith("--")]
cli = args[0] if args else str(root / "build/release/app/llm-sizer-cli")
data = json.loads((root / "docs/data/speed-cpu.json").read_text())
cpus = {c["id"]: c for c in data["cpus"]}


POWER_LIMITED_W = 30  # system.h kPowerLimitedWatts


def clock(c):
    """The clock the app counts: the base clock of a part held to 30 W or less, if stated."""
    if c.get("tdp_w", 1e9) <= POWER_LIMITED_W and c.get("base_ghz"):
        return c["base_ghz"]
    return c["boost_ghz"]


def device(c):
    tflops = c["cpu_cores"] * clock(c) * c["fp32_flop_per_clock"] / 1000
    return {"id": c["id"], "name": c["name"], "vendor": "CPU", "category": "other",
            "memory_gib": 64, "usable_fraction": 0.9, "memory_type": c["memory_type"],
            "unified_memory": True, "cpu_cores": c["cpu_cores"],
            "bandwidth_gb_s": c["bandwidth_gb_s"], "bf16_dense_tflops": round(tflops, 4),
            "sources": [c["spec"]]}


catalog = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
json.dump({"gpus": [device(c) for c in data["cpus"]]}, catalog)
catalog.close()


def run(m):
    cmd = [cli, "runs", "--user-gpus", catalog.name, "--gpu", m["cpu"], "--gpus", "1",
           "--runtime", "llama.cpp", "--context", "640", "--prompt", "512", "--preset",
           m["preset"], "--precisions", m["precision"], "--json"]
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    for r in out["rows"]:
        if r["precision"] == m["precision"]:
            return r, out["speed_constants"]
    raise SystemExit(f"no {m['precision']} row for {m['preset']} on {m['cpu']}")


def prefill_rate(t, pc, cores_half, ddr):
    eff = pc / (1 + t["cpu_cores"] / cores_half) if cores_half > 0 else pc
    mem = t["ddr_s"] / ddr * (1 + t.get("quantized_share", 0) * (1 / 0.85 - 1))
    return 512 / max(mem, t["compute_s"] * t.get("kernel_slowdown", 1) / eff)


rows = [(m, *run(m)) for m in data["rows"]]
if "--fit" in sys.argv:
    cal = [(m, r, c) for m, r, c in rows if m["set"] == "calibration"]

    def loss(pc, ch):
        return sum(math.log(prefill_rate(r["prefill_terms"], pc, ch, c["bandwidth_ddr"]) /
                            m["pp"]) ** 2 for m, r, c in cal)
    best = min(((loss(pc / 100, ch), pc / 100, ch) for pc in range(20, 301)
                for ch in range(4, 257)), key=lambda x: x[0])
    print(f"prefill_cpu {best[1]:.2f}  prefill_cpu_cores {best[2]}  (log loss {best[0]:.4f})")
    sys.exit(0)

for name in ("calibration", "held-out"):
    print(f"\n{name}\n")
    print("| CPU (cores) | memory | model, precision | measured pp512 | estimate | error |"
          " measured tg | estimate | error | source |")
    print("|---|---|---|--:|--:|--:|--:|--:|--:|---|")
    pe, de = [], []
    for m, r, _ in rows:
        if m["set"] != name:
            continue
        c = cpus[m["cpu"]]
        cells = []
        for meas, key, errs in ((m["pp"], "prefill_tokens_per_s", pe),
                                (m["tg"], "decode_tokens_per_s", de)):
            est = r[key]
            if meas is None:
                cells += ["–", f"{est:.1f}", "–"]
                continue
            e = (est - meas) / meas
            errs.append(abs(e))
            cells += [f"{meas}", f"{est:.1f}", f"{e:+.0%}"]
        mem = f"{c['channels']} × {c['memory_type']}-{c['mt_s']}" + ("" if c["memory_stated"] else " (assumed)")
        print(f"| {c['name']} ({c['cpu_cores']}) | {mem} | {m['preset']} {m['published_precision']} | "
              + " | ".join(cells) + f" | {m['source']} |")
    for label, errs in (("Prefill", pe), ("Decode", de)):
        if errs:
            print(f"\n{label}: {len(errs)} rows, median absolute error "
                  f"{statistics.median(errs):.0%}, largest {max(errs):.0%}.")
pathlib.Path(catalog.name).unlink()
