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


# Fields a document can be cited for (gpus.json `field_sources`).
FIELD_KEYS = {"memory_gb", "memory_type", "memory_bandwidth_gbs", "fp32", "tf32", "fp16", "fp8", "int8",
              "tdp_w", "interconnect", "release_year"}
KINDS = {"gpu", "inferentia", "trainium"}
STACKS = {"cuda", "rocm", "neuron", None}
USES = {"training", "inference"}


def build(inp: Inputs) -> list[dict]:
    rows = {r["name"]: r for r in read_csv(inp.ref / "gpus.csv")}
    curated = load_json(inp, "gpus.json")
    cites = any(g.get("field_sources") for g in curated)
    known_sources = {s["id"] for s in load_json(inp, "sources.json")} if cites else set()
    out = []
    for g in curated:
        row = rows.get(g["csv"]) if g["csv"] else None
        if g["csv"] and row is None:
            raise SystemExit(f"gpus.json: csv row {g['csv']!r} not found")
        # Cross-check: every curated figure must appear in the CSV cell, unless a
        # document cited for that field (field_sources) states it: the vendor's
        # exact figure wins over a rounded cell (src/data/README.md).
        cited = g.get("field_sources", {})
        for f, s in cited.items():
            if f not in FIELD_KEYS:
                raise SystemExit(f"{g['id']}.field_sources: unknown field {f!r}")
            if s not in known_sources:
                raise SystemExit(f"{g['id']}.field_sources.{f}: unknown source {s!r}")
        if row is not None:
            for key, col, idx in GPU_FIELDS:
                v = g[key] if idx is None else g[key][idx]
                if v is None or key in cited:
                    continue
                if str(v) not in row[col] and fmt(dec(v)) not in row[col]:
                    raise SystemExit(f"{g['id']}.{key}: {v} not in gpus.csv {col}={row[col]!r}")
        if g["kind"] not in KINDS or g["stack"] not in STACKS or not g["uses"] or set(g["uses"]) - USES:
            raise SystemExit(f"{g['id']}: kind/stack/uses {g['kind']!r}/{g['stack']!r}/{g['uses']!r}")
        if g["kind"] != "gpu" and not g.get("kind_source"):
            raise SystemExit(f"{g['id']}: an accelerator that is not a GPU needs kind_source")
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
            "kind": g["kind"], "stack": g["stack"], "uses": g["uses"], "architecture": g["architecture"],
            **({"kind_source": g["kind_source"]} if g.get("kind_source") else {}),
            **({"frameworks": g["frameworks"], "frameworks_source": g["frameworks_source"]} if g.get("frameworks") else {}),
            **({"field_sources": [{"field": f, "source": s} for f, s in sorted(g["field_sources"].items())]}
               if g.get("field_sources") else {}),
            "sources": g["sources"], **({"note": g["note"]} if g.get("note") else {}),
        })
    return out
