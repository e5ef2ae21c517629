"""Shared helpers of the catalog pipeline: input paths, CSV/JSON reading,
decimal formatting, price/offer records, source ids, availability.
Python 3.11 standard library only."""

from __future__ import annotations

import csv
import json
import os
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
# The reference data the pipeline reads, committed in the repo (a copy of the research folder it came
# from, every file, unchanged). GPUCOST_REF=/path overrides it.
REFERENCE = ROOT / "src" / "data" / "reference"

# SkyPilot commit dates are not visible; content dates them Dec-2024..May-2025.
# as_of is the start of that window (the conservative age); the note says so.
SKY_ASOF = "2024-12"
SKY_NOTE = "SkyPilot snapshot, date estimated Dec-2024..May-2025 (as_of = start of window)"
# The Azure SkyPilot file (catalogs/v6/azure/vms.csv @098741e7) shows no date, and the AWS-derived
# Dec-2024..May-2025 window does not carry over to it: the year recorded for it by the reference-data
# research (sources.json sky-az) is the only basis.
SKY_AZ_ASOF = "2025"
SKY_AZ_NOTE = ("SkyPilot Azure file, commit date not visible; as_of = the year recorded for the file "
               "(year only, no month or day is sourced); treat as undated history")
TSAOL_ASOF = "2026-01-21"
LOG: list[str] = []      # skipped rows (printed as "note:")
DROPPED: list[str] = []  # rows deliberately not carried (printed as "dropped:")


@dataclass(frozen=True)
class Inputs:
    """Where the pipeline reads: reference CSVs, research CSVs, curated JSON."""
    ref: Path
    research: Path
    curated: Path

    @property
    def s26(self) -> Path:
        return self.ref / "supplement-2026"

    @staticmethod
    def default() -> "Inputs":
        ref = Path(os.environ.get("GPUCOST_REF", REFERENCE))
        return Inputs(ref=ref, research=HERE / "research", curated=HERE)


def mappings(inp: Inputs) -> dict:
    """Instance family → GPU tables and per-provider region lists (mappings.json)."""
    return load_json(inp, "mappings.json")


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


def load_json(inp: Inputs, name: str):
    with open(inp.curated / name, encoding="utf-8") as f:
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


def ri(term, payment, upfront, hourly, cur, src, as_of, split_unknown=False, **kw):
    """A reservation. split_unknown: a partial-upfront rate whose upfront/hourly split the source does not
    publish (stored as upfront 0 + the effective hourly rate); the flag tells the engine so."""
    extra = {"split_unknown": True} if split_unknown else {}
    return price("reserved", cur, src, as_of, term_months=term, payment=payment,
                 upfront=dec(upfront), hourly=dec(hourly), **extra, **kw)


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
    if (od_same / 10).quantize(Decimal(1).scaleb(lo.as_tuple().exponent)) == lo:
        return "min is 10 % of on-demand (to the source's last digit; the placeholder pattern, range not trusted)"
    if lo == hi and abs(hi - od_same) <= Decimal("0.0001"):
        return "spot equals the on-demand list price (no spot discount observed; unverified)"
    if "suspect" in note or "within 0.00001" in note:
        return "source flags the spot value as equal to list (unverified)"
    return None



def availability(inp: Inputs) -> dict:
    """(provider, region, instance_type) -> 'yes' | 'no' | 'unknown'."""
    return {(r["provider"], r["region"], r["instance_type"]): r["sold_there"]
            for r in read_csv(inp.research / "availability.csv")}

