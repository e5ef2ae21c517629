#!/usr/bin/env python3
"""Refresh the catalog's prices from the providers' feeds. Standard library, but for the credentialed
feeds' SDKs (requirements-live.lock, in .venv), which run live and on a replay alike (feeds/wire.py).

    make refresh                          live: every feed from the network (credentials from env)
    make refresh FROM=DIR                 replay every response from a recorded folder
    make refresh ... OUT=DIR2             write DIR2/{catalog.json,accepted.json,history.json,report.md}
                                          instead of the repo, comparing against what DIR2 holds
    make refresh ACCEPT='GATE:ROW' WHY='reason'    accept flagged rows (several: space-separated)
    make refresh STRICT=1                 a feed that cannot be fetched refuses the refresh (gate 'feed')
    make feed FEED=name PARSED=DIR [FROM=DIR]      one feed → DIR/name.json (the workflow's jobs); the outputs of
                                          the feeds before it in DIR count as this run's (aws-ec2's listing)
    make refresh PARSED=DIR               merge the feeds' outputs from DIR instead of fetching

One failure never sinks a refresh: a request that fails (a region, a type, a billing model: the feed
names it with FeedOutput.fail) keeps the last accepted rows in its scope, with their own dates; a feed
that fails as a whole keeps all its last accepted rows. A feed fails as a whole when its first request
(the index or the region list) fails, or when it yields no row while some of its requests failed. Both
are listed in the report; the other feeds are still gated and written. A feed failing
FAILING_RUNS_LOUD runs in a row is raised: the refresh still writes what passed, then exits 4.

Exit: 0 written or nothing changed; 3 refused by a gate (nothing written; each gate and row named);
4 written, but a feed has failed FAILING_RUNS_LOUD runs in a row (named in the report); anything else
an error, with one line saying why.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_catalog  # noqa: E402
import feedmerge  # noqa: E402
from common import DROPPED, LOG, Inputs, load_json  # noqa: E402
from feeds import aws_pricelist  # noqa: E402
from feeds.base import PUBLIC_IPV4, SPOT_BANDS, STORAGE, USAGE_KINDS, FeedOutput, in_scope, median, model_key, row_id, usage_unit  # noqa: E402
from feeds.http import FeedError  # noqa: E402
from feeds.registry import FEEDS, PROVIDER  # noqa: E402
from feeds.transport import Live, Replay, today  # noqa: E402

EXIT_GATE = 3
EXIT_FAILING = 4
FAILING_RUNS_LOUD = 3
# A first-seen price per GPU must lie within these bounds of its siblings' median (same provider, GPU,
# billing model and currency; else every provider's) — a new region never enters 10× off.
SIBLING_LOW, SIBLING_HIGH = Decimal("0.4"), Decimal("2.5")
GATES = {
    "feed": "a feed could not be fetched or parsed after retries (only with --strict; else it is skipped)",
    "no-gpu-rows": "a feed yielded no GPU rows",
    "fewer-offers": "fewer than half the prices of last time for a provider × region × billing model",
    "bad-price": "a price ≤ 0, not a number, NaN or infinite",
    "currency": "a price in a currency the region does not bill in",
    "unit": "a figure in a unit other than the billing model's (e.g. per month where per hour is due)",
    "schema": "a required field is missing (schema drift), or a field's value is not one the catalog knows",
    "duplicate": "two different prices for one SKU and billing model",
    "spot-above-od": "spot above on-demand",
    "move": "a price moved more than 3× either way since the last accepted catalog",
    "first-seen": "a new price per GPU outside 0.4×–2.5× of its siblings' median",
}
PUBLISH_ON_ACCEPT = {"no-gpu-rows", "fewer-offers", "spot-above-od", "move", "first-seen"}


class Refused(Exception):
    pass


# ------------------------------------------------------------------ running feeds


def context(inp: Inputs) -> dict:
    return {"mappings": load_json(inp, "mappings.json"), "regions": feedmerge.regions_table(inp), "env": os.environ}


def run_feed(name: str, tr, ctx) -> FeedOutput:
    """One feed's output; kept in ctx["outputs"] for the feeds after it in the same run (aws-capacity-blocks
    reads aws-ec2's Capacity Block listing)."""
    out = _run_feed(name, tr, ctx)
    if isinstance(ctx, dict):
        ctx.setdefault("outputs", {})[name] = out
    return out


def _run_feed(name: str, tr, ctx) -> FeedOutput:
    fn, _ = FEEDS[name]
    try:
        out = fn(tr, ctx)
    except FeedError as e:
        return FeedOutput(name, PROVIDER[name], "failed", str(e))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        return FeedOutput(name, PROVIDER[name], "failed", f"cannot parse the response ({type(e).__name__}: {e})")
    except Exception as e:  # noqa: BLE001 — an SDK's own error class: the feed fails, never a traceback
        return FeedOutput(name, PROVIDER[name], "failed", f"{type(e).__name__}: {str(e)[:300]}")
    if out.status == "ok" and not out.rows and out.failures:
        out.status = "failed"
        out.why = f"no row: all {len(out.failures)} request(s) failed (first: {out.failures[0]['unit']}: {out.failures[0]['why']})"
    out.rows.sort(key=row_id)
    out.sources = {s["id"]: s for s in out.sources.values()}  # keyed by the id rows cite
    return out


# ------------------------------------------------------------------ gates on rows


def headline(p: dict):
    m = p["model"]
    try:
        if m == "on_demand":
            return Decimal(p["hourly"])
        if m == "spot":
            return Decimal(p["hourly_max"])
        if m == "reserved":
            return Decimal(p["upfront"]) + Decimal(p["hourly"]) * p["term_months"] * 730
        if m == "savings_plan":
            return Decimal(p["hourly"])
        if m == "capacity_block":  # the reservation fee per instance-hour (paid up front for the block)
            return Decimal(p["hourly"])
        if m == "subscription":
            return Decimal(p["monthly"])
    except (InvalidOperation, KeyError, TypeError):
        return None
    return None


