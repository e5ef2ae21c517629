"""GPU records: curated gpus.json cross-checked against reference gpus.csv."""

from __future__ import annotations

from common import Inputs, dec, fmt, load_json, read_csv

GPU_FIELDS = [
    ("memory_bandwidth_gbs", "memory_bandwidth_gbs", None),
    ("fp32", "fp32_tflops", None),
    ("tf32", "tf32_tflops_dense", 0), ("tf32", "tf32_tflops_sparse", 1),
    ("fp16", "fp16_bf16_tensor_tflops_dense", 0), ("fp16", "fp16_bf16_tensor_tflops_sparse", 1),
    ("fp8", "fp8_tflops_dense", 0), ("fp8", "fp8_tflops_sparse", 1),
    ("int8", "int8_tops_dense", 0), ("int8", "int8_tops_sparse", 1),
]


def build(inp: Inputs) -> list[dict]:
    rows = {r["name"]: r for r in read_csv(inp.ref / "gpus.csv")}
    out = []
    for g in load_json(inp, "gpus.json"):
        row = rows.get(g["csv"]) if g["csv"] else None
        if g["csv"] and row is None:
            raise SystemExit(f"gpus.json: csv row {g['csv']!r} not found")
        # Cross-check: every curated figure must appear in the CSV cell.
        if row is not None:
            for key, col, idx in GPU_FIELDS:
                v = g[key] if idx is None else g[key][idx]
                if v is None:
                    continue
                if str(v) not in row[col] and fmt(dec(v)) not in row[col]:
                    raise SystemExit(f"{g['id']}.{key}: {v} not in gpus.csv {col}={row[col]!r}")
        num = lambda v: None if v is None else (int(v) if float(v).is_integer() else v)
        out.append({
            "id": g["id"], "name": g["name"], "vendor": g["vendor"],
            "form_factor": g["form_factor"], "memory_gb": g["memory_gb"],
            "memory_type": g["memory_type"],
            "memory_bandwidth_gbs": g["memory_bandwidth_gbs"],
            "fp32_tflops": num(g["fp32"]),
            "tf32_tflops_dense": num(g["tf32"][0]), "tf32_tflops_sparse": num(g["tf32"][1]),
            "fp16_tflops_dense": num(g["fp16"][0]), "fp16_tflops_sparse": num(g["fp16"][1]),
            "fp8_tflops_dense": num(g["fp8"][0]), "fp8_tflops_sparse": num(g["fp8"][1]),
            "int8_tops_dense": num(g["int8"][0]), "int8_tops_sparse": num(g["int8"][1]),
            "sparsity_2to1": g["sparse2"], "interconnect": g["interconnect"],
            "tdp_w": g["tdp_w"], "release_year": g["release_year"],
            "sources": g["sources"], **({"note": g["note"]} if g.get("note") else {}),
        })
    return out
