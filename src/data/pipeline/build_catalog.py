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

AS_OF = "2026-11-30"
SCHEMA = 1

S26 = REF / "supplement-2026"
# SkyPilot commit dates are not visible; content dates them Dec-2024..May-2025.
# as_of is the start of that window (the conservative age); the note says so.
SKY_ASOF = "2024-12"
SKY_NOTE = "SkyPilot snapshot, date estimated Dec-2024..May-2025 (as_of = start of window)"
DROPPED: list[str] = []
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
        "gpu_memory_gb": None if mem_per_gpu is None else int(count) * int(mem_per_gpu),
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
    ("p6-b200.", "p6-b200", "b200"), ("p6-b300.", "p6-b300", "b300"),
    ("g4dn.", "g4dn", "t4"), ("g5.", "g5", "a10g"), ("g6e.", "g6e", "l40s"), ("g6.", "g6", "l4"),
    ("g7e.", "g7e", "rtx-pro-6000-bw"),
    ("trn1n.", "trn1n", "trainium"), ("trn1.", "trn1", "trainium"), ("inf2.", "inf2", "inferentia2"),
]
AWS_REGIONS = ["us-east-1", "ap-northeast-1", "ap-southeast-1", "ap-east-1"]
AWS_PREFER = {"mr-book": 0, "s-term": 1, "pr45": 2, "tsaol": 3, "tsaol-raw": 4, "sky-aws": 5, "sky-aws2": 6}
RI_PAY = {"no_upfront": "no", "partial_upfront": "partial", "all_upfront": "all"}


def aws_family(itype):
    for pre, fam, gpu in AWS_FAMILY_GPU:
        if itype.startswith(pre):
            return fam, gpu
    return None


def sky_src(row) -> str:
    return "sky-aws2" if "27f67dd4" in row["source"] else "sky-aws"


def src_of_ref(ref: str) -> str:
    """Source id of a supplement-2026 `source_ref` cell."""
    if "Compute-Indices" in ref:
        return "mr-book"
    if "Compute-Index " in ref or "eucri" in ref:
        return "eucri"
    if "S-TERM" in ref:
        return "s-term"
    if "gpu_instances_raw" in ref:
        return "tsaol-raw"
    if "tsaol/aws-gpu" in ref:
        return "tsaol"
    if "skypilot" in ref:
        return "sky-az"
    if "azure-compute-docs" in ref:
        return "az-docs"
    raise SystemExit(f"unknown source_ref {ref[:60]!r}")


def spot_artefact(lo: Decimal, hi: Decimal, od_same: Decimal | None, note: str) -> str | None:
    """Why a spot row is not carried (None = carry it)."""
    if od_same is None:
        return None
    if lo == hi and lo * 10 == od_same:
        return "min = max = exactly 10 % of on-demand (placeholder value)"
    if lo == hi and abs(hi - od_same) <= Decimal("0.0001"):
        return "spot equals the on-demand list price (no spot discount observed; unverified)"
    if "suspect" in note or "within 0.00001" in note:
        return "source flags the spot value as equal to list (unverified)"
    return None