def bad_value(p: dict) -> str | None:
    """Why a price's figures are unpublishable (None = fine)."""
    fields = {"on_demand": ("hourly",), "spot": ("hourly_min", "hourly_max"), "reserved": ("upfront", "hourly"),
              "savings_plan": ("hourly",), "capacity_block": ("hourly",), "subscription": ("monthly",)}.get(p.get("model"))
    if fields is None:
        return f"unknown model {p.get('model')!r}"
    vals = {}
    for f in fields:
        try:
            d = Decimal(str(p.get(f)))
        except (InvalidOperation, ValueError):
            return f"{f} {p.get(f)!r} is not a number"
        if not d.is_finite():
            return f"{f} {p.get(f)!r} is not a number"
        vals[f] = d
    m = p["model"]
    if m == "reserved":
        if vals["upfront"] < 0 or vals["hourly"] < 0:
            return "negative reservation figure"
        if p.get("payment") == "all" and vals["upfront"] <= 0:
            return "all-upfront reservation with upfront ≤ 0"
        if p.get("payment") != "all" and vals["hourly"] <= 0:
            return f"{p.get('payment')}-upfront reservation with hourly ≤ 0"
        if p.get("term_months") not in (12, 36, 60):
            return f"term {p.get('term_months')} months"
        return None
    for f, d in vals.items():
        if d <= 0:
            return f"{f} {p.get(f)} ≤ 0"
    if m == "spot" and vals["hourly_min"] > vals["hourly_max"]:
        return "spot min above max"
    return None


def bad_band(p: dict) -> str | None:
    """Why a price's interruption band is unpublishable (None = fine, or no band): a spot price's band is
    one of the engine's SpotBand codes; no other billing model has one."""
    if "interruption_band" not in p:
        return None
    if p.get("model") != "spot":
        return f"interruption_band on a {p.get('model')} price"
    if p["interruption_band"] not in SPOT_BANDS:
        return f"interruption_band {p['interruption_band']!r} is not one of {', '.join(SPOT_BANDS)}"
    return None


RATE_MAX = Decimal("99.99")  # interruption_monthly_pct: the engine's bound (0–99.99 %)


def decimal_string(v) -> Decimal | None:
    """A finite decimal written as a string (a JSON number or anything else: None)."""
    try:
        d = Decimal(v) if isinstance(v, str) else None
    except (InvalidOperation, ValueError):
        return None
    return d if d is not None and d.is_finite() else None


def bad_rate(p: dict) -> str | None:
    """Why a price's monthly interruption rate is unpublishable (None = fine, or no rate): a decimal string
    in 0–RATE_MAX on a spot price without an interruption_band; no other billing model has one."""
    if "interruption_monthly_pct" not in p:
        return None
    v = p["interruption_monthly_pct"]
    if p.get("model") != "spot":
        return f"interruption_monthly_pct on a {p.get('model')} price"
    if "interruption_band" in p:
        return "interruption_monthly_pct together with an interruption_band"
    d = decimal_string(v)
    if d is None:
        return f"interruption_monthly_pct {v!r} is not a decimal string"
    if not 0 <= d <= RATE_MAX:
        return f"interruption_monthly_pct {v} lies outside 0–{RATE_MAX} %"
    return None


STEPS_MAX = 3  # the engine's bounds (billing/steps.rs MAX_STEPS, MAX_FROM_HOURS)
STEP_FROM_MAX = 8784


def bad_steps(p: dict) -> str | None:
    """Why a price's on-demand steps cannot be billed as published (None = fine, or no steps), the engine's
    rules (validate.rs steps_problem): two or three steps on an on-demand price without a range, from hour 0,
    hours ascending up to a year (8,784 h), prices decimal strings not rising, the first (the configuration's
    total) at least the price, and the last leaving the instance something to pay: hourly − (first − last) > 0."""
    if "steps" not in p:
        return None
    st = p["steps"]
    if p.get("model") != "on_demand":
        return f"steps on a {p.get('model')} price"
    if "range_min" in p:
        return "steps together with a range_min"
    if not isinstance(st, list) or not 2 <= len(st) <= STEPS_MAX:
        return f"steps: not two or three steps ({st!r})"
    hours, vals = [], []
    for s in st:
        h, v = (s.get("from_hours"), s.get("hourly")) if isinstance(s, dict) else (None, None)
        d = decimal_string(v)
        if type(h) is not int or d is None or d <= 0:
            return f"steps: {s!r} is not an hour and a positive decimal string"
        hours.append(h)
        vals.append(d)
    if hours[0] != 0:
        return f"steps: the first starts at hour {hours[0]}, not 0"
    if any(b <= a for a, b in zip(hours, hours[1:])):
        return f"steps: hours {hours} do not ascend"
    if hours[-1] > STEP_FROM_MAX:
        return f"steps: a step starts after a year of use ({hours[-1]} h > {STEP_FROM_MAX} h)"
    if any(b > a for a, b in zip(vals, vals[1:])):
        return "steps: a step above the one before it"
    hourly = Decimal(str(p["hourly"]))  # bad_value read it
    if vals[0] < hourly:
        return f"steps: the first ({vals[0]}) is below the price {hourly} (it includes the instance)"
    if hourly - (vals[0] - vals[-1]) <= 0:
        return "steps: the last leaves the instance nothing to pay"
    return None


def carried(out: FeedOutput, prior: dict | None, rows: list) -> list:
    """The last accepted rows in the scope of a failed request that this run did not renew: kept as they
    were, with their own dates."""
    if not prior or not out.failures:
        return []
    have = {row_id(r) for r in rows}
    keep = []
    for r in prior["rows"]:
        if row_id(r) not in have and any(in_scope(r, f["scope"]) for f in out.failures):
            keep.append(copy.deepcopy(r))
            have.add(row_id(r))
    return keep


def billing_currency(regions: dict, provider: str, region: str) -> str | None:
    """The currency a region bills in (CNY in mainland China, else USD); None for a region the tables
    do not list (its rows are not carried: feedmerge)."""
    reg = regions.get((provider, region))
    return None if reg is None else "CNY" if reg[2] == "mainland_china" else "USD"


def usage_id(u: dict) -> str:
    return f"{u['provider']}:{u['region']}/usage:{u['kind']}"


def usage_in_scope(u: dict, scope: dict) -> bool:
    """Whether a usage rate lies in a failure's scope: its region, failed as a whole or for this kind."""
    return (u["provider"] == scope["provider"] and u["region"] == scope["region"] and "instance_type" not in scope
            and scope.get("model", usage_unit(u["kind"])) == usage_unit(u["kind"]))


