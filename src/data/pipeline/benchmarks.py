"""Training-throughput benchmarks for the cost-per-job engine: the Lambda
deeplearning-benchmark PyTorch fp16 (mixed-precision) rows for ResNet-50
training and BERT-large SQuAD fine-tuning, from benchmarks.csv in the
reference data. Python 3.11 standard library only.

Only rows whose GPU maps to a catalog GPU id are kept; the others are logged
as dropped, never guessed. Units are samples per second (images/s for
ResNet-50, sequences/s for BERT); the source CSV does not state them, the
reference-data notes infer them."""

from __future__ import annotations

from common import DROPPED, Inputs, dec, fmt, load_json, read_csv

SERVE_SOURCE = "mlperf-inf41"
SERVE_AS_OF = "2024-08-28"

SOURCE = "lambda-bench"
AS_OF = "2024-07-24"
SUITE = "Lambda deeplearning-benchmark (PyTorch NGC)"
REFERENCE = "lambdal/deeplearning-benchmark pytorch/pytorch-train-throughput-fp16.csv @4e11f6891ada05d1b317309d9b72c6072aa166d1"
PRECISION = "fp16 (mixed)"

WORKLOADS = {"ResNet-50 training": "resnet50", "BERT-large SQuAD fine-tune": "bert_large"}

# Lambda's GPU names → catalog GPU ids. "V100 16GB": the only 16 GB V100 in
# the catalog is the SXM2 part (Lambda does not state the form factor).
GPU_IDS = {
    "V100 16GB": "v100-16-sxm2",
    "A10": "a10",
    "A100 40GB PCIe": "a100-40-pcie",
    "A100 80GB PCIe": "a100-80-pcie",
    "A100 80GB SXM4": "a100-80-sxm",
    "H100 80GB PCIe Gen5": "h100-pcie",
    "H100 80GB SXM5": "h100-sxm",
}


def build(inp: Inputs, gpus_by_id: dict) -> list[dict]:
    """Benchmark records in CSV order, duplicates (same GPU, count, workload,
    system and figure) removed."""
    out: list[dict] = []
    seen: set = set()
    for r in read_csv(inp.ref / "benchmarks.csv"):
        if r["benchmark_suite"] != SUITE or r["precision"] != PRECISION or r["workload"] not in WORKLOADS:
            continue
        if REFERENCE not in r["source"]:
            raise SystemExit(f"benchmarks.csv: unexpected source {r['source']!r}")
        gpu = GPU_IDS.get(r["gpu"])
        if gpu is None or gpu not in gpus_by_id:
            DROPPED.append(f"benchmark {r['gpu']} x{r['gpu_count']} {r['workload']}: no catalog GPU")
            continue
        count = int(r["gpu_count"])
        value = dec(r["value"])
        if count < 1 or value <= 0:
            raise SystemExit(f"benchmarks.csv: bad row {r}")
        rec = {"gpu": gpu, "gpu_count": count, "workload": WORKLOADS[r["workload"]], "precision": "fp16_mixed",
               "samples_per_sec": fmt(value), "system": r["system_or_config"].strip(), "source": SOURCE,
               "as_of": AS_OF}
        key = tuple(rec.values())
        if key in seen:
            continue
        seen.add(key)
        out.append(rec)
    # LLM serving: measured tokens/s (MLPerf Inference, Llama 2 70B Offline)
    serving = load_json(inp, "mlperf_inference.json")["rows"] if (inp.curated / "mlperf_inference.json").exists() else []
    for r in serving:
        if r["gpu"] not in gpus_by_id or int(r["gpu_count"]) < 1 or dec(r["tokens_per_s"]) <= 0:
            raise SystemExit(f"mlperf_inference.json: bad row {r}")
        out.append({"gpu": r["gpu"], "gpu_count": int(r["gpu_count"]), "workload": "llama2_70b_offline",
                    "precision": "as_submitted", "samples_per_sec": fmt(dec(r["tokens_per_s"])),
                    "system": r["system"], "source": SERVE_SOURCE, "as_of": SERVE_AS_OF})
    return out