def build_aws(gpus_by_id) -> list[dict]:
    inst = [r for r in read_csv(REF / "instances.csv") if r["cloud"] == "AWS"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    new = read_csv(S26 / "aws_new_2026.csv")
    spot26 = [r for r in read_csv(S26 / "spot_2026.csv") if r["provider"] == "AWS"]
    specs = {}
    for r in inst:
        if r["vcpus"] and r["memory_gib"] and r["gpu_count"]:
            specs.setdefault(r["instance_type"], (int(r["gpu_count"]), r["vcpus"], r["memory_gib"], ["sky-aws"]))
    for r in new:
        if r["vcpu"] and r["memory_gib"] and r["accelerator_count"] and r["instance_type"] not in specs:
            specs[r["instance_type"]] = (int(r["accelerator_count"]), r["vcpu"], r["memory_gib"],
                                         [src_of_ref(r["source_ref"])])
    sky, pr = {}, {}
    for r in inst:
        if aws_family(r["instance_type"]) is None or r["region"] not in AWS_REGIONS:
            continue
        key = (r["region"], r["instance_type"])
        (sky if "skypilot" in r["source"] else pr).setdefault(key, []).append(r)
    ts = {}
    for r in supp:
        if r["provider"] == "AWS" and "tsaol" in r["source"]:
            ts.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    od26, ri26, sp26 = {}, {}, {}
    for r in new:
        key = (r["region"], r["instance_type"])
        if r["region"] not in AWS_REGIONS or aws_family(r["instance_type"]) is None or not r["value"]:
            continue
        if r["price_type"] == "on_demand":
            od26.setdefault(key, []).append(r)
        elif r["price_type"] == "reserved_instance":
            ri26.setdefault(key, []).append(r)
        elif r["price_type"] == "savings_plan":
            sp26.setdefault(key, []).append(r)
    sp_rows = {}
    for r in spot26:
        if r["region"] in AWS_REGIONS and aws_family(r["instance_type"]) is not None:
            sp_rows[(r["region"], r["instance_type"])] = r
    keys = sorted(set(sky) | set(ts) | set(od26) | set(sp_rows))
    offers = []
    for key in keys:
        region, itype = key
        fam, gpu = aws_family(itype)
        if itype not in specs:
            log(f"aws: skip {region} {itype}: vCPU/RAM not in sources read")
            continue
        count, vcpu, ram, spec_src = specs[itype]
        prices, hist, notes = [], [], []
        # on-demand candidates: (as_of, preference, price)
        cands = []
        t = ts.get(key, {})
        if "on-demand" in t:
            cands.append((TSAOL_ASOF, od(t["on-demand"]["price"], "USD", "tsaol", TSAOL_ASOF)))
        for r in od26.get(key, []):
            src = src_of_ref(r["source_ref"])
            note = "per-GPU list × 8 (instance inferred by the source's GPU label and count)" if src == "mr-book" else None
            cands.append((r["as_of"], od(r["value"], "USD", src, r["as_of"], note=note)))
        sr = sp_rows.get(key)
        if sr and sr["ondemand_usd_per_hour_same_snapshot"]:
            src = src_of_ref(sr["source_ref"])
            note = ("per-GPU list × GPU count in the same book as the spot price (instance inferred)"
                    if src == "mr-book" else "Linux on-demand in the same raw vantage snapshot as the spot price")
            cands.append((sr["as_of"], od(sr["ondemand_usd_per_hour_same_snapshot"], "USD", src, sr["as_of"], note=note)))
        for r in pr.get(key, []):
            if r["price_ondemand_usd_hr"]:
                cands.append(("2026-07-29", od(r["price_ondemand_usd_hr"], "USD", "pr45", "2026-07-29",
                                               note="AWS Price List API value quoted in the PR")))
        for r in sky.get(key, []):
            if r["price_ondemand_usd_hr"]:
                cands.append((SKY_ASOF, od(r["price_ondemand_usd_hr"], "USD", sky_src(r), SKY_ASOF,
                                           note=SKY_NOTE + ("; pre-June-2025 list" if fam in ("p4d", "p4de", "p5", "p5en") else ""))))
        cands.sort(key=lambda c: (c[0], -AWS_PREFER[c[1]["source"]]), reverse=True)
        cur_od = None
        seen = set()
        for i, (_, p) in enumerate(cands):
            v = dec(p["hourly"])
            if i == 0:
                prices.append(p)
                cur_od = v
                seen.add(v)
            elif v not in seen and not any(abs(v - x) < Decimal("0.0001") for x in seen):
                seen.add(v)
                hist.append(p)
        # spot: the newest dated snapshot is current; older snapshots are history
        scands = []
        if sr:
            lo, hi = dec(sr["spot_min_usd_per_hour"]), dec(sr["spot_max_usd_per_hour"])
            same = dec(sr["ondemand_usd_per_hour_same_snapshot"]) if sr["ondemand_usd_per_hour_same_snapshot"] else None
            why = spot_artefact(lo, hi, same, sr["note"])
            src = src_of_ref(sr["source_ref"])
            snote = ("per-GPU spot × GPU count; one value per region in the source (min = max)"
                     if src == "mr-book" else "min/max across the region's AZs at scrape time")
            if why:
                DROPPED.append(f"aws {region} {itype} spot {fmt(lo)}..{fmt(hi)} ({sr['as_of']}): {why}")
            else:
                scands.append((sr["as_of"], spot(lo, hi, "USD", src, sr["as_of"], note=snote)))
        for r in pr.get(key, []):
            if r["price_spot_min_usd_hr"] and "dstack" in r["source"]:
                scands.append(("2026-08-06", spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "dstack4110", "2026-08-06")))
        for r in sorted(sky.get(key, []), key=lambda r: sky_src(r)):
            if r["price_spot_min_usd_hr"] and r["price_spot_max_usd_hr"]:
                scands.append((SKY_ASOF, spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", sky_src(r), SKY_ASOF,
                                              note=SKY_NOTE)))
        scands.sort(key=lambda c: c[0], reverse=True)
        for i, (_, p) in enumerate(scands):
            hi = dec(p["hourly_max"])
            fresh = p["source"] in ("mr-book", "tsaol-raw", "dstack4110")
            if not any(x["model"] == "spot" for x in prices) and fresh and (cur_od is None or hi <= cur_od):
                prices.append(p)
            else:
                if cur_od is not None and hi > cur_od and fresh:
                    DROPPED.append(f"aws {region} {itype} spot max {fmt(hi)} > on-demand {fmt(cur_od)}: kept as history only")
                hist.append(p)
        # reservations (effective hourly rates from vantage) and savings plans
        prices += aws_reservations(key, t, ri26.get(key, []))
        for r in sorted(sp26.get(key, []), key=lambda r: r["term_years"]):
            cls = r["offering_class"]
            n = f"{cls}, {r['term_years']}-yr, No Upfront"
            if "Compute" in cls:
                n += "; AWS publishes no 1-yr EC2 Instance Savings Plan or RI for this type (per source)"
            prices.append(price("savings_plan", "USD", "s-term", r["as_of"], note=n,
                                term_months=12 * int(r["term_years"]), payment=RI_PAY[r["payment_option"]],
                                hourly=dec(r["value"])))
        if not prices:
            continue
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, spec_src, hist, note=" ".join(notes) or None))
    # AWS China (CNY)
    cn = {}
    for r in supp:
        if r["provider"].startswith("AWS China"):
            cn.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    for (region, itype), t in sorted(cn.items()):
        fam, gpu = aws_family(itype)
        count, vcpu, ram, _ = specs[itype]
        prices = [od(t["on-demand"]["price"], "CNY", "tsaol", TSAOL_ASOF)]
        if "1y-ri" in t:
            prices.append(ri(12, "no", 0, t["1y-ri"]["price"], "CNY", "tsaol", TSAOL_ASOF))
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, ["sky-aws"], note="AWS China region (operated by Sinnet/NWCD), billed in CNY; specs per instance type from the global catalog."))
    return offers