# What a usage rate can be, per kind and currency; outside, the figure is in another unit:
# - storage per GB-month: the cheapest HDD to the dearest SSD any provider lists, with room (outside: per disk,
#   per hour, per GB-hour);
# - a public IPv4 address per address-hour: AWS and Azure charge 0.005 USD, Tencent's idle EIP 0.031 USD/h
#   (about 0.22 CNY) is the dearest address fee found; the bounds leave room both ways (0.001–0.05 USD,
#   0.005–0.4 CNY). Outside, the figure is a per-month (0.005 x 730 = 3.65) or per-day (0.12) figure.
USAGE_RANGE = {
    STORAGE: {"USD": (Decimal("0.01"), Decimal("2")), "CNY": (Decimal("0.05"), Decimal("15"))},
    PUBLIC_IPV4: {"USD": (Decimal("0.001"), Decimal("0.05")), "CNY": (Decimal("0.005"), Decimal("0.4"))},
}
USAGE_UNIT = {STORAGE: "per GB-month", PUBLIC_IPV4: "per address-hour"}
AS_OF = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")


def bad_usage(u: dict, out: FeedOutput) -> tuple[str, str] | None:
    """(gate, why) for a usage rate no catalog may carry: the shape usage_row writes, one positive
    figure in the kind's unit, a currency, a source the feed lists and a date."""
    if u.get("provider") != out.provider or u.get("kind") not in USAGE_KINDS or not u.get("region"):
        return "schema", f"provider {u.get('provider')!r}, kind {u.get('kind')!r}: not a {out.provider} usage rate ({', '.join(USAGE_KINDS)})"
    ranges = USAGE_RANGE[u["kind"]]
    if u.get("currency") not in ranges:
        return "schema", f"currency {u.get('currency')!r}: not one of {', '.join(ranges)}"
    t = u.get("tiers")
    if not isinstance(t, list) or len(t) != 1 or not isinstance(t[0], dict) or t[0].get("up_to") is not None:
        return "schema", f"tiers {t!r}: one tier with no upper bound expected"
    v = decimal_string(t[0].get("price"))
    if v is None or v <= 0:
        return "bad-price", f"rate {t[0].get('price')!r}: not a positive decimal string"
    lo, hi = ranges[u["currency"]]
    if not lo <= v <= hi:
        return "unit", (f"{v.normalize():f} {u['currency']} {USAGE_UNIT[u['kind']]}, outside {lo}–{hi}: a figure in "
                        "another unit?")
    if u.get("source") not in out.sources:
        return "schema", f"source {u.get('source')!r} is not one the feed lists"
    try:
        if not (isinstance(u.get("as_of"), str) and AS_OF.fullmatch(u["as_of"])):
            raise ValueError
        feedmerge.as_of_date(u["as_of"])
    except ValueError:
        return "schema", f"as_of {u.get('as_of')!r} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)"
    return None


def check_usage(out: FeedOutput, prior: dict | None, regions: dict):
    """(publishable usage rates, flags, rates carried from the last accepted run) of one fetched feed. A
    region whose rate request failed keeps its last accepted rate, with its own date; a rate the feed no
    longer reads, with no failure to explain it, is not carried (the report lists it as gone)."""
    flags, keep, seen = [], [], {}
    for u in out.usage:
        uid = usage_id(u) if isinstance(u, dict) and {"provider", "region", "kind"} <= set(u) else f"{out.feed}/usage:?"
        why = bad_usage(u, out) if isinstance(u, dict) else ("schema", f"{u!r}: not a record")
        if why:
            flags.append((why[0], uid, why[1]))
            continue
        want = billing_currency(regions, u["provider"], u["region"])
        if want and u["currency"] != want:
            flags.append(("currency", uid, f"{u['currency']}; {u['region']} bills in {want}"))
            continue
        if uid in seen:
            if seen[uid]["tiers"] != u["tiers"]:
                flags.append(("duplicate", uid, f"{seen[uid]['tiers'][0]['price']} and {u['tiers'][0]['price']}"))
            continue
        seen[uid] = u
        keep.append(u)
    have = {usage_id(u) for u in keep}
    kept = []
    for u in (prior or {}).get("usage", []):
        if usage_id(u) not in have and any(usage_in_scope(u, f["scope"]) for f in out.failures):
            kept.append(copy.deepcopy(u))
            have.add(usage_id(u))
    # rates kept for a failed request count as present, as rows do; counted per kind, so a kind gone whole
    # (all its rates, no failure to explain it) is never hidden by the other kind's rates
    now, before = Counter(u["kind"] for u in keep + kept), Counter(u.get("kind") for u in (prior or {}).get("usage", []))
    fell = [f"{before[k]} {k} rate(s) last time, {now[k]} now" for k in sorted(before, key=str) if before[k] > 2 * now[k]]
    if fell:
        flags.append(("fewer-offers", f"{out.feed}/usage", "; ".join(fell)))
    return keep + kept, flags, kept


def usage_moves(prior_cat: dict, cat: dict, feed_sources: set) -> list:
    """Flags for usage rates a feed renewed: moved more than 3× since the last catalog, or, new to the
    catalog, outside SIBLING_LOW–SIBLING_HIGH × the median of the same provider's rates of that kind in
    that currency in the last catalog. Not against other providers': their disks are other products (an
    ESSD is not a premium cloud disk), so a provider's first rate passes and the report lists it."""
    before = {feedmerge.usage_key(u): u for u in prior_cat.get("usage_rates", [])}
    sib: dict = {}
    for u in before.values():
        top = Decimal(u["tiers"][-1]["price"])
        sib.setdefault((u["provider"], u["kind"], u["currency"]), []).append(top)
    flags = []
    for u in cat.get("usage_rates", []):
        if u["source"] not in feed_sources:
            continue
        v, a = Decimal(u["tiers"][-1]["price"]), before.get(feedmerge.usage_key(u))
        if a is not None:
            x = Decimal(a["tiers"][-1]["price"])
            if a["currency"] == u["currency"] and x > 0 and (v > 3 * x or v * 3 < x):
                flags.append(("move", usage_id(u), f"{x.normalize():f} {a['currency']} ({a['source']}, {a['as_of']}) → "
                                                   f"{v.normalize():f} {u['currency']} ({v / x:.2f}×)"))
            continue
        xs = sib.get((u["provider"], u["kind"], u["currency"]))
        if xs:
            med = median(xs)
            if med > 0 and not (SIBLING_LOW * med <= v <= SIBLING_HIGH * med):
                flags.append(("first-seen", usage_id(u), f"{v.normalize():f} {u['currency']}, {v / med:.2f}× the median "
                                                         f"{med.normalize():f} of {len(xs)} {u['kind']} rate(s) at {u['provider']}"))
    return flags


