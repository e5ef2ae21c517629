#!/usr/bin/env python3
"""Build src/data/catalog.json from the reference CSVs plus the curated inputs
in this folder. Python 3.11 standard library only; deterministic output.

    python3 src/data/pipeline/build_catalog.py            # write catalog.json
    python3 src/data/pipeline/build_catalog.py --check    # fail if it would change

Reference data: ../shared/reference-data relative to the repo root
(override with GPUCOST_REF=/path/to/reference-data).
"""

from __future__ import annotations

import csv
import json
import os
import re
import sys
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
REF = Path(os.environ.get("GPUCOST_REF", ROOT.parent / "shared" / "reference-data"))
OUT = ROOT / "src" / "data" / "catalog.json"

AS_OF = "2026-11-29"
SCHEMA = 1

SKY_ASOF = "2025-05 (est.)"
TSAOL_ASOF = "2026-01-21"
LOG: list[str] = []


def log(msg: str) -> None:
    LOG.append(msg)


def dec(s) -> Decimal:
    return Decimal(str(s).strip())


def fmt(d: Decimal) -> str:
    """Plain decimal string, no exponent, no trailing zeros."""
    s = format(d.normalize(), "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def lead_num(cell: str) -> Decimal | None:
    m = re.match(r"\s*([0-9]+(?:\.[0-9]+)?)", cell or "")
    return Decimal(m.group(1)) if m else None


def read_csv(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_json(name: str):
    with open(HERE / name, encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------- prices


def price(model: str, currency: str, source: str, as_of: str, note: str | None = None,
          indicative: bool = False, range_min: Decimal | None = None, **fields) -> dict:
    p: dict = {"model": model}
    for k, v in fields.items():
        p[k] = fmt(v) if isinstance(v, Decimal) else v
    p["currency"] = currency
    p["source"] = source
    p["as_of"] = as_of
    if indicative:
        p["indicative"] = True
    if range_min is not None:
        p["range_min"] = fmt(range_min)
    if note:
        p["note"] = note
    return p


def od(hourly, cur, src, as_of, **kw):
    return price("on_demand", cur, src, as_of, hourly=dec(hourly), **kw)


def spot(lo, hi, cur, src, as_of, **kw):
    return price("spot", cur, src, as_of, hourly_min=dec(lo), hourly_max=dec(hi), **kw)


def ri(term, payment, upfront, hourly, cur, src, as_of, **kw):
    return price("reserved", cur, src, as_of, term_months=term, payment=payment,
                 upfront=dec(upfront), hourly=dec(hourly), **kw)


def sub(monthly, cur, src, as_of, **kw):
    return price("subscription", cur, src, as_of, monthly=dec(monthly), **kw)


def offer(provider, region, itype, family, gpu, count, mem_per_gpu, vcpu, ram, prices,
          spec_sources, history=None, alt=None, note=None) -> dict:
    o = {
        "id": f"{provider}:{region}:{itype}",
        "provider": provider,
        "region": region,
        "instance_type": itype,
        "family": family,
        "gpu": gpu,
        "gpu_count": int(count),
        "gpu_memory_gb": int(count) * int(mem_per_gpu),
        "vcpu": int(vcpu),
        "ram_gib": fmt(dec(ram)),
        "prices": prices,
    }
    if history:
        o["price_history"] = history
    if alt:
        o["alt_prices"] = alt
    o["spec_sources"] = spec_sources
    if note:
        o["note"] = note
    return o


# ---------------------------------------------------------------- GPUs

GPU_FIELDS = [
    ("memory_bandwidth_gbs", "memory_bandwidth_gbs", None),
    ("fp32", "fp32_tflops", None),
    ("tf32", "tf32_tflops_dense", 0), ("tf32", "tf32_tflops_sparse", 1),
    ("fp16", "fp16_bf16_tensor_tflops_dense", 0), ("fp16", "fp16_bf16_tensor_tflops_sparse", 1),
    ("fp8", "fp8_tflops_dense", 0), ("fp8", "fp8_tflops_sparse", 1),
    ("int8", "int8_tops_dense", 0), ("int8", "int8_tops_sparse", 1),
]


def build_gpus() -> list[dict]:
    rows = {r["name"]: r for r in read_csv(REF / "gpus.csv")}
    out = []
    for g in load_json("gpus.json"):
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


# ---------------------------------------------------------------- AWS

AWS_FAMILY_GPU = [  # (prefix incl. dot, family, gpu id); longest prefix first
    ("p3dn.", "p3dn", "v100-32-sxm2"), ("p3.", "p3", "v100-16-sxm2"),
    ("p4de.", "p4de", "a100-80-sxm"), ("p4d.", "p4d", "a100-40-sxm"),
    ("p5en.", "p5en", "h200"), ("p5.", "p5", "h100-sxm"),
    ("g4dn.", "g4dn", "t4"), ("g5.", "g5", "a10g"), ("g6e.", "g6e", "l40s"), ("g6.", "g6", "l4"),
]
AWS_REGIONS = ["us-east-1", "ap-northeast-1", "ap-southeast-1", "ap-east-1"]


def aws_family(itype):
    for pre, fam, gpu in AWS_FAMILY_GPU:
        if itype.startswith(pre):
            return fam, gpu
    return None


def sky_src(row) -> str:
    return "sky-aws2" if "27f67dd4" in row["source"] else "sky-aws"


def build_aws(gpus_by_id) -> list[dict]:
    inst = [r for r in read_csv(REF / "instances.csv") if r["cloud"] == "AWS"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    specs = {}
    for r in inst:
        if r["vcpus"] and r["memory_gib"] and r["gpu_count"]:
            specs.setdefault(r["instance_type"], (int(r["gpu_count"]), r["vcpus"], r["memory_gib"]))
    sky = {}
    pr = {}
    for r in inst:
        if aws_family(r["instance_type"]) is None or r["region"] not in AWS_REGIONS:
            continue
        key = (r["region"], r["instance_type"])
        if "skypilot" in r["source"]:
            sky.setdefault(key, []).append(r)
        else:
            pr.setdefault(key, []).append(r)
    ts = {}
    for r in supp:
        if r["provider"] == "AWS" and "tsaol" in r["source"]:
            ts.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    keys = sorted(set(sky) | set(ts))
    offers = []
    for key in keys:
        region, itype = key
        fam, gpu = aws_family(itype)
        if itype not in specs:
            log(f"aws: skip {region} {itype}: vCPU/RAM not in sources read")
            continue
        count, vcpu, ram = specs[itype]
        prices, hist, notes = [], [], []
        # on-demand candidates, newest first
        cands = []
        t = ts.get(key, {})
        if "on-demand" in t:
            cands.append((TSAOL_ASOF, od(t["on-demand"]["price"], "USD", "tsaol", TSAOL_ASOF)))
        for r in pr.get(key, []):
            if r["price_ondemand_usd_hr"]:
                if itype == "g6e.12xlarge" and cands:
                    notes.append("PR #45 (2026-07-29) quotes 10.4926, the same price rounded.")
                    continue
                cands.append(("2026-07-29", od(r["price_ondemand_usd_hr"], "USD", "pr45", "2026-07-29")))
        for r in sky.get(key, []):
            if r["price_ondemand_usd_hr"]:
                cands.append((SKY_ASOF, od(r["price_ondemand_usd_hr"], "USD", sky_src(r), SKY_ASOF,
                                           note="pre-June-2025 list" if fam in ("p4d", "p4de", "p5", "p5en") else None)))
        cands.sort(key=lambda c: c[0], reverse=True)
        cur_od = None
        seen = set()
        for i, (_, p) in enumerate(cands):
            if i == 0:
                prices.append(p)
                cur_od = dec(p["hourly"])
                seen.add(p["hourly"])
            elif p["hourly"] not in seen:
                seen.add(p["hourly"])
                hist.append(p)
        # spot
        scands = []
        for r in pr.get(key, []):
            if r["price_spot_min_usd_hr"] and "dstack" in r["source"]:
                scands.append(("2026-08-06", spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "dstack4110", "2026-08-06")))
        for r in sorted(sky.get(key, []), key=lambda r: sky_src(r)):
            if r["price_spot_min_usd_hr"] and r["price_spot_max_usd_hr"]:
                scands.append((SKY_ASOF, spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", sky_src(r), SKY_ASOF)))
        scands.sort(key=lambda c: c[0], reverse=True)  # stable: sky-aws before sky-aws2
        for i, (_, p) in enumerate(scands):
            if i == 0 and cur_od is not None and dec(p["hourly_max"]) > cur_od:
                p["note"] = "stale spot snapshot exceeds current on-demand; moved to history"
                hist.append(p)
                log(f"aws: stale spot moved to history {region} {itype}")
                scands.insert(1, scands.pop(0))
                continue
            if not any(x["model"] == "spot" for x in prices):
                prices.append(p)
            else:
                hist.append(p)
        if "1y-ri" in t:
            prices.append(ri(12, "no", 0, t["1y-ri"]["price"], "USD", "tsaol", TSAOL_ASOF))
        if not prices:
            continue
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, ["sky-aws"], hist, note=" ".join(notes) or None))
    # AWS China (CNY)
    cn = {}
    for r in supp:
        if r["provider"].startswith("AWS China"):
            cn.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    for (region, itype), t in sorted(cn.items()):
        fam, gpu = aws_family(itype)
        count, vcpu, ram = specs[itype]
        prices = [od(t["on-demand"]["price"], "CNY", "tsaol", TSAOL_ASOF)]
        if "1y-ri" in t:
            prices.append(ri(12, "no", 0, t["1y-ri"]["price"], "CNY", "tsaol", TSAOL_ASOF))
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, ["sky-aws"], note="AWS China region (operated by Sinnet/NWCD), billed in CNY; specs per instance type from the global catalog."))
    return offers


# ---------------------------------------------------------------- Azure

AZ_SKU = {
    "Standard_NC4as_T4_v3": ("NCasT4_v3", "t4"), "Standard_NC8as_T4_v3": ("NCasT4_v3", "t4"),
    "Standard_NC16as_T4_v3": ("NCasT4_v3", "t4"), "Standard_NC64as_T4_v3": ("NCasT4_v3", "t4"),
    "Standard_NC24ads_A100_v4": ("NC_A100_v4", "a100-80-pcie"),
    "Standard_NC48ads_A100_v4": ("NC_A100_v4", "a100-80-pcie"),
    "Standard_NC96ads_A100_v4": ("NC_A100_v4", "a100-80-pcie"),
    "Standard_ND96asr_v4": ("NDasrA100_v4", "a100-40-sxm"),
    "Standard_ND96amsr_A100_v4": ("NDamsrA100_v4", "a100-80-sxm"),
    "Standard_ND96isr_H100_v5": ("ND_H100_v5", "h100-sxm"),
    "Standard_NV36ads_A10_v5": ("NVadsA10_v5", "a10"), "Standard_NV36adms_A10_v5": ("NVadsA10_v5", "a10"),
    "Standard_NV72ads_A10_v5": ("NVadsA10_v5", "a10"),
}
AZ_NOTE = {
    "Standard_ND96isr_H100_v5": "SkyPilot catalog lists 12 GPUs (catalog error); ND96isr_H100_v5 has 8×H100. Catalog spot equals on-demand (suspect) and is not carried.",
    "Standard_ND96asr_v4": "NDv4: 8×A100 40GB with NVLink (catalog: A100 40GB); SXM form factor per the ND family.",
}


def build_azure(gpus_by_id) -> list[dict]:
    inst = [r for r in read_csv(REF / "instances.csv") if r["cloud"] == "Azure"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    specs = {}
    offers = []
    for r in inst:
        if r["instance_type"] not in AZ_SKU or r["region"] != "eastus":
            continue
        fam, gpu = AZ_SKU[r["instance_type"]]
        specs[r["instance_type"]] = (int(r["gpu_count"]), r["vcpus"], r["memory_gib"])
        prices = [od(r["price_ondemand_usd_hr"], "USD", "sky-az", "2025")]
        if r["price_spot_min_usd_hr"] and r["price_spot_min_usd_hr"] != r["price_ondemand_usd_hr"]:
            prices.append(spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "sky-az", "2025"))
        offers.append(offer("azure", "eastus", r["instance_type"], fam, gpu, r["gpu_count"],
                            gpus_by_id[gpu]["memory_gb"], r["vcpus"], r["memory_gib"], prices, ["sky-az"],
                            note=AZ_NOTE.get(r["instance_type"])))
    # westeurope ND96isr_H100_v5 (markrusch retail docstring)
    we = [r for r in supp if r["provider"] == "Azure" and r["region"] == "westeurope"]
    sku = "Standard_ND96isr_H100_v5"
    fam, gpu = AZ_SKU[sku]
    count, vcpu, ram = specs[sku]
    prices = []
    for r in we:
        b, unit, p = r["billing"], r["unit"], dec(r["price"])
        if b == "on-demand":
            prices.append(od(p, "USD", "mr-retail", "2026-09-08"))
        elif b == "1y-ri" and unit.startswith("USD upfront"):
            prices.append(ri(12, "all", p, 0, "USD", "mr-retail", "2026-09-08",
                             note="1-yr total upfront; source converts to 10.23 USD/GPU-h"))
        elif b.startswith("3y-ri") or b.startswith("5y-ri"):
            term = 36 if b.startswith("3y") else 60
            prices.append(ri(term, "no", 0, p * count, "USD", "mr-retail", "2026-09-08",
                             note=f"effective {fmt(p)} USD/GPU-h × {count}; payment option not stated"))
    offers.append(offer("azure", "westeurope", sku, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                        prices, ["sky-az"], note="8×H100 (see eastus note). Specs per SKU from the eastus catalog row."))
    # Asia: gpuhunt book, per-GPU prices, SKU inferred
    asia: dict = {}
    for r in supp:
        if r["provider"] != "Azure" or "mr-book" in r["source"] or "intraday" not in r["source"]:
            continue
        m = re.search(r"Standard_\w+", r["instance_type_or_item"])
        if not m:
            continue
        asia.setdefault((r["region"], m.group(0)), []).append(r)
    for (region, sku), rows in sorted(asia.items()):
        if sku not in specs:
            log(f"azure: skip {region} {sku}: vCPU/RAM not in sources read")
            continue
        fam, gpu = AZ_SKU[sku]
        count, vcpu, ram = specs[sku]
        prices = []
        for r in sorted(rows, key=lambda r: r["billing"]):
            per = dec(r["price"])
            n = int(r["gpu_count"])
            if n != count:
                raise SystemExit(f"azure asia {sku}: count {n} != {count}")
            note = f"{fmt(per)} USD/GPU-h × {n}"
            if r["billing"] == "on-demand":
                prices.append(od(per * n, "USD", "mr-book", "2026-10-10", note=note))
            elif r["billing"] == "spot":
                prices.append(spot(per * n, per * n, "USD", "mr-book", "2026-10-10", note=note))
        prices.sort(key=lambda p: p["model"] != "on_demand")
        offers.append(offer("azure", region, sku, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, ["sky-az"],
                            note="SKU inferred: the source gives GPU model, count and per-GPU price only (matched to eastus list prices)."))
    return offers


# ---------------------------------------------------------------- Alibaba

ALI_FAM = {
    "gn6i": "t4", "gn6v": "v100-16-sxm2", "gn6e": "v100-32-sxm2", "gn7": "a100-40-sxm",
    "gn7e": "a100-80-sxm", "ebmgn7e": "a100-80-sxm", "gn7i": "a10", "gn8is": "l20", "ebmgn8v": "gpu-h-96",
}
ALI_UNVERIFIED = "Availability in this region not verified."


def build_alibaba(gpus_by_id) -> list[dict]:
    rows = [r for r in read_csv(REF / "cn_instances.csv") if r["cloud"] == "Aliyun"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    specs = {}
    quotes = {}
    for r in rows:
        if r["family"] not in ALI_FAM:
            continue
        specs[r["instance_type"]] = (r["family"], int(r["gpu_count"]), r["vcpus"], r["memory_gib"],
                                     int(float(r["gpu_mem_per_gpu_gb"])))
        if r["price_payg"]:
            quotes[r["instance_type"]] = r
    blog, lib = {}, {}
    for r in supp:
        if not r["provider"].startswith("Alibaba") or not r["instance_type_or_item"].startswith("ecs."):
            continue
        d = blog if "ArthurChiao" in r["source"] else lib
        d.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    offers = []

    def mk(region, itype, prices, alt=None, note=None):
        fam, count, vcpu, ram, mpg = specs[itype]
        gpu = ALI_FAM[fam]
        if gpus_by_id[gpu]["memory_gb"] != mpg:
            raise SystemExit(f"aliyun {itype}: per-GPU memory {mpg} != {gpu}")
        offers.append(offer("alibaba", region, itype, fam, gpu, count, mpg, vcpu, ram, prices,
                            ["spare", "ad-spec"], alt=alt, note=note))

    for region in ("cn-beijing", "cn-hangzhou", "cn-shanghai", "us-east-1"):
        for itype in sorted(specs):
            if itype.startswith("ecs.ebmgn7e") and region != "cn-shanghai":
                continue  # only carried where priced
            prices, alt = [], []
            key = (region, itype)
            if region == "cn-shanghai":
                b = blog.get(key, {})
                if b:
                    fam, count = specs[itype][0], specs[itype][1]
                    if int(b["on-demand"]["gpu_count"]) != count:
                        raise SystemExit(f"aliyun blog count mismatch {itype}")
                    prices.append(od(b["on-demand"]["price"], "CNY", "arthur", "2023-06"))
                    prices.append(sub(b["subscription-month"]["price"], "CNY", "arthur", "2023-06"))
                q = quotes.get(itype)
                if q:
                    basis = "quote incl. image + 100 GiB ESSD; Shanghai or Shenzhen"
                    prices.append(od(q["price_payg"], "CNY", "aliquote", "2026-09-24", indicative=True, note=basis))
                    mon = q["price_monthly"]
                    if mon:
                        prices.append(sub(lead_num(mon), "CNY", "aliquote", "2026-09-24", indicative=True,
                                          note=basis + ("; marked promotion" if "promotion" in mon else "")))
                note = "2023-06 list, likely upper bound." if b else (None if q else ALI_UNVERIFIED)
                if q and not b:
                    note = "Only an indicative third-party quote is sourced."
                mk(region, itype, prices, note=note)
            elif region == "us-east-1":
                l = lib.get(key)
                if not l:
                    continue
                prices = [od(l["on-demand"]["price"], "USD", "libcloud", "2020-05-14"),
                          sub(l["subscription-month"]["price"], "USD", "libcloud", "2020-05-14")]
                mk(region, itype, prices, note="STALE: international-site price file ~2019 (libcloud 2020-05-14); the only sourced overseas Aliyun GPU price.")
            else:
                l = lib.get(key)
                if l:
                    alt = [od(l["on-demand"]["price"], "USD", "libcloud", "2020-05-14"),
                           sub(l["subscription-month"]["price"], "USD", "libcloud", "2020-05-14")]
                mk(region, itype, [], alt=alt or None,
                   note=ALI_UNVERIFIED + (" alt_prices: stale intl-site USD." if alt else ""))
    for key in sorted(set(blog) - {("cn-shanghai", t) for t in specs}):
        log(f"alibaba: skip blog SKU {key[1]}: vCPU/RAM not in sources read")
    return offers


# ---------------------------------------------------------------- Tencent

TC_FAM = {"GT4": "a100-40-sxm", "GN10X": "v100-32-sxm2", "GN10Xp": "v100-32-sxm2", "GN7": "t4",
          "PNV4": "a10", "HCCPNV4h": "a100-sxm-unk"}
TC_REGIONS = ["ap-beijing", "ap-guangzhou", "ap-shanghai"]
TC_PRICE_NOTE = "Mainland-China list price, not region-specific."


def range_of(cell: str):
    parts = [dec(x) for x in cell.split("-")]
    return (parts[0], parts[-1]) if len(parts) == 2 else (None, parts[0])


def build_tencent(gpus_by_id) -> list[dict]:
    rows = read_csv(REF / "cn_instances.csv")
    cny = {}
    usd = {}
    spec = {}
    for r in rows:
        if not r["cloud"].startswith("Tencent") or r["family"] not in TC_FAM:
            continue
        try:
            count = int(r["gpu_count"])
        except ValueError:
            log(f"tencent: skip {r['instance_type']}: fractional vGPU ({r['gpu_count']})")
            continue
        if r["cloud"] == "Tencent (intl)":
            usd[r["instance_type"]] = r
        else:
            cny[r["instance_type"]] = r
            spec[r["instance_type"]] = (r["family"], count, r["vcpus"], r["memory_gib"])
    offers = []
    for region in TC_REGIONS:
        for itype in sorted(spec):
            fam, count, vcpu, ram = spec[itype]
            gpu = TC_FAM[fam]
            r = cny[itype]
            spec_src = ["tc-spec"]
            notes = []
            if fam == "HCCPNV4h":
                itype_out, vcpu, ram, spec_src = "HCCPNV4h", 192, 1024, ["tc-hcc-doc", "tc-hcc"]
                notes.append("8×A100 NVLink & NVSwitch; 40/80 GB variant not stated (GPU memory 0 = unknown); vCPU/RAM secondary; availability not verified.")
            else:
                itype_out = itype
            prices, alt = [], []
            if r["price_payg"]:
                lo, hi = range_of(r["price_payg"])
                prices.append(od(hi, "CNY", "tc-price", "undated", range_min=lo))
                lo, hi = range_of(r["price_monthly"])
                prices.append(sub(hi, "CNY", "tc-price", "undated", range_min=lo))
                notes.append(TC_PRICE_NOTE)
            elif fam == "PNV4":
                notes.append("Listed in Guangzhou-7/Shanghai-5/Beijing-6; unpriced (whitelist family).")
            if region == "ap-guangzhou" and itype in usd:
                alt.append(od(usd[itype]["price_payg"], "USD", "tc-intl", "undated",
                              note="intl site, Guangzhou Zone 3"))
            mpg = gpus_by_id[gpu]["memory_gb"]
            if r["gpu_mem_per_gpu_gb"] and int(r["gpu_mem_per_gpu_gb"]) != mpg:
                raise SystemExit(f"tencent {itype}: per-GPU memory mismatch")
            offers.append(offer("tencent", region, itype_out, fam, gpu, count, mpg, vcpu, ram, prices,
                                spec_src, alt=alt or None, note=" ".join(notes) or None))
    return offers


# ---------------------------------------------------------------- usage rates


def tiers(*pairs):
    return [{"up_to": u, "price": fmt(dec(p))} for u, p in pairs]


def usage(provider, region, kind, cur, tier_list, source, as_of, note=None):
    u = {"provider": provider, "region": region, "kind": kind, "currency": cur, "tiers": tier_list,
         "source": source, "as_of": as_of}
    if note:
        u["note"] = note
    return u


def build_usage() -> list[dict]:
    supp = read_csv(REF / "supplement" / "prices_found.csv")

    def find(provider_prefix, region, item_prefix):
        hits = [r for r in supp if r["provider"].startswith(provider_prefix) and r["region"] == region
                and r["instance_type_or_item"].startswith(item_prefix)]
        exact = [r for r in hits if r["instance_type_or_item"] == item_prefix]
        hits = exact or hits
        if len(hits) != 1:
            raise SystemExit(f"usage: {provider_prefix} {region} {item_prefix!r}: {len(hits)} rows")
        return hits[0]["price"]

    tb = 1024
    out = []
    dt = "2024-09-25"
    free = "AWS's 100 GB/month free allowance is not reflected."
    for region in ("us-east-1", "ap-northeast-1", "ap-southeast-1", "ap-east-1"):
        first = find("AWS", region, "Data transfer out to Internet, first 10 TB")
        nxt = find("AWS", region, "Data transfer out to Internet, next 40 TB")
        n100 = find("AWS", region, "Data transfer out to Internet, next 100 TB")
        over = [r for r in supp if r["provider"] == "AWS" and r["region"] == region
                and r["instance_type_or_item"].startswith("Data transfer out to Internet, over 150 TB")]
        if over:
            t = tiers((10 * tb, first), (50 * tb, nxt), (150 * tb, n100), (None, over[0]["price"]))
            note = free
        else:
            t = tiers((10 * tb, first), (50 * tb, nxt), (None, n100))
            note = "Rate above 150 TB/month not in source; the 100 TB tier rate is extended. " + free
        out.append(usage("aws", region, "egress_per_gb", "USD", t, "ic-aws-dt", dt, note))
        out.append(usage("aws", region, "inter_region_per_gb", "USD",
                         tiers((None, find("AWS", region, "Data transfer to other AWS regions"))), "ic-aws-dt", dt))
    out.append(usage("aws", "us-east-1", "storage_per_gb_month", "USD", tiers((None, find("AWS", "us-east-1", "EBS gp3 storage"))),
                     "ic-aws-ebs", "2024-07-01", "EBS gp3; IOPS above 3000 at 0.005 USD/IOPS-month and throughput above 125 MB/s at 0.04 USD/(MB/s)-month are extra."))
    e30 = dec(find("Azure", "eastus", "Standard SSD E30"))
    out.append(usage("azure", "eastus", "storage_per_gb_month", "USD", tiers((None, e30 / 1024)), "ic-az-disk", "2024-07-01",
                     f"Derived: Standard SSD E30 (1024 GiB) LRS {fmt(e30)} USD/disk-month ÷ 1024. Premium SSD P4 (32 GiB) is 5.28/disk-month. Azure internet egress not sourced."))
    ali = "Alibaba"
    out.append(usage("alibaba", "cn-hangzhou", "egress_per_gb", "CNY", tiers((None, find(ali, "cn-hangzhou", "Internet traffic"))),
                     "ali-bw", "2021-02-02", "Pay-by-traffic; doc labels prices as examples."))
    bw5 = dec(find(ali, "cn-hangzhou", "Fixed bandwidth 5 Mbps total"))
    out.append(usage("alibaba", "cn-hangzhou", "bandwidth_per_mbps_month", "CNY",
                     tiers((5, bw5 / 5), (None, find(ali, "cn-hangzhou", "Fixed bandwidth, each Mbps above 5"))),
                     "ali-bw", "2021-02-02", f"Subscription fixed bandwidth. First tier derived: 5 Mbps total {fmt(bw5)} CNY/month ÷ 5 (2 Mbps total is 46). Doc labels prices as examples."))
    out.append(usage("alibaba", "cn-hangzhou", "storage_per_gb_month", "CNY", tiers((None, find(ali, "cn-hangzhou", "ESSD PL1 cloud disk"))),
                     "ali-disk", "2020-12-01", "ESSD PL1 per GiB-month (subscription); pay-as-you-go 0.0021 CNY/GiB-hour. Example prices."))
    tc = "Tencent"
    out.append(usage("tencent", "ap-guangzhou", "egress_per_gb", "CNY", tiers((None, find(tc, "Chinese mainland", "Public traffic"))),
                     "tc-net", "undated", "Chinese-mainland rate (HK 1.00, Singapore 0.80, North America 0.50 CNY/GB); old pricing page."))
    out.append(usage("tencent", "ap-guangzhou", "bandwidth_per_mbps_month", "CNY",
                     tiers((2, find(tc, "Chinese mainland", "Bandwidth <2 Mbps, monthly")),
                           (5, find(tc, "Chinese mainland", "Bandwidth 2-5 Mbps, monthly")),
                           (None, find(tc, "Chinese mainland", "Bandwidth >5 Mbps, monthly"))),
                     "tc-net", "undated", "Chinese-mainland monthly bandwidth bands; unit not printed in the source cells (likely per Mbps)."))
    out.append(usage("tencent", "ap-guangzhou", "storage_per_gb_month", "CNY", tiers((None, find(tc, "(not stated)", "CBS SSD cloud disk (SSD云硬盘), data disk"))),
                     "tc-cbs", "undated", "CBS SSD; STALE (old pricing-centre page, region not stated)."))
    return out


# ---------------------------------------------------------------- assemble


def build() -> dict:
    sources = load_json("sources.json")
    gpus = build_gpus()
    gpus_by_id = {g["id"]: g for g in gpus}
    regions = [{"provider": p, "code": c, "name_en": en, "name_zh": zh, "group": g}
               for p, c, en, zh, g in load_json("regions.json")]
    providers = []
    for p in load_json("providers.json"):
        providers.append({
            "id": p["id"], "name_en": p["name_en"], "name_zh": p["name_zh"], "billing": p["billing"],
            "facts": [{"topic": t, "text_en": en, "text_zh": zh, "source": s, "as_of": a}
                      for t, en, zh, s, a in p["facts"]],
        })
    offers = build_aws(gpus_by_id) + build_azure(gpus_by_id) + build_alibaba(gpus_by_id) + build_tencent(gpus_by_id)
    order = {"aws": 0, "azure": 1, "alibaba": 2, "tencent": 3}
    offers.sort(key=lambda o: (order[o["provider"]], o["region"], o["family"], o["instance_type"]))
    fx = {"cny_per_usd": "7.1875", "as_of": "2025 annual average", "source": "fred"}
    used = {s for o in offers for p in o["prices"] + o.get("price_history", []) + o.get("alt_prices", []) for s in [p["source"]]}
    used |= {s for o in offers for s in o["spec_sources"]} | {s for g in gpus for s in g["sources"]}
    used |= {f["source"] for p in providers for f in p["facts"]} | {"fred"}
    usage_rates = build_usage()
    used |= {u["source"] for u in usage_rates}
    unused = [s["id"] for s in sources if s["id"] not in used]
    if unused:
        log(f"unused sources dropped: {unused}")
    sources = [s for s in sources if s["id"] in used]
    return {"schema": SCHEMA, "as_of": AS_OF, "fx": fx, "sources": sources, "gpus": gpus,
            "providers": providers, "regions": regions, "offers": offers, "usage_rates": usage_rates}


def dump(cat: dict) -> str:
    j = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    lines = ["{" + f'"schema":{cat["schema"]},"as_of":{j(cat["as_of"])},"fx":{j(cat["fx"])},']
    keys = ["sources", "gpus", "providers", "regions", "offers", "usage_rates"]
    for i, k in enumerate(keys):
        items = cat[k]
        if k == "providers":
            body = []
            for p in items:
                head = {kk: vv for kk, vv in p.items() if kk != "facts"}
                facts = ",\n".join(j(f) for f in p["facts"])
                body.append(j(head)[:-1] + ',"facts":[\n' + facts + "]}")
            inner = ",\n".join(body)
        else:
            inner = ",\n".join(j(x) for x in items)
        lines.append(f'"{k}":[\n{inner}]' + ("," if i < len(keys) - 1 else "}"))
    return "\n".join(lines) + "\n"


def main() -> int:
    text = dump(build())
    json.loads(text)  # sanity
    if "--check" in sys.argv:
        cur = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if cur != text:
            print("catalog.json is out of date; rerun build_catalog.py", file=sys.stderr)
            return 1
        print("catalog.json up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    for m in LOG:
        print("note:", m)
    print(f"wrote {OUT} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