EFFECTIVE_NOTE = ("vantage publishes only the effective hourly rate (hourly fee + upfront ÷ term hours); ")


def aws_reservations(key, tsaol_row: dict, rows: list[dict]) -> list[dict]:
    """Reserved prices in the catalog's {upfront, hourly} form.

    No Upfront: hourly = the published rate (no upfront fee exists).
    All Upfront: the hourly fee is 0, so upfront = effective rate × 8760 h × years (derived).
    Partial Upfront: the split is not published; stored as upfront 0 + hourly = effective
    rate, which gives the right total over the term but not the cash-flow timing.
    Standard class preferred; Convertible only where the source has no Standard value.
    """
    by = {}
    for r in rows:
        by.setdefault((int(r["term_years"]), r["payment_option"]), {})[r["offering_class"]] = r
    out = []
    if "1y-ri" in tsaol_row:
        by.setdefault((1, "no_upfront"), {})["tsaol"] = tsaol_row["1y-ri"]
    for (years, pay) in sorted(by):
        cls = by[(years, pay)]
        if "tsaol" in cls:
            r = cls["tsaol"]
            v, src, as_of, kind = dec(r["price"]), "tsaol", TSAOL_ASOF, "Standard"
        elif "standard" in cls:
            r = cls["standard"]
            v, src, as_of, kind = dec(r["value"]), src_of_ref(r["source_ref"]), r["as_of"], "Standard"
        else:
            r = cls["convertible"]
            v, src, as_of, kind = dec(r["value"]), src_of_ref(r["source_ref"]), r["as_of"], "Convertible (no Standard offering in the source)"
        term = 12 * years
        payment = RI_PAY[pay]
        if payment == "no":
            out.append(ri(term, "no", 0, v, "USD", src, as_of, note=f"{kind} RI, No Upfront"))
        elif payment == "all":
            upfront = (v * 8760 * years).quantize(Decimal("0.01"))
            out.append(ri(term, "all", upfront, 0, "USD", src, as_of,
                          note=f"{kind} RI, All Upfront. Derived: " + EFFECTIVE_NOTE +
                          "with no hourly fee, upfront = that rate × 8760 h × years (rounded to cents)"))
        else:
            out.append(ri(term, "partial", 0, v, "USD", src, as_of,
                          note=f"{kind} RI, Partial Upfront. EFFECTIVE rate: " + EFFECTIVE_NOTE +
                          "the upfront/hourly split is not in the source, so it is stored as upfront 0 + hourly = effective "
                          "(right total over the term, not the cash-flow timing)"))
    return out


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
    "Standard_ND96isr_H200_v5": ("ND_H200_v5", "h200"),
    "Standard_NC40ads_H100_v5": ("NC_H100_v5", "h100-94-pcie"),
    "Standard_NC80adis_H100_v5": ("NC_H100_v5", "h100-94-pcie"),
    "Standard_NV36ads_A10_v5": ("NVadsA10_v5", "a10"), "Standard_NV36adms_A10_v5": ("NVadsA10_v5", "a10"),
    "Standard_NV72ads_A10_v5": ("NVadsA10_v5", "a10"),
}
AZ_ALIAS = {"Standard_ND96asr_A100_v4": "Standard_ND96asr_v4"}  # Retail API armSkuName → catalog name
AZ_REGIONS = ["eastus", "eastus2", "westeurope", "japaneast", "southeastasia"]
AZ_NOTE = {
    "Standard_ND96isr_H100_v5": "SkyPilot catalog lists 12 GPUs (catalog error); ND96isr_H100_v5 has 8×H100. Catalog spot equals on-demand (suspect) and is not carried.",
    "Standard_ND96asr_v4": "NDv4: 8×A100 40GB with NVLink (catalog: A100 40GB); SXM form factor per the ND family.",
    "Standard_ND96amsr_A100_v4": "RAM 1800 GiB per the Azure API (SkyPilot, SpareCores); Microsoft's size page says 1,900 GiB — conflict, API value kept.",
}
AZ_INFERRED = ("SKU inferred by the source from GPU model and count (the book has no SKU names); "
               "it is the only Azure size with this GPU model and count.")