def usage_diff(prior_cat: dict, cat: dict) -> list:
    """(key, old rate or None, new rate or None) of every usage rate added, changed or gone."""
    a = {feedmerge.usage_key(u): u for u in prior_cat.get("usage_rates", [])}
    b = {feedmerge.usage_key(u): u for u in cat.get("usage_rates", [])}
    return [(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b))
            if a.get(k) is None or b.get(k) is None or (a[k]["tiers"], a[k]["currency"]) != (b[k]["tiers"], b[k]["currency"])]


def model_base(p: dict) -> str:
    return p["model"] + (" (indicative)" if p.get("indicative") else "")


def check_feed(out: FeedOutput, prior: dict | None, regions: dict, mappings: dict, prior_spot: dict | None = None):
    """(publishable rows, flags, rows carried from the last accepted run) of one fetched feed."""
    flags = [(p["gate"], p["row"], p["detail"]) for p in out.problems]
    keep, seen = [], {}
    for r in out.rows:
        rid = row_id(r)
        p = r["price"]
        why = bad_value(p)
        if why:
            flags.append(("bad-price", rid, why))
            continue
        why = bad_band(p) or bad_rate(p)
        if why:
            flags.append(("schema", rid, why))
            continue
        why = bad_steps(p)
        if why:
            # the price stands: billed at its one (first) price, at most what is paid
            out.notes.append(f"{rid}: {why}: the steps are dropped, the price is billed at every hour")
            r = dict(r, price={k: v for k, v in p.items() if k != "steps"})
            p = r["price"]
        want = billing_currency(regions, r["provider"], r["region"])
        if want and p["currency"] != want:
            flags.append(("currency", rid, f"{p['currency']}; {r['region']} bills in {want}"))
            continue
        if p.get("hourly_max_unknown"):
            if not resolve_spot_max(r, (prior_spot or {}).get(rid)):
                out.notes.append(f"{rid}: spot file gives the region's lowest price only and no history bounds its "
                                 "maximum: not carried")
                continue
        if rid in seen:
            if feedmerge.value_key(seen[rid]["price"]) != feedmerge.value_key(p):
                flags.append(("duplicate", rid, f"{headline(seen[rid]['price'])} and {headline(p)}"))
                seen[rid]["dup"] = True
            continue
        seen[rid] = r
        keep.append(r)
    keep = [r for r in keep if not r.pop("dup", False)] if any("dup" in r for r in keep) else keep
    kept = carried(out, prior, keep)
    for r in kept:  # accepted before the steps gate existed: the same rule
        why = bad_steps(r["price"])
        if why:
            out.notes.append(f"{row_id(r)} (carried): {why}: the steps are dropped, the price is billed at every hour")
            del r["price"]["steps"]
    gpu_rows = [r for r in keep if feedmerge.gpu_of(mappings, r["provider"], r["instance_type"])]
    if not gpu_rows:
        flags.append(("no-gpu-rows", out.feed, f"{len(out.rows)} rows, none of a GPU type in mappings.json"))
    if prior:
        # prices, not instance types, per provider × region × billing model: a feed that loses a billing
        # model (a page repeating the one before, every reservation of a region) is caught, never
        # silently replaced by older research rows
        def count(rows):
            c = {}
            for r in rows:
                if feedmerge.gpu_of(mappings, r["provider"], r["instance_type"]):
                    c.setdefault(f"{r['provider']}:{r['region']}/{model_base(r['price'])}", set()).add(row_id(r))
            return c
        old, new = count(prior["rows"]), count(gpu_rows + kept)
        for k in sorted(old):
            n_old, n_new = len(old[k]), len(new.get(k, ()))
            if n_new * 2 < n_old:
                what = "billing model gone" if n_new == 0 else f"{n_new} prices"
                flags.append(("fewer-offers", f"{out.feed}/{k}", f"{what}, {n_old} last time"))
    return keep + kept, flags, kept


def resolve_spot_max(r: dict, hist: dict | None) -> bool:
    """A spot row whose figure is a minimum only (the feed marks hourly_max_unknown): its maximum is the
    maximum another feed gives for the offer (this run's spot history, else the last accepted one), when
    at least the minimum; else it cannot be published as a range (False) and is not carried."""
    p = r["price"]
    p.pop("hourly_max_unknown", None)
    if hist is None:
        return False
    try:
        lo, hi = Decimal(p["hourly_min"]), Decimal(hist["price"]["hourly_max"])
    except (InvalidOperation, KeyError, TypeError):
        return False
    if not hi.is_finite() or hi < lo:
        return False
    p["hourly_max"] = hist["price"]["hourly_max"]
    p["note"] = (p.get("note", "") + f"; maximum from {hist['price']['source']} of {hist['price']['as_of']}").lstrip("; ")
    return True


def per_gpu_hour(o: dict, p: dict) -> Decimal | None:
    """A price as an hourly figure per GPU, for comparing siblings (None when it cannot be read)."""
    n = o.get("gpu_count") or 0
    try:
        m = p["model"]
        if m in ("on_demand", "savings_plan", "capacity_block"):
            v = Decimal(p["hourly"])
        elif m == "spot":
            v = Decimal(p["hourly_min"])
        elif m == "reserved":
            h = Decimal(p["term_months"]) * 730
            v = (Decimal(p["upfront"]) + Decimal(p["hourly"]) * h) / h
        elif m == "subscription":
            v = Decimal(p["monthly"]) / 730
        else:
            return None
    except (InvalidOperation, KeyError, TypeError, ArithmeticError):
        return None
    if not v.is_finite() or n <= 0:
        return None
    return v / n


def sibling_key(p: dict):
    return (p["model"], p.get("term_months"), p["currency"], bool(p.get("indicative")))


