"""Compute SLAs per provider and scope, from the reference supplement-2026-12/sla.csv.
Python 3.11 standard library only.

Kept: the version in effect as the stored copies show it, for the scopes the
engine checks (`single_instance`, `availability_set`, `multi_zone`); left out:
superseded versions ("history only"), Azure China (21Vianet: no catalog
region) and Alibaba's reservation SLA (an exclusion, no percentage).
Alibaba's figures are secondary and undated (supplement NOTES): they are kept
with `as_of: null` and `undated: true`, so nothing shows them as a dated
commitment and the engine never lets them confirm an SLA need."""

from __future__ import annotations

from common import DROPPED, dec, fmt, read_csv

SOURCES = {
    ("aws", "region-level: EC2/EBS/ECS/Fargate"): ("multi_zone", "sla-aws"),
    ("aws", "instance-level"): ("single_instance", "sla-aws-inst"),
    ("azure", "two or more VM instances across two or more availability zones"): ("multi_zone", "sla-azure"),
    ("azure", "two or more VM instances in the same availability set"): ("availability_set", "sla-azure"),
    ("azure", "single-instance VM with Premium Storage"): ("single_instance", "sla-azure"),
    ("alibaba", "single ECS instance"): ("single_instance", "sla-alibaba"),
    ("alibaba", "ECS instances in at least two zones"): ("multi_zone", "sla-alibaba"),
    ("tencent", "single CVM instance (monthly)"): ("single_instance", "sla-tencent"),
    ("tencent", "CVM instances deployed in at least two availability zones"): ("multi_zone", "sla-tencent"),
}


def build(inp) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in read_csv(inp.ref / "supplement-2026-12" / "sla.csv"):
        hit = [v for (p, prefix), v in SOURCES.items() if p == r["provider"] and r["scope"].startswith(prefix)]
        if not hit or "superseded" in r["scope"]:
            DROPPED.append(f"sla {r['provider']}: {r['scope'][:60]}: not a current scope the engine checks")
            continue
        scope, src = hit[0]
        undated = r["as_of"] == "undated"
        out.setdefault(r["provider"], []).append({
            "scope": scope, "pct": fmt(dec(r["sla_pct"])), "source": src,
            "as_of": None if undated else r["as_of"], "undated": undated,
            "secondary": "SECONDARY" in r["note"], "note": r["scope"]})
    for p, rows in out.items():
        scopes = [x["scope"] for x in rows]
        if len(scopes) != len(set(scopes)):
            raise SystemExit(f"sla.csv: {p} has one scope twice")
    return out
