#!/usr/bin/env python3
"""Prints the calibration table of docs/compute.md: each published speed measurement in
docs/data/speed-measurements.json beside the estimate `llm-sizer-cli runs` gives for the same GPU,
runtime, model, precision and context, and the error.

    scripts/calibration.py build/release/app/llm-sizer-cli
"""
import json
import pathlib
import statistics
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
cli = sys.argv[1] if len(sys.argv) > 1 else str(root / "build/release/app/llm-sizer-cli")
rows = json.loads((root / "docs/data/speed-measurements.json").read_text())


def estimate(m):
    args = [cli, "runs", "--gpu", m["gpu"], "--gpus", str(m["gpus"]), "--runtime", m["runtime"],
            "--context", str(m["context"]), "--batch", str(m["batch"]), "--prompt",
            str(m["prompt"]), "--preset", m["preset"], "--json"]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    for r in out["rows"]:
        if r["precision"] == m["precision"]:
            return r
    raise SystemExit(f"no {m['precision']} row for {m['preset']} on {m['runtime']}")


def err(est, measured):
    return (est - measured) / measured


print("| # | GPU | runtime | model, precision | measured decode | estimate | error "
      "| measured prefill | estimate | error |")
print("|--:|---|---|---|--:|--:|--:|--:|--:|--:|")
decode_errors, prefill_errors = [], []
for i, m in enumerate(rows, 1):
    r = estimate(m)
    # The estimate is for all sequences of the batch; measurements are per sequence.
    d = r["decode_tokens_per_s"] / m["batch"] if r["decode_tokens_per_s"] else None
    p = r["prefill_tokens_per_s"]
    md, mp = m["measured_decode_tokens_per_s"], m["measured_prefill_tokens_per_s"]
    cells = [str(i), f"{m['gpus']}× {m['gpu']}", m["runtime"], f"{m['preset']} {m['precision']}"]
    for meas, est, errs in ((md, d, decode_errors), (mp, p, prefill_errors)):
        if meas is None or est is None:
            cells += [f"{meas:.1f}" if meas else "–", f"{est:.1f}" if est else "–", "–"]
            continue
        e = err(est, meas)
        errs.append(abs(e))
        cells += [f"{meas:.1f}", f"{est:.1f}", f"{100 * e:+.0f}%"]
    print("| " + " | ".join(cells) + " |")
print()
print(f"Decode: {len(decode_errors)} measurements, median absolute error "
      f"{100 * statistics.median(decode_errors):.0f}%, largest {100 * max(decode_errors):.0f}%.")
print(f"Prefill: {len(prefill_errors)} measurements, median absolute error "
      f"{100 * statistics.median(prefill_errors):.0f}%, largest {100 * max(prefill_errors):.0f}%.")