AZ_PREFER = {"mr-book": 0, "s-term": 1, "mr-retail": 2, "eucri": 3, "sky-az": 4}


def build_azure(gpus_by_id) -> list[dict]:
    inst = [r for r in read_csv(REF / "instances.csv") if r["cloud"] == "Azure"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    new = read_csv(S26 / "azure_new_2026.csv")
    spot26 = [r for r in read_csv(S26 / "spot_2026.csv") if r["provider"] == "Azure"]
    specs, spec_src = {}, {}
    for r in inst:
        if r["instance_type"] in AZ_SKU and r["region"] == "eastus":
            specs[r["instance_type"]] = (int(r["gpu_count"]), r["vcpus"], r["memory_gib"])
            spec_src[r["instance_type"]] = ["sky-az"]
    for r in new:
        if r["price_type"] == "spec" and r["instance_type"] in AZ_SKU and r["accelerator_memory_gb"]:
            specs[r["instance_type"]] = (int(r["accelerator_count"]), r["vcpu"], r["memory_gb"])
            spec_src[r["instance_type"]] = ["az-docs"]
    specs["Standard_ND96isr_H100_v5"] = (8,) + specs["Standard_ND96isr_H100_v5"][1:]  # catalog says 12
    od_c: dict = {}   # (region, sku) -> [(as_of, price)]
    hist_c: dict = {}
    res: dict = {}
    spots: dict = {}
    for r in inst:
        sku = r["instance_type"]
        if sku not in AZ_SKU or r["region"] != "eastus":
            continue
        key = ("eastus", sku)
        od_c.setdefault(key, []).append((SKY_ASOF, od(r["price_ondemand_usd_hr"], "USD", "sky-az", SKY_ASOF, note=SKY_NOTE)))
        if r["price_spot_min_usd_hr"] and r["price_spot_min_usd_hr"] != r["price_ondemand_usd_hr"]:
            hist_c.setdefault(key, []).append(spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "sky-az", SKY_ASOF,
                                                   note=SKY_NOTE + "; superseded or not re-confirmed by a dated snapshot"))
    for r in new:
        sku = AZ_ALIAS.get(r["instance_type"], r["instance_type"])
        if sku not in AZ_SKU or r["region"] not in AZ_REGIONS or not r["value"]:
            continue
        key = (r["region"], sku)
        src = src_of_ref(r["source_ref"])
        if r["price_type"] == "on_demand":
            if src == "sky-az":
                continue  # same SkyPilot row as instances.csv
            note = None
            if src == "mr-book":
                note = "Per-GPU list price × GPU count. " + AZ_INFERRED
            elif src == "eucri":
                note = "Azure Retail Prices API, Linux item"
            od_c.setdefault(key, []).append((r["as_of"], od(r["value"], "USD", src, r["as_of"], note=note)))
        elif r["price_type"].startswith("reservation_"):
            years = int(r["price_type"].split("_")[1].rstrip("y"))
            res.setdefault(key, []).append(ri(12 * years, "all", dec(r["value"]), 0, "USD", src, r["as_of"],
                note=f"Retail API reservation price = the whole {years}-year term per VM (stored as an all-upfront total, "
                     "not converted to an hourly rate); the source says monthly payment costs the same total."))
    for r in supp:
        if r["provider"] != "Azure" or r["region"] != "westeurope":
            continue
        sku = r["instance_type_or_item"]
        key = ("westeurope", sku)
        count = specs[sku][0]
        b, unit, p = r["billing"], r["unit"], dec(r["price"])
        if b == "on-demand":
            od_c.setdefault(key, []).append(("2026-09-08", od(p, "USD", "mr-retail", "2026-09-08")))
        elif b == "1y-ri" and unit.startswith("USD upfront"):
            res.setdefault(key, []).append(ri(12, "all", p, 0, "USD", "mr-retail", "2026-09-08",
                                              note="1-yr total upfront; source converts to 10.23 USD/GPU-h"))
        elif b.startswith("3y-ri") or b.startswith("5y-ri"):
            term = 36 if b.startswith("3y") else 60
            res.setdefault(key, []).append(ri(term, "no", 0, p * count, "USD", "mr-retail", "2026-09-08",
                                              note=f"effective {fmt(p)} USD/GPU-h × {count}; payment option not stated"))
    for r in spot26:
        sku = r["instance_type"]
        key = (r["region"], sku)
        lo, hi = dec(r["spot_min_usd_per_hour"]), dec(r["spot_max_usd_per_hour"])
        same = dec(r["ondemand_usd_per_hour_same_snapshot"])
        why = spot_artefact(lo, hi, same, r["note"])
        if why:
            DROPPED.append(f"azure {r['region']} {sku} spot {fmt(hi)} ({r['as_of']}): {why}")
            continue
        spots[key] = spot(lo, hi, "USD", src_of_ref(r["source_ref"]), r["as_of"],
                          note="Per-GPU spot price × GPU count; one value per region (min = max). " + AZ_INFERRED)
    offers = []
    for key in sorted(set(od_c) | set(res)):
        region, sku = key
        if sku not in specs:
            log(f"azure: skip {region} {sku}: vCPU/RAM not in sources read")
            continue
        fam, gpu = AZ_SKU[sku]
        count, vcpu, ram = specs[sku]
        cands = sorted(od_c.get(key, []), key=lambda c: (c[0], -AZ_PREFER[c[1]["source"]]), reverse=True)
        prices, hist = [], list(hist_c.get(key, []))
        seen = set()
        for i, (_, p) in enumerate(cands):
            v = dec(p["hourly"])
            if i == 0:
                prices.append(p)
            elif v not in seen:
                hist.append(p)
            seen.add(v)
        cur_od = dec(prices[0]["hourly"]) if prices else None
        sp = spots.get(key)
        if sp and (cur_od is None or dec(sp["hourly_max"]) <= cur_od):
            prices.append(sp)
        prices += res.get(key, [])
        notes = [AZ_NOTE[sku]] if sku in AZ_NOTE else []
        if region == "eastus2":
            notes.append("East US 2 carries only the ND H200 v5 (the only region with its sourced reservations).")
        offers.append(offer("azure", region, sku, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, spec_src[sku], hist, note=" ".join(notes) or None))
    return offers


