"""Accepted feed rows and the price history, as pipeline inputs (issue 23).

State (committed under src/data/refresh/, or under OUT=DIR for a refresh into another folder):
  accepted.json  {"refreshed": date | null, "feeds": {feed: {"provider", "fetched", "sources", "rows",
                 ["usage"]}}} (usage: the usage rates a feed read, in the catalog's usage_rates shape)
  history.json   [{"offer", "price", ["changed", "by", "why"]} | {"usage": "PROVIDER:REGION:KIND", "rate",
                 "changed", "by", ["why"]} | {"accepted": "GATE:ROW", "on", "why"}, ...]
                 (seed entries carry no "changed": they are the research history the catalog had before
                 any refresh; refresh entries are the prices a refresh replaced, with when and by what)

apply() merges accepted rows into the offers the research builders made: a feed price becomes current
when it is at least as new as the current price of the same billing model (the older one goes to
price_history if its value differs), else it goes to price_history itself. Offers a feed adds take their
specs from the same type elsewhere in the catalog, else from the feed. Rows that map to no GPU, no known
region or no specs are not carried (listed as dropped).
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from common import DROPPED, ROOT, Inputs, dec, load_json
from feeds.base import model_key
from feeds.registry import RANK

STATE = ROOT / "src" / "data" / "refresh"
ALI_FAMILY = lambda it: it.split(".")[1].split("-")[0] if it.count(".") >= 2 and it.startswith("ecs.") else None


def empty_accepted() -> dict:
    return {"refreshed": None, "feeds": {}}


def read_state(folder: Path) -> tuple[dict, list]:
    a, h = folder / "accepted.json", folder / "history.json"
    acc = json.loads(a.read_text(encoding="utf-8")) if a.exists() else empty_accepted()
    hist = json.loads(h.read_text(encoding="utf-8")) if h.exists() else []
    return acc, hist


def dump_accepted(acc: dict) -> str:
    j = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    out = ['{"refreshed":' + j(acc["refreshed"]) + ',"feeds":{']
    feeds = sorted(acc["feeds"])
    for i, f in enumerate(feeds):
        d = acc["feeds"][f]
        head = {k: v for k, v in d.items() if k not in ("rows", "usage")}
        rows = ",\n".join(j(r) for r in d["rows"])
        usage = (',"usage":[\n' + ",\n".join(j(u) for u in d["usage"]) + "]") if "usage" in d else ""
        out.append(j(f) + ":" + j(head)[:-1] + usage + ',"rows":[\n' + rows + "]}" + ("," if i < len(feeds) - 1 else ""))
    out.append("}}")
    return "\n".join(out) + "\n"


def dump_history(hist: list) -> str:
    return "[\n" + ",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in hist) + "]\n"


def as_of_date(s: str) -> datetime.date:
    parts = s.split("-")
    return datetime.date(int(parts[0]), int(parts[1]) if len(parts) > 1 else 1, int(parts[2]) if len(parts) > 2 else 1)


def value_key(p: dict) -> str:
    return json.dumps({k: v for k, v in p.items() if k not in ("source", "as_of", "note")}, sort_keys=True)


def ident(p: dict) -> str:
    return json.dumps({k: v for k, v in p.items() if k != "note"}, sort_keys=True)


def regions_table(inp: Inputs) -> dict:
    """(provider, code) → (name_en, name_zh, group): regions.json first, then regions_feeds.json."""
    t = {}
    for p, c, en, zh, g in load_json(inp, "regions.json") + load_json(inp, "regions_feeds.json")["regions"]:
        t.setdefault((p, c), (en, zh, g))
    return t


def gpu_of(m: dict, provider: str, itype: str):
    """(family, gpu id) of an instance type by the mapping tables, or None."""
    if provider == "aws":
        for pre, fam, gpu in m["aws_family_gpu"]:
            if itype.startswith(pre):
                return fam, gpu
    elif provider == "azure":
        sku = m["azure_alias"].get(itype, itype)
        return tuple(m["azure_sku"][sku]) if sku in m["azure_sku"] else None
    elif provider == "alibaba":
        fam = ALI_FAMILY(itype)
        return (fam, m["alibaba_family_gpu"][fam]) if fam in m["alibaba_family_gpu"] else None
    elif provider == "tencent":
        fam = itype.split(".")[0]
        return (fam, m["tencent_family_gpu"][fam]) if fam in m["tencent_family_gpu"] and fam != "HCCPNV4h" else None
    return None


PRICE_KEYS = ("model", "term_months", "payment", "upfront", "hourly", "hourly_min", "hourly_max", "monthly",
              "split_unknown", "currency", "source", "as_of", "indicative", "range_min",
              "spot_exceeds_on_demand_sourced", "steps", "interruption_band", "interruption_monthly_pct", "note")
# Fields a feed knows that the better-ranked feed of the same offer and billing model does not: the
# winner takes them over, its note naming where from (the spot history has no Spot Advisor band; the
# spot file's row has it). Never onto a row that states its own interruption rate: a price has a band or a
# monthly rate (interruption_monthly_pct), not both.
TAKEN_OVER = ("interruption_band",)
SOURCE_KEYS = ("id", "title", "reference", "as_of", "as_of_zh", "kind", "note", "note_zh")


def canon(d: dict, keys: tuple) -> dict:
    """A record in the key order the catalog writes (independent of how a state file stored it)."""
    out = {k: d[k] for k in keys if k in d}
    out.update({k: v for k, v in d.items() if k not in out})
    return out


def feed_rows(acc: dict) -> list[tuple[str, dict]]:
    """Every accepted row with its feed; where two feeds price one offer and model, the better-ranked
    feed's row only, with the TAKEN_OVER fields it lacks from the others (a copy: the state is not
    changed)."""
    best, every = {}, {}
    for feed in sorted(acc["feeds"]):
        for r in acc["feeds"][feed]["rows"]:
            k = (r["provider"], r["region"], r["instance_type"], model_key(r["price"]))
            rank = RANK.get(feed, 1)
            every.setdefault(k, []).append((rank, feed, r))
            if k not in best or rank < best[k][0]:
                best[k] = (rank, feed, r)
    out = []
    for k, (_, f, r) in sorted(best.items()):
        for _, _, other in sorted(every[k], key=lambda x: x[:2]):
            for fld in TAKEN_OVER:
                q = other["price"]
                if other is not r and fld in q and fld not in r["price"] and "interruption_monthly_pct" not in r["price"]:
                    r = dict(r, price=dict(r["price"], **{fld: q[fld]}))
                    r["price"]["note"] = (r["price"].get("note", "") + f"; {fld} {q[fld]} from {q['source']} of "
                                          f"{q['as_of']}").lstrip("; ")
        out.append((f, r))
    return out


def apply(inp: Inputs, offers: list, acc: dict, hist: list, gpus_by_id: dict, offer_fn) -> tuple[list, dict]:
    """Merge accepted rows and the history into `offers` (changed in place, new offers appended).
    Returns (offers, used feed sources)."""
    m = load_json(inp, "mappings.json")
    regions = regions_table(inp)
    by_id = {o["id"]: o for o in offers}
    derived = {o["id"]: list(o.get("price_history", [])) for o in offers}
    specs = {}
    for o in offers:
        specs.setdefault((o["provider"], o["instance_type"]), (o["gpu_count"], o["vcpu"], o["ram_gib"], o["spec_sources"]))
    sources = {}
    for feed, r in feed_rows(acc):
        p, prov, region, it = canon(r["price"], PRICE_KEYS), r["provider"], r["region"], r["instance_type"]
        oid = f"{prov}:{region}:{it}"
        fg = gpu_of(m, prov, it)
        if fg is None:
            DROPPED.append(f"{feed} {oid}: no family → GPU mapping (mappings.json): not carried")
            continue
        if (prov, region) not in regions:
            DROPPED.append(f"{feed} {oid}: region not in regions.json / regions_feeds.json: not carried")
            continue
        if prov == "azure":
            it = m["azure_alias"].get(it, it)
            oid = f"{prov}:{region}:{it}"
        o = by_id.get(oid)
        if o is None:
            spec = specs.get((prov, it))
            if spec is None:
                s = r.get("spec") or {}
                if not (s.get("gpu_count") and s.get("vcpu") and s.get("ram_gib")):
                    DROPPED.append(f"{feed} {oid}: no vCPU/RAM/GPU count in the catalog or the feed: not carried")
                    continue
                spec = (int(s["gpu_count"]), int(float(s["vcpu"])), s["ram_gib"], [p["source"]])
                specs[(prov, it)] = spec
            count, vcpu, ram, spec_src = spec
            fam, gpu = fg
            o = offer_fn(prov, region, it, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram, [], list(spec_src))
            offers.append(o)
            by_id[oid] = o
            derived[oid] = []
        sources[p["source"]] = canon(acc["feeds"][feed]["sources"].get(p["source"]) or _find_source(acc, p["source"]), SOURCE_KEYS)
        key = model_key(p)
        cur = next((i for i, q in enumerate(o["prices"]) if model_key(q) == key), None)
        if p["model"] == "spot" and not p.get("spot_exceeds_on_demand_sourced"):
            od = next((q for q in o["prices"] if q["model"] == "on_demand" and not q.get("indicative")), None)
            if od is not None and dec(p["hourly_max"]) > dec(od["hourly"]):
                DROPPED.append(f"{feed} {oid} spot max {p['hourly_max']} > on-demand {od['hourly']}: kept as history only")
                derived[oid].append(p)
                continue
        if cur is None:
            o["prices"].append(p)
        elif as_of_date(p["as_of"]) >= as_of_date(o["prices"][cur]["as_of"]):
            old = o["prices"][cur]
            o["prices"][cur] = p
            if value_key(old) != value_key(p):
                derived[oid].append(old)
        elif value_key(o["prices"][cur]) != value_key(p):
            derived[oid].append(p)
    # price_history: the history file's entries first (in file order), then what the builders and the
    # merge derived that the file does not hold
    filed = {}
    for e in hist:
        if "price" not in e:
            continue
        p = canon(e["price"], PRICE_KEYS)
        if "changed" in e:
            extra = f"Superseded on {e['changed']}" + (f" by {e['by']}" if e.get("by") else "") + "."
            if e.get("why"):
                extra += f" Accepted by the maintainer: {e['why']}"
            p["note"] = (p["note"] + " " if p.get("note") else "") + extra
        filed.setdefault(e["offer"], []).append((ident(e["price"]), p))
    for oid, o in by_id.items():
        got = filed.get(oid, [])
        seen = {k for k, _ in got}
        hist_o = [p for _, p in got] + [p for p in derived.get(oid, []) if ident(p) not in seen and not seen.add(ident(p))]
        cur = {ident(p) for p in o["prices"]}
        hist_o = [p for p in hist_o if ident(p) not in cur]
        if hist_o:
            o["price_history"] = hist_o
        elif "price_history" in o:
            del o["price_history"]
        # key order as offer() writes it
        if "price_history" in o:
            items = list(o.items())
            o.clear()
            for k, v in items:
                if k != "price_history":
                    o[k] = v
                if k == "prices":
                    o["price_history"] = hist_o
    return offers, sources


USAGE_KEYS = ("provider", "region", "kind", "currency", "tiers", "source", "as_of", "note")


def usage_key(u: dict) -> tuple:
    return (u["provider"], u["region"], u["kind"])


def apply_usage(rates: list, acc: dict, regions: set) -> tuple[list, dict]:
    """Accepted usage rates over the research ones (`rates`, from usage.build): a feed's rate replaces the
    research rate of its provider × region × kind when at least as new (as a price does); where two feeds
    read one, the better-ranked feed's. A region the catalog lists no offer in is not carried (a research
    rate may be written for every region a provider sells in). Returns (rates: the research order, then the
    feeds' new keys in order, used feed sources)."""
    best = {}
    for feed in sorted(acc["feeds"]):
        for u in acc["feeds"][feed].get("usage", []):
            k, rank = usage_key(u), RANK.get(feed, 1)
            if k not in best or rank < best[k][0]:
                best[k] = (rank, feed, u)
    out = [u for u in rates if (u["provider"], u["region"]) in regions]
    at = {usage_key(u): i for i, u in enumerate(out)}
    added, sources = [], {}
    for k, (_, feed, u) in sorted(best.items()):
        if (k[0], k[1]) not in regions:
            DROPPED.append(f"{feed} {k[0]}:{k[1]}/usage:{k[2]}: no offer in the region: not carried")
            continue
        u = canon(u, USAGE_KEYS)
        i = at.get(k)
        if i is None:
            added.append(u)
        elif as_of_date(u["as_of"]) >= as_of_date(out[i]["as_of"]):
            out[i] = u
        else:
            continue
        sources[u["source"]] = canon(acc["feeds"][feed]["sources"].get(u["source"]) or _find_source(acc, u["source"]), SOURCE_KEYS)
    order = {"aws": 0, "azure": 1, "alibaba": 2, "tencent": 3}
    added.sort(key=lambda u: (order[u["provider"]], u["region"], u["kind"]))
    return out + added, sources


def _find_source(acc, sid):
    for d in acc["feeds"].values():
        if sid in d.get("sources", {}):
            return d["sources"][sid]
    raise SystemExit(f"accepted rows cite source {sid!r} that no feed lists")


def load_alias(inp: Inputs) -> dict:
    return load_json(inp, "mappings.json")["azure_alias"]