def first_seen(prior_cat: dict, cat: dict, pc: dict, feed_sources: set) -> list:
    """Flags for prices a feed adds (an offer and billing model the last catalog did not price) whose
    figure per GPU lies outside SIBLING_LOW–SIBLING_HIGH × the median of its siblings: the same GPU and
    billing model (and term) in the same currency at the same provider in the last catalog, or, where
    that provider has none, at every provider. With no sibling at all (a GPU new to the catalog) the
    price passes; the report lists it under prices added."""
    sib: dict = {}
    for o in prior_cat["offers"]:
        for p in o["prices"]:
            v = per_gpu_hour(o, p)
            if v is not None and o.get("gpu"):
                sib.setdefault((o["provider"], o["gpu"]) + sibling_key(p), []).append(v)
                sib.setdefault(("*", o["gpu"]) + sibling_key(p), []).append(v)
    flags = []
    for o in cat["offers"]:
        for p in o["prices"]:
            k = (o["id"], model_key(p))
            if p["source"] not in feed_sources or k in pc or not o.get("gpu"):
                continue
            v = per_gpu_hour(o, p)
            if v is None:
                continue
            where, xs = o["provider"], sib.get((o["provider"], o["gpu"]) + sibling_key(p))
            if not xs:
                where, xs = "every provider", sib.get(("*", o["gpu"]) + sibling_key(p))
            if not xs:
                continue
            med = median(xs)
            if med > 0 and not (SIBLING_LOW * med <= v <= SIBLING_HIGH * med):
                flags.append(("first-seen", f"{o['id']}/{k[1]}",
                              f"{v.quantize(Decimal('0.0001'))} {p['currency']} per GPU-hour, {v / med:.2f}× the median "
                              f"{med.quantize(Decimal('0.0001'))} of {len(xs)} {o['gpu']} {p['model']} price(s) at {where}"))
    return flags


# ------------------------------------------------------------------ diff report


def current(cat: dict) -> dict:
    return {(o["id"], model_key(p)): p for o in cat["offers"] for p in o["prices"]}


def is_stale(p: dict, ref: str) -> bool:
    return (feedmerge.as_of_date(ref) - feedmerge.as_of_date(p["as_of"])).days > 365


def fmt_p(p: dict) -> str:
    v = headline(p)
    return f"{v.normalize():f} {p['currency']}" if v is not None else "?"


def diff(prior: dict, new: dict) -> dict:
    po = {o["id"]: o for o in prior["offers"]}
    no = {o["id"]: o for o in new["offers"]}
    pc, nc = current(prior), current(new)
    d = {"added": sorted(set(no) - set(po)), "removed": sorted(set(po) - set(no)), "changed": [], "new_prices": [],
         "gone_prices": [], "stale": []}
    for k in sorted(set(pc) | set(nc)):
        a, b = pc.get(k), nc.get(k)
        if k[0] not in po or k[0] not in no:
            continue
        if a and b and feedmerge.value_key(a) != feedmerge.value_key(b):
            d["changed"].append((k, a, b))
        elif a and not b:
            d["gone_prices"].append((k, a))
        elif b and not a:
            d["new_prices"].append((k, b))
    for k, b in sorted(nc.items()):
        a = pc.get(k)
        if is_stale(b, new["as_of"]) and not (a and feedmerge.ident(a) == feedmerge.ident(b) and is_stale(a, prior["as_of"])):
            d["stale"].append((k, b))
    return d


def pct(a: dict, b: dict) -> str:
    x, y = headline(a), headline(b)
    if x is None or y is None or x == 0 or a["currency"] != b["currency"]:
        return "—"
    return f"{(y - x) / x * 100:+.1f} %"


def region_of(oid: str) -> str:
    p, r, _ = oid.split(":", 2)
    return f"{p} {r}"