# ---------------------------------------------------------------- availability

RESEARCH = HERE / "research"  # copies of the research helper's CSVs (see research/README)


def availability() -> dict:
    """(provider, region, instance_type) -> 'yes' | 'no' | 'unknown'."""
    return {(r["provider"], r["region"], r["instance_type"]): r["sold_there"]
            for r in read_csv(RESEARCH / "availability.csv")}


# ---------------------------------------------------------------- Alibaba

ALI_FAM = {
    "gn6i": "t4", "gn6v": "v100-16-sxm2", "gn6e": "v100-32-sxm2", "gn7": "a100-40-sxm",
    "gn7e": "a100-80-sxm", "ebmgn7e": "a100-80-sxm", "gn7i": "a10", "gn8is": "l20", "ebmgn8v": "gpu-h-96",
}
ALI_REGIONS = ["cn-shanghai"]  # the only region any source confirms (availability.csv)
# Quote minus the 100 GiB ESSD PL1 system disk (0.0021 CNY/GiB-h; 1.00 CNY/GiB-month) equals the
# 2023-06 cn-shanghai list exactly for these SKUs, so their list price is confirmed on 2026-09-24.
ALI_CONFIRMED = {"ecs.gn6i-c4g1.xlarge": ("11.84", None), "ecs.gn7i-c8g1.2xlarge": ("9.74", "4675.66")}


