#!/usr/bin/env python3
"""Build src/data/catalog.json from the reference CSVs, the research CSVs in
research/ and the curated inputs in this folder. Python 3.11 standard library
only; deterministic output.

    python3 src/data/pipeline/build_catalog.py            # write catalog.json
    python3 src/data/pipeline/build_catalog.py --check    # fail if it would change
    python3 src/data/pipeline/build_catalog.py --stats    # price-age tables (markdown)
    python3 -m unittest discover -s src/data/pipeline     # pipeline tests (fixtures/)

One module per provider (aws, azure, alibaba, tencent), plus gpus, usage,
promotions, benchmarks (training throughput for the cost-per-job engine) and facts (provider facts, curated and derived from the catalog's prices); shared helpers in common. Mapping tables: mappings.json; FX
default: fx.json. Reference data: src/data/reference (committed; override with
GPUCOST_REF=/path/to/reference-data).
"""

from __future__ import annotations

import json
import re
import sys

import alibaba
import aws
import azure
import benchmarks as bench_mod
import facts as facts_mod
import feedmerge
import gpus as gpus_mod
import network
import promotions as promos
import sla as sla_mod
import tencent
import usage
from common import DROPPED, LOG, ROOT, Inputs, load_json, log, offer

OUT = ROOT / "src" / "data" / "catalog.json"

AS_OF = "2026-11-30"
SCHEMA = 1


def build(inp: Inputs, state: tuple[dict, list] | None = None) -> dict:
    """The catalog from the research inputs plus `state` = (accepted feed rows, price history); by
    default the committed state in src/data/refresh/."""
    acc, hist = state if state is not None else feedmerge.read_state(feedmerge.STATE)
    sources = load_json(inp, "sources.json")
    gpus = gpus_mod.build(inp)
    gpus_by_id = {g["id"]: g for g in gpus}
    region_rows = load_json(inp, "regions.json")
    offers = [o for builder in (aws, azure, alibaba, tencent) for o in builder.build(inp, gpus_by_id)]
    offers, feed_sources = feedmerge.apply(inp, offers, acc, hist, gpus_by_id, offer)
    order = {"aws": 0, "azure": 1, "alibaba": 2, "tencent": 3}
    offers.sort(key=lambda o: (order[o["provider"]], o["region"], o["family"], o["instance_type"]))
    # regions a feed added (regions_feeds.json), after the researched ones, only where an offer is
    known = {(r[0], r[1]) for r in region_rows}
    table = feedmerge.regions_table(inp)
    extra = sorted({(o["provider"], o["region"]) for o in offers} - known, key=lambda k: (order[k[0]], k[1]))
    region_rows = region_rows + [[p, c, *table[(p, c)]] for p, c in extra]
    regions = [{"provider": p, "code": c, "name_en": en, "name_zh": zh, "group": g}
               for p, c, en, zh, g in region_rows]
    usage_rates, usage_sources = feedmerge.apply_usage(usage.build(inp), acc, {(r["provider"], r["code"]) for r in regions})
    feed_sources = {**feed_sources, **usage_sources}
    sources = sources + [feed_sources[k] for k in sorted(feed_sources)]
    network.attach(inp, offers)
    providers = facts_mod.build(inp, offers)
    slas = sla_mod.build(inp)
    for p in providers:
        p["sla"] = slas.get(p["id"], [])
    fx = {k: v for k, v in load_json(inp, "fx.json").items() if not k.startswith("_")}
    used = {s for o in offers for p in o["prices"] + o.get("price_history", []) + o.get("alt_prices", []) for s in [p["source"]]}
    used |= {s for o in offers for s in o["spec_sources"]} | {s for g in gpus for s in g["sources"]}
    used |= {o["net"]["source"] for o in offers} | {x["source"] for p in providers for x in p["sla"]}
    used |= {f["source"] for g in gpus for f in g.get("field_sources", [])}
    used |= {g[k] for g in gpus for k in ("kind_source", "frameworks_source") if g.get(k)}
    used |= {f["source"] for p in providers for f in p["facts"]} | {fx["source"]}
    used |= {u["source"] for u in usage_rates}
    promotions = promos.build(inp)
    used |= {p["source"] for p in promotions}
    benchmarks = bench_mod.build(inp, gpus_by_id)
    used |= {b["source"] for b in benchmarks}
    # Sources a usage-rate note cites by id (a rate has one source field).
    cited = " ".join(u.get("note", "") for u in usage_rates)
    used |= {s["id"] for s in sources if re.search(r"\(" + re.escape(s["id"]) + r"[,)]", cited)}
    unused = [s["id"] for s in sources if s["id"] not in used]
    if unused:
        log(f"unused sources dropped: {unused}")
    sources = [s for s in sources if s["id"] in used]
    as_of = max(AS_OF, acc.get("refreshed") or AS_OF)
    return {"schema": SCHEMA, "as_of": as_of, "fx": fx, "sources": sources, "gpus": gpus,
            "providers": providers, "regions": regions, "offers": offers, "usage_rates": usage_rates,
            "promotions": promotions, "benchmarks": benchmarks}


def dump(cat: dict) -> str:
    j = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    lines = ["{" + f'"schema":{cat["schema"]},"as_of":{j(cat["as_of"])},"fx":{j(cat["fx"])},']
    keys = ["sources", "gpus", "providers", "regions", "offers", "usage_rates", "promotions", "benchmarks"]
    for i, k in enumerate(keys):
        items = cat[k]
        if k == "providers":
            body = []
            for p in items:
                head = {kk: vv for kk, vv in p.items() if kk not in ("facts", "sla")}
                facts = ",\n".join(j(f) for f in p["facts"])
                body.append(j(head)[:-1] + ',"facts":[\n' + facts + '],"sla":' + j(p["sla"]) + "}")
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
    cat = build(Inputs.default())
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