def report(date, mode, result, outputs, flags, accepted, d, skipped, dropped, carried_rows=None, loud=()) -> str:
    L = [f"# Price refresh {date}", "", f"Mode: {mode}. Result: **{result}**.", ""]
    if flags:
        L += ["## Gates", "", "| gate | row | detail | accepted |", "|---|---|---|---|"]
        for g, r, det in flags:
            ok = f"yes: {accepted[f'{g}:{r}']}" if f"{g}:{r}" in accepted else "**no**"
            L.append(f"| {g} | `{r}` | {det} | {ok} |")
        L += ["", "Accept a flagged row: `make refresh ... ACCEPT='GATE:ROW' WHY='reason'` (see src/data/README.md).", ""]
    L += ["## Feeds", "", "| feed | status | rows | fetched | note |", "|---|---|---:|---|---|"]
    for o in outputs:
        L.append(f"| {o.feed} | {o.status} | {len(o.rows)} | {o.fetched or '—'} | {o.why or ''} |")
    if loud:
        L += ["", f"**Failing {FAILING_RUNS_LOUD} or more runs in a row** (the refresh exits {EXIT_FAILING}: fix the feed "
                  "or its credentials; its rows grow older every day):", ""]
        L += [f"- {x}" for x in loud]
    if skipped:
        L += ["", "Feeds skipped (they keep their last accepted rows, with their own dates):", ""]
        L += [f"- {s}" for s in skipped]
    fails = [(o.feed, f) for o in outputs for f in o.failures]
    if fails:
        L += ["", f"## Requests that failed ({len(fails)}; the rows they would have renewed keep their last accepted "
                  "values and dates)", "", "| feed | request | expected | why | rows kept |", "|---|---|---|---|---:|"]
        for feed, f in fails:
            n = sum(1 for r in (carried_rows or {}).get(feed, [])
                    if (usage_in_scope(r, f["scope"]) if "kind" in r else in_scope(r, f["scope"])))
            L.append(f"| {feed} | `{f['unit']}` | {'yes' if f['expected'] else '**no**'} | {f['why']} | {n} |")
    notes = [(o.feed, n) for o in outputs for n in o.notes]
    if notes:
        L += ["", f"## Feed notes ({len(notes)}: rows left out by rule, markers of the files)", ""]
        L += [f"- {feed}: {n}" for feed, n in notes[:60]]
        if len(notes) > 60:
            L.append(f"- … and {len(notes) - 60} more")
    L.append("")
    if d is None:
        return "\n".join(L) + "\n"
    by = {}
    for oid in d["added"]:
        by.setdefault(region_of(oid), {}).setdefault("added", []).append(oid)
    for oid in d["removed"]:
        by.setdefault(region_of(oid), {}).setdefault("removed", []).append(oid)
    for k, a, b in d["changed"]:
        by.setdefault(region_of(k[0]), {}).setdefault("changed", []).append((k, a, b))
    for k, b in d["new_prices"]:
        by.setdefault(region_of(k[0]), {}).setdefault("new", []).append((k, b))
    for k, a in d["gone_prices"]:
        by.setdefault(region_of(k[0]), {}).setdefault("gone", []).append((k, a))
    L += ["## Changes per provider × region", ""]
    if not by:
        L += ["No offer added or removed, no price changed.", ""]
    for reg in sorted(by):
        v = by[reg]
        L += [f"### {reg}", ""]
        if v.get("added"):
            L.append(f"- offers added ({len(v['added'])}): " + ", ".join(o.split(":", 2)[2] for o in v["added"]))
        if v.get("removed"):
            L.append(f"- offers removed ({len(v['removed'])}): " + ", ".join(o.split(":", 2)[2] for o in v["removed"]))
        if v.get("new"):
            L.append(f"- prices added ({len(v['new'])}): " + ", ".join(f"{k[0].split(':', 2)[2]} {k[1]} {fmt_p(b)}" for k, b in v["new"]))
        if v.get("gone"):
            L.append(f"- prices removed ({len(v['gone'])}): " + ", ".join(f"{k[0].split(':', 2)[2]} {k[1]}" for k, _ in v["gone"]))
        if v.get("changed"):
            L += ["", "| offer | model | old | new | change | source |", "|---|---|---:|---:|---:|---|"]
            for k, a, b in v["changed"]:
                L.append(f"| {k[0].split(':', 2)[2]} | {k[1]} | {fmt_p(a)} ({a['as_of']}) | {fmt_p(b)} ({b['as_of']}) | {pct(a, b)} | {b['source']} |")
        L.append("")
    if d.get("usage"):
        L += ["## Usage rates (storage per GB-month, public IPv4 per address-hour, transfer)", "", "| rate | old | new | change | source |",
              "|---|---:|---:|---:|---|"]
        for k, a, b in d["usage"]:
            f = lambda u: f"{Decimal(u['tiers'][-1]['price']).normalize():f} {u['currency']} ({u['as_of']})" if u else "—"
            ch = "—"
            if a and b and a["currency"] == b["currency"] and Decimal(a["tiers"][-1]["price"]) > 0:
                x = Decimal(a["tiers"][-1]["price"])
                ch = f"{(Decimal(b['tiers'][-1]['price']) - x) / x * 100:+.1f} %"
            L.append(f"| `{k[0]}:{k[1]}/{k[2]}` | {f(a)} | {f(b)} | {ch} | {(b or a)['source']}{'' if b else ' (gone)'} |")
        L.append("")
    L += [f"## Newly stale (older than 12 months on {date})", ""]
    if d["stale"]:
        L += ["| offer | model | as_of | source |", "|---|---|---|---|"]
        L += [f"| {k[0]} | {k[1]} | {p['as_of']} | {p['source']} |" for k, p in d["stale"]]
    else:
        L.append("None.")
    if dropped:
        L += ["", f"## Feed rows not carried ({len(dropped)})", ""]
        L += [f"- {x}" for x in dropped[:50]]
        if len(dropped) > 50:
            L.append(f"- … and {len(dropped) - 50} more")
    return "\n".join(L) + "\n"


# ------------------------------------------------------------------ the refresh