def build_alibaba(gpus_by_id) -> list[dict]:
    rows = [r for r in read_csv(REF / "cn_instances.csv") if r["cloud"] == "Aliyun"]
    supp = read_csv(REF / "supplement" / "prices_found.csv")
    avail = availability()
    china = read_csv(RESEARCH / "china_prices.csv")
    specs = {}
    quotes = {}
    for r in rows:
        if r["family"] not in ALI_FAM:
            continue
        specs[r["instance_type"]] = (r["family"], int(r["gpu_count"]), r["vcpus"], r["memory_gib"],
                                     int(float(r["gpu_mem_per_gpu_gb"])))
        if r["price_payg"]:
            quotes[r["instance_type"]] = r
    blog = {}
    for r in supp:
        if r["provider"].startswith("Alibaba") and r["instance_type_or_item"].startswith("ecs.") and "ArthurChiao" in r["source"]:
            blog.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    offers = []
    for region in ALI_REGIONS:
        for itype in sorted(specs):
            sold = avail.get(("alibaba", region, itype), "unknown")
            if sold != "yes":
                if (region, itype) in blog:
                    raise SystemExit(f"alibaba {region} {itype}: priced but availability {sold}")
                DROPPED.append(f"alibaba {region} {itype}: availability {sold} (no source says it is sold there)")
                continue
            fam, count, vcpu, ram, mpg = specs[itype]
            gpu = ALI_FAM[fam]
            if gpus_by_id[gpu]["memory_gb"] != mpg:
                raise SystemExit(f"aliyun {itype}: per-GPU memory {mpg} != {gpu}")
            b = blog.get((region, itype), {})
            prices, hist = [], []
            conf = ALI_CONFIRMED.get(itype)
            note = None
            if not b:
                # Only the 2026-09-24 quote: compute-only price derived like ALI_CONFIRMED (research).
                d = {r["billing"]: r for r in china if r["instance_type"] == itype and r["source_kind"] == "derived"}
                prices.append(od(d["payg_hourly"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                 note="Derived: 2026-09-24 quote 14.63 − 0.21 (100 GiB ESSD PL1); same method reproduces two list prices exactly"))
                prices.append(sub(d["monthly"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                  note="Derived: 2026-09-24 quote 7019.25 − 100 (100 GiB ESSD PL1 per month)"))
                note = ("Only a 2026-09-24 quote (region Shanghai or Shenzhen, the source does not say which) is sourced; "
                        "availability in cn-shanghai rests on that quote.")
            elif int(b["on-demand"]["gpu_count"]) != count:
                raise SystemExit(f"aliyun blog count mismatch {itype}")
            if not b:
                pass
            elif conf:
                q_od, q_mon = conf
                prices.append(od(b["on-demand"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                 note=f"2023-06 list price confirmed: 2026-09-24 quote {q_od} − 0.21 (100 GiB ESSD PL1 × 0.0021 CNY/GiB-h) = {b['on-demand']['price']}"))
                if q_mon:
                    prices.append(sub(b["subscription-month"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                      note=f"2023-06 list price confirmed: 2026-09-24 quote {q_mon} − 100 (100 GiB ESSD PL1 × 1.00 CNY/GiB-month) = {b['subscription-month']['price']}"))
                else:
                    prices.append(sub(b["subscription-month"]["price"], "CNY", "arthur", "2023-06"))
            else:
                prices += [od(b["on-demand"]["price"], "CNY", "arthur", "2023-06"),
                           sub(b["subscription-month"]["price"], "CNY", "arthur", "2023-06")]
                note = "2023-06 list (secondary), likely an upper bound today; not re-confirmed since."
            q = quotes.get(itype)
            if q:
                basis = "quote incl. image + 100 GiB ESSD; Shanghai or Shenzhen"
                prices.append(od(q["price_payg"], "CNY", "aliquote", "2026-09-24", indicative=True, note=basis))
                mon = q["price_monthly"]
                if mon and "promotion" not in mon:
                    prices.append(sub(lead_num(mon), "CNY", "aliquote", "2026-09-24", indicative=True, note=basis))
            offers.append(offer("alibaba", region, itype, fam, gpu, count, mpg, vcpu, ram, prices,
                                ["spare", "ad-spec"], hist or None, note=note))
    return offers


# ---------------------------------------------------------------- Tencent

TC_FAM = {"GT4": "a100-40-sxm", "GN10X": "v100-32-sxm2", "GN10Xp": "v100-32-sxm2", "GN7": "t4",
          "PNV4": "a10", "HCCPNV4h": "a100-sxm-unk"}
TC_REGIONS = ["ap-beijing", "ap-guangzhou", "ap-shanghai"]
# The doc version's commit date is not visible; its content (GT4 = A100 family) dates it to 2021 or
# later, so as_of is that lower bound (the conservative age).
TC_ASOF = "2021"
TC_PRICE_NOTE = ("Mainland-China list price (标准刊例价, compute only), not region-specific. Doc commit date not "
                 "visible; as_of 2021 is a lower bound (the page lists GT4/A100).")


def range_of(cell: str):
    parts = [dec(x) for x in cell.split("-")]
    return (parts[0], parts[-1]) if len(parts) == 2 else (None, parts[0])


def build_tencent(gpus_by_id) -> list[dict]:
    rows = read_csv(REF / "cn_instances.csv")
    avail = availability()
    cny = {}
    spec = {}
    for r in rows:
        if r["cloud"] != "Tencent" or r["family"] not in TC_FAM:
            continue
        try:
            count = int(r["gpu_count"])
        except ValueError:
            log(f"tencent: skip {r['instance_type']}: fractional vGPU ({r['gpu_count']})")
            continue
        cny[r["instance_type"]] = r
        spec[r["instance_type"]] = (r["family"], count, r["vcpus"], r["memory_gib"])
    offers = []
    for region in TC_REGIONS:
        for itype in sorted(spec):
            fam, count, vcpu, ram = spec[itype]
            gpu = TC_FAM[fam]
            itype_out = "HCCPNV4h" if fam == "HCCPNV4h" else itype
            sold = avail.get(("tencent", region, itype_out), "unknown")
            if sold != "yes":
                DROPPED.append(f"tencent {region} {itype_out}: availability {sold} (no source says it is sold there)")
                continue
            r = cny[itype]
            notes = []
            prices = []
            if r["price_payg"]:
                lo, hi = range_of(r["price_payg"])
                prices.append(od(hi, "CNY", "tc-price", TC_ASOF, range_min=lo))
                lo, hi = range_of(r["price_monthly"])
                prices.append(sub(hi, "CNY", "tc-price", TC_ASOF, range_min=lo))
                notes.append(TC_PRICE_NOTE)
            elif fam == "PNV4":
                notes.append("Listed in Guangzhou-7/Shanghai-5/Beijing-6 (whitelist family); no sourced price.")
            if itype == "GN10X.4XLARGE80":
                notes.append("Specs from the price page only: the spec doc (计算型实例.md) lists no GN10X.4XLARGE80.")
            mpg = gpus_by_id[gpu]["memory_gb"]
            if r["gpu_mem_per_gpu_gb"] and int(r["gpu_mem_per_gpu_gb"]) != mpg:
                raise SystemExit(f"tencent {itype}: per-GPU memory mismatch")
            offers.append(offer("tencent", region, itype_out, fam, gpu, count, mpg, vcpu, ram, prices,
                                ["tc-spec"], note=" ".join(notes) or None))
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
    ali_p = "Alibaba"

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
                     f"Derived: Standard SSD E30 (1024 GiB) LRS {fmt(e30)} USD/disk-month ÷ 1024. Premium SSD P4 (32 GiB) is 5.28/disk-month."))
    # Azure internet egress: 100 GB/month free, then 0.087 USD/GB (zone-1 meter: eastus, westeurope).
    for region in ("eastus", "westeurope"):
        out.append(usage("azure", region, "egress_per_gb", "USD", tiers((100, 0), (None, "0.087")), "az-egress", "2026",
                         "First 100 GB/month free (az-calc, secondary); then 0.087 USD/GB, the zone-1 first paid band "
                         "(100 GB–10 TB; West Europe MGN meter, same meter as East US per a Retail Prices API list checked "
                         "2026-09-24). Higher bands not found: 0.087 is extended beyond 10 TB (an upper bound; Azure's "
                         "higher bands are lower). as_of 2026 = the sources' content year; day not stated. "
                         "japaneast/southeastasia (zone 2) and eastus2 rates not found."))
    # Alibaba (offers only in cn-shanghai).
    out.append(usage("alibaba", "cn-shanghai", "egress_per_gb", "CNY", tiers((20, 0), (None, "0.8")), "ali-bw", "2021-02-02",
                     "CDT free quota 20 GB/month in mainland regions from 2025-06-01 (ali-cdt, page 2026-05-27); then "
                     "0.80 CNY/GB pay-by-traffic: the doc's worked example for 华东1 杭州 (labelled an example; the current "
                     "mirrored page shows the same 0.8). Applied to cn-shanghai because the EIP price list (ali-eip, "
                     "2021-06-08) puts Hangzhou and Shanghai in one price group. CDT's tiered per-GB prices were not found."))
    out.append(usage("alibaba", "cn-shanghai", "storage_per_gb_month", "CNY", tiers((None, find(ali_p, "cn-hangzhou", "ESSD PL1 cloud disk"))),
                     "ali-disk", "2020-12-01",
                     "ESSD PL1 per GiB-month (subscription; pay-as-you-go 0.0021 CNY/GiB-h): the doc's 杭州 example. "
                     "Consistent with 2026-09-24 quotes in Shanghai/Shenzhen (quote − list = 100 CNY/month for 100 GiB; ali-quote-check)."))
    # Tencent: the only CNY egress/bandwidth/CBS prices found are on an undated pricing-centre page
    # (no as_of can be given), and the dated intl-site rates are USD; left absent (see data README).
    # AWS China: no CNY data-transfer price found; left absent.
    return out


# ---------------------------------------------------------------- promotions


def build_promotions() -> list[dict]:
    """Curated promotions.json; each must match a row of the research promotions.csv."""
    rows = {(r["provider"], r["name"]): r for r in read_csv(RESEARCH / "promotions.csv")}
    out = []
    for p in load_json("promotions.json"):
        r = rows.get((p["provider"], p["research_name"]))
        if r is None or r["as_of"][:10] != p["as_of"]:
            raise SystemExit(f"promotion {p['name']!r}: no research row with as_of {p['as_of']}")
        out.append({k: v for k, v in p.items() if k != "research_name" and v is not None})
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
    promotions = build_promotions()
    used |= {p["source"] for p in promotions}
    # Sources a usage-rate note cites by id (a rate has one source field).
    cited = " ".join(u.get("note", "") for u in usage_rates)
    used |= {s["id"] for s in sources if re.search(r"\(" + re.escape(s["id"]) + r"[,)]", cited)}
    unused = [s["id"] for s in sources if s["id"] not in used]
    if unused:
        log(f"unused sources dropped: {unused}")
    sources = [s for s in sources if s["id"] in used]
    return {"schema": SCHEMA, "as_of": AS_OF, "fx": fx, "sources": sources, "gpus": gpus,
            "providers": providers, "regions": regions, "offers": offers, "usage_rates": usage_rates,
            "promotions": promotions}


def dump(cat: dict) -> str:
    j = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    lines = ["{" + f'"schema":{cat["schema"]},"as_of":{j(cat["as_of"])},"fx":{j(cat["fx"])},']
    keys = ["sources", "gpus", "providers", "regions", "offers", "usage_rates", "promotions"]
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


STATS_AS_OF = "2026-11-30"


def as_of_date(s: str):
    """First day an as_of can mean (YYYY, YYYY-MM or YYYY-MM-DD), as validate.rs reads it."""
    import datetime
    parts = s.split("-")
    y, m, d = int(parts[0]), int(parts[1]) if len(parts) > 1 else 1, int(parts[2]) if len(parts) > 2 else 1
    return datetime.date(y, m, d)


def stats(cat: dict) -> str:
    """Markdown: price-age distribution (current prices) as of STATS_AS_OF."""
    import statistics
    ref = as_of_date(STATS_AS_OF)
    age = lambda p: (ref - as_of_date(p["as_of"])).days
    order = {"aws": 0, "azure": 1, "alibaba": 2, "tencent": 3}
    rows, prov = {}, {}
    for o in cat["offers"]:
        k = (o["provider"], o["region"])
        r = rows.setdefault(k, {"offers": 0, "priced": 0, "ages": [], "od": []})
        r["offers"] += 1
        r["priced"] += bool(o["prices"])
        r["ages"] += [age(p) for p in o["prices"]]
        r["od"] += [age(p) for p in o["prices"] if p["model"] == "on_demand"]
        pv = prov.setdefault(o["provider"], {"offers": 0, "priced": 0, "ages": [], "od": [], "old": 0})
        pv["offers"] += 1
        pv["priced"] += bool(o["prices"])
        pv["ages"] += [age(p) for p in o["prices"]]
        pv["od"] += [age(p) for p in o["prices"] if p["model"] == "on_demand"]
    med = lambda xs: f"{statistics.median(xs):.0f} d" if xs else "—"
    old = lambda xs: f"{sum(x > 365 for x in xs)}/{len(xs)}" if xs else "—"
    out = [f"Ages in days as of {STATS_AS_OF}, from each current price's as_of (first day of a month/year "
           "when only that is given). All current prices (every billing model) and on-demand only.", "",
           "| provider | offers | priced | median age, all prices | median age, on-demand | prices > 12 months |",
           "|---|---:|---:|---:|---:|---:|"]
    for p in sorted(prov, key=order.get):
        v = prov[p]
        out.append(f"| {p} | {v['offers']} | {100 * v['priced'] / v['offers']:.0f} % | {med(v['ages'])} | {med(v['od'])} | {old(v['ages'])} |")
    out += ["", "| provider | region | offers | priced | median age, all prices | median age, on-demand |",
            "|---|---|---:|---:|---:|---:|"]
    for k in sorted(rows, key=lambda k: (order[k[0]], k[1])):
        v = rows[k]
        out.append(f"| {k[0]} | {k[1]} | {v['offers']} | {100 * v['priced'] / v['offers']:.0f} % | {med(v['ages'])} | {med(v['od'])} |")
    return "\n".join(out) + "\n"


def main() -> int:
    cat = build()
    text = dump(cat)
    json.loads(text)  # sanity
    if "--stats" in sys.argv:
        print(stats(cat), end="")
        return 0
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
    for m in DROPPED:
        print("dropped:", m)
    print(f"wrote {OUT} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