def refresh(args) -> int:
    inp = Inputs.default()
    ctx = context(inp)
    out_dir = Path(args.out).resolve() if args.out else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    state_dir = out_dir or feedmerge.STATE
    cat_path = (out_dir / "catalog.json") if out_dir else build_catalog.OUT
    report_path = Path(args.report) if args.report else state_dir / "report.md"
    prior_acc, prior_hist = feedmerge.read_state(state_dir)
    ctx["accepted"] = prior_acc  # e.g. the last Capacity Block listing, where aws-ec2 does not run this time
    if out_dir and not (out_dir / "history.json").exists():
        # a first refresh into an empty folder starts from the research history (the seed), no refreshes
        prior_hist = [e for e in feedmerge.read_state(feedmerge.STATE)[1] if "price" in e and "changed" not in e]
    if cat_path.exists():
        prior_text = cat_path.read_text(encoding="utf-8")
        prior_cat = json.loads(prior_text)
    else:
        prior_text, prior_cat = None, build_catalog.build(inp, (feedmerge.empty_accepted(), prior_hist))
    names = args.feeds.split(",") if args.feeds else list(FEEDS)
    for n in names:
        if n not in FEEDS:
            raise SystemExit(f"refresh: unknown feed {n!r} (feeds: {', '.join(FEEDS)})")
    # 1. the feeds
    if args.parsed:
        outputs, mode = [], f"merge of parsed feed outputs in {args.parsed}"
        for n in names:
            f = Path(args.parsed) / f"{n}.json"
            if f.exists():
                try:
                    outputs.append(FeedOutput.from_json(json.loads(f.read_text(encoding="utf-8"), parse_constant=str)))
                except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as e:
                    outputs.append(FeedOutput(n, PROVIDER[n], "failed", f"unreadable parsed output {f} ({e})"))
            else:
                outputs.append(FeedOutput(n, PROVIDER[n], "failed", f"no parsed output {f}"))
        date = max([o.fetched for o in outputs if o.status == "ok" and o.fetched] or [today()])
    else:
        if args.from_:
            tr = Replay(Path(args.from_))
            mode = f"replay of {args.from_}"
        else:
            tr = Live(record=Path(args.record) if args.record else None)
            mode = "live" + (f" (responses recorded in {args.record})" if args.record else "")
        outputs = [run_feed(n, tr, ctx) for n in names]
        if tr.live:
            date = tr.date
        else:
            date = tr.date or max([o.fetched for o in outputs if o.fetched] or [prior_acc.get("refreshed") or build_catalog.AS_OF])
    if not out_dir and any(o.written for o in outputs):
        raise SystemExit("refresh: the recording holds written fixtures (not provider figures): replay it only with OUT=DIR")
    accepted = {}
    for a in args.accept or []:
        if ":" not in a or a.split(":", 1)[0] not in GATES:
            raise SystemExit(f"refresh: --accept {a!r} is not GATE:ROW (gates: {', '.join(GATES)})")
        if not args.why:
            raise SystemExit("refresh: --accept needs --why \"reason\" (kept in the history)")
        accepted[a] = args.why
    # 2. gates on each feed's rows
    flags, skipped = [], []
    new_acc = copy.deepcopy(prior_acc)
    new_acc["refreshed"] = max(date, prior_acc.get("refreshed") or date)
    loud, carried_rows = [], {}
    for o in outputs:
        prior = prior_acc["feeds"].get(o.feed)
        last = f" (last accepted rows fetched {prior['fetched']})" if prior else " (no accepted rows yet)"
        if o.status == "skipped":
            skipped.append(f"{o.feed}: {o.why}; keeps its last accepted rows{last}")
            continue
        if o.status == "failed":
            if args.strict and f"feed:{o.feed}" not in accepted:
                flags.append(("feed", o.feed, o.why))
                continue
            runs = ((prior or {}).get("failing") or {}).get("runs", 0) + 1
            since = ((prior or {}).get("failing") or {}).get("since", date)
            entry = copy.deepcopy(prior) if prior else {"provider": o.provider, "fetched": None, "sources": {}, "rows": []}
            entry["failing"] = {"runs": runs, "since": since, "why": o.why}
            new_acc["feeds"][o.feed] = entry
            skipped.append(f"{o.feed}: FAILED ({o.why}); keeps its last accepted rows{last}; "
                           f"failing {runs} run(s) in a row since {since}")
            if runs >= FAILING_RUNS_LOUD:
                loud.append(f"{o.feed}: failing {runs} runs in a row since {since} ({o.why})")
            continue
        # spot rows of the other feeds (this run's first, else the last accepted): a spot file's minimum
        # takes its maximum from them (resolve_spot_max)
        other = {}
        if any(r["price"].get("hourly_max_unknown") for r in o.rows):
            other = {row_id(r): r for f, d in prior_acc["feeds"].items() if f != o.feed for r in d["rows"]
                     if r["price"]["model"] == "spot" and not r["price"].get("hourly_max_unknown")}
            other.update({row_id(r): r for o2 in outputs if o2.feed != o.feed and o2.status == "ok" for r in o2.rows
                          if r["price"]["model"] == "spot" and not r["price"].get("hourly_max_unknown")
                          and bad_value(r["price"]) is None})
        rows, fl, kept = check_feed(o, prior, ctx["regions"], ctx["mappings"], other)
        flags += fl
        if kept:
            carried_rows[o.feed] = kept
        sources = dict(o.sources)
        for r in kept:  # a carried row keeps citing its source record
            sid = r["price"]["source"]
            for rec in (prior or {}).get("sources", {}).values():
                if rec["id"] == sid and sid not in {x["id"] for x in sources.values()}:
                    sources[sid] = rec
        urows, ufl, ukept = check_usage(o, prior, ctx["regions"])
        flags += ufl
        if ukept:
            carried_rows.setdefault(o.feed, []).extend(ukept)
        for u in ukept:  # a carried rate keeps citing the source record it was read with
            sid = u["source"]
            rec = (prior or {}).get("sources", {}).get(sid)
            if rec is None:
                continue
            if sid not in sources:
                sources[sid] = rec
            elif sources[sid] != rec:  # the same request answered again this run (e.g. without the rate)
                nid = sid if "@" in sid else f"{sid}@{u['as_of']}"
                sources[nid] = dict(rec, id=nid)
                u["source"] = nid
        new_acc["feeds"][o.feed] = {"provider": o.provider, "fetched": o.fetched, "sources": sources,
                                    "rows": sorted(rows, key=row_id)}
        if urows:
            new_acc["feeds"][o.feed]["usage"] = sorted(urows, key=usage_id)
        listed = aws_pricelist.listing(o, prior)  # what aws-capacity-blocks asks next time (aws-ec2 only)
        if listed:
            new_acc["feeds"][o.feed]["capacity_blocks"] = listed
    # 3. gates on the merged catalog: spot above on-demand, > 3× moves
    DROPPED.clear()
    LOG.clear()
    cat = build_catalog.build(inp, (new_acc, prior_hist))
    by_id = {o["id"]: o for o in cat["offers"]}
    for feed, d in sorted(new_acc["feeds"].items()):
        if feed not in {o.feed for o in outputs if o.status == "ok"}:
            continue
        for r in d["rows"]:
            p = r["price"]
            if p["model"] != "spot" or p.get("spot_exceeds_on_demand_sourced"):
                continue
            oid = f"{r['provider']}:{r['region']}:{feedmerge.load_alias(inp).get(r['instance_type'], r['instance_type'])}"
            o = by_id.get(oid)
            od = next((q for q in (o or {}).get("prices", []) if q["model"] == "on_demand" and not q.get("indicative")), None)
            if od and Decimal(p["hourly_max"]) > Decimal(od["hourly"]):
                rid = row_id(r)
                flags.append(("spot-above-od", rid, f"spot max {p['hourly_max']} > on-demand {od['hourly']} ({od['source']})"))
                if f"spot-above-od:{rid}" in accepted:
                    p["spot_exceeds_on_demand_sourced"] = True
                    p["note"] = (p.get("note", "") + f" Spot above on-demand, accepted by the maintainer: {accepted[f'spot-above-od:{rid}']}").strip()
    feed_sources = {sid for d in new_acc["feeds"].values() for sid in d["sources"].values() for sid in [sid["id"]]}
    pc = current(prior_cat)
    flags += first_seen(prior_cat, cat, pc, feed_sources)
    for o in cat["offers"]:
        for p in o["prices"]:
            k = (o["id"], model_key(p))
            a = pc.get(k)
            if p["source"] not in feed_sources or a is None or a["currency"] != p["currency"]:
                continue
            x, y = headline(a), headline(p)
            if x and y and (y > 3 * x or y * 3 < x):
                flags.append(("move", f"{o['id']}/{k[1]}", f"{fmt_p(a)} ({a['source']}, {a['as_of']}) → {fmt_p(p)} ({y / x:.2f}×)"))
    flags += usage_moves(prior_cat, cat, feed_sources)
    refused = [f for f in flags if f"{f[0]}:{f[1]}" not in accepted]
    if refused:
        text = report(date, mode, f"refused by {len(refused)} gate flag(s), exit 3; nothing written", outputs, flags,
                      accepted, None, skipped, [], carried_rows, loud)
        print(text, end="")
        if args.report:
            Path(args.report).write_text(text, encoding="utf-8")
        for g, r, det in refused:
            print(f"refused: {g}: {r}: {det}", file=sys.stderr)
        return EXIT_GATE
    # 4. history: the prices this refresh replaced, and the accepted flags with their reasons
    DROPPED.clear()
    cat = build_catalog.build(inp, (new_acc, prior_hist))
    d = diff(prior_cat, cat)
    d["usage"] = usage_diff(prior_cat, cat)
    flagged_why = {r: accepted[f"{g}:{r}"] for g, r, _ in flags if f"{g}:{r}" in accepted}
    add = []
    for k, a, b in d["changed"]:
        e = {"offer": k[0], "price": a, "changed": date, "by": b["source"]}
        w = flagged_why.get(f"{k[0]}/{k[1]}")
        if w:
            e["why"] = w
        add.append(e)
    for k, a in d["gone_prices"]:
        add.append({"offer": k[0], "price": a, "changed": date, "by": "no longer listed"})
    for k, a, b in d["usage"]:  # a usage rate replaced or gone: kept as it was, as prices are
        if a is not None:
            e = {"usage": ":".join(k), "rate": a, "changed": date, "by": b["source"] if b else "no longer read"}
            w = flagged_why.get(f"{k[0]}:{k[1]}/usage:{k[2]}")
            if w:
                e["why"] = w
            add.append(e)
    for g, r, _ in flags:
        if f"{g}:{r}" in accepted:
            add.append({"accepted": f"{g}:{r}", "on": date, "why": accepted[f"{g}:{r}"]})
    new_hist = prior_hist + [e for e in add if e not in prior_hist]
    DROPPED.clear()
    final = build_catalog.build(inp, (new_acc, new_hist))
    text = build_catalog.dump(final)
    json.loads(text)
    dropped = [x for x in DROPPED if any(x.startswith(f + " ") for f in FEEDS)]
    unchanged = (text == prior_text and new_acc == prior_acc and new_hist == prior_hist)
    result = ("nothing changed: the catalog, the accepted rows and the history are as they were" if unchanged
              else f"written ({cat_path})")
    rep = report(date, mode, result, outputs, flags, accepted, d, skipped, dropped, carried_rows, loud)
    print(rep, end="")
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(rep, encoding="utf-8")
    if not unchanged:
        state_dir.mkdir(parents=True, exist_ok=True)
        (state_dir / "accepted.json").write_text(feedmerge.dump_accepted(new_acc), encoding="utf-8")
        (state_dir / "history.json").write_text(feedmerge.dump_history(new_hist), encoding="utf-8")
        cat_path.write_text(text, encoding="utf-8")
    if loud:
        for x in loud:
            print(f"failing: {x}", file=sys.stderr)
        return EXIT_FAILING
    return 0


def fetch_one(args) -> int:
    inp = Inputs.default()
    if args.name not in FEEDS:
        raise SystemExit(f"refresh: unknown feed {args.name!r} (feeds: {', '.join(FEEDS)})")
    tr = Replay(Path(args.from_)) if args.from_ else Live(record=Path(args.record) if args.record else None)
    ctx = context(inp)
    ctx["accepted"] = feedmerge.read_state(feedmerge.STATE)[0]  # the committed state: e.g. the Capacity Block listing
    dst = Path(args.parsed)
    # this run's outputs of the feeds before it found in DIR count as run in this process (the workflow puts
    # aws-ec2's there for aws-capacity-blocks): one unreadable is left out, the committed state answers
    for n in list(FEEDS)[:list(FEEDS).index(args.name)]:
        f = dst / f"{n}.json"
        if f.is_file():
            try:
                prev = FeedOutput.from_json(json.loads(f.read_text(encoding="utf-8"), parse_constant=str))
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as e:
                print(f"{args.name}: {n}'s output {f} left out, unreadable ({e})")
                continue
            ctx.setdefault("outputs", {})[n] = prev
            print(f"{args.name}: reads {n}'s output {f} ({prev.status})")
    out = run_feed(args.name, tr, ctx)
    dst.mkdir(parents=True, exist_ok=True)
    (dst / f"{args.name}.json").write_text(json.dumps(out.to_json(), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{args.name}: {out.status}" + (f" ({out.why})" if out.why else "") + f", {len(out.rows)} rows, "
          f"{len(out.problems)} problems → {dst / (args.name + '.json')}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="refresh.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", nargs="?", choices=["feed"], help="feed NAME: fetch and parse one feed only")
    ap.add_argument("name", nargs="?", help="the feed (with 'feed')")
    ap.add_argument("--from", dest="from_", help="replay a recorded folder (manifest.json) instead of the network")
    ap.add_argument("--out", help="write under this folder instead of the repo")
    ap.add_argument("--parsed", help="feed outputs folder (written by 'feed', read by the merge)")
    ap.add_argument("--feeds", help="comma-separated subset of feeds")
    ap.add_argument("--accept", action="append", help="GATE:ROW to accept (repeatable)")
    ap.add_argument("--why", help="the reason for --accept (kept in the history)")
    ap.add_argument("--strict", action="store_true", help="a feed that cannot be fetched refuses the refresh (gate 'feed') "
                    "instead of keeping its last rows")
    ap.add_argument("--record", help="live: also keep every response in this folder (replayable with --from)")
    ap.add_argument("--report", help="also write the markdown report here (written even when refused)")
    args = ap.parse_args(argv)
    try:
        if args.command == "feed":
            if not args.name or not args.parsed:
                raise SystemExit("refresh: feed needs NAME and --parsed DIR")
            return fetch_one(args)
        return refresh(args)
    except SystemExit as e:
        if isinstance(e.code, str):
            print(e.code if e.code.startswith("refresh:") else f"refresh: error: {e.code}", file=sys.stderr)
            return 2
        raise
    except FeedError as e:
        print(f"refresh: error: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 — one line, never a traceback (REFRESH_DEBUG=1 shows it)
        if os.environ.get("REFRESH_DEBUG"):
            raise
        print(f"refresh: internal error: {type(e).__name__}: {str(e)[:300]} (REFRESH_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
