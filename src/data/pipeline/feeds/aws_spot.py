"""AWS spot: the public spot price file the EC2 Spot pricing page loads, with the Spot Advisor's
interruption-frequency bands (public JSON); and, with credentials, EC2 DescribeSpotPriceHistory (boto3)
for a per-AZ median over the last days.

The spot price file gives one current Linux price per type and region (stored as min = max); a price
of 0 or "N/A" means the type is not offered there (the file's own convention), never a price. The
interruption band has no slot in the catalog's price schema, so it is stated in the price's note.
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal, InvalidOperation

from feeds.aws_pricelist import family_of
from feeds.base import FeedOutput, median, num, problem, row, source

FEED, FEED_HISTORY = "aws-spot", "aws-spot-history"
SPOT_URL = "https://website.spot.ec2.aws.a2z.com/spot.json"
ADVISOR_URL = "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json"
HISTORY_DAYS = 7
CREDENTIALS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")


def parse_advisor(adv: dict) -> dict:
    """(region, instance type) → 'interruption <5% (Spot Advisor; savings 73 % vs on-demand)'."""
    if not isinstance(adv, dict) or "spot_advisor" not in adv or "ranges" not in adv:
        raise ValueError("Spot Advisor data: no 'spot_advisor'/'ranges' (schema changed?)")
    labels = {r["index"]: r["label"] for r in adv["ranges"] if "index" in r and "label" in r}
    out = {}
    for region, by_os in adv["spot_advisor"].items():
        for it, v in (by_os.get("Linux") or {}).items():
            if isinstance(v, dict) and v.get("r") in labels:
                s = f"; savings {v['s']} % vs on-demand" if isinstance(v.get("s"), (int, float)) else ""
                out[(region, it)] = f"interruption frequency {labels[v['r']]} (Spot Advisor{s})"
    return out


def parse_spot_file(data: dict, *, table: list, regions: set, sid: str, as_of: str, advisor: dict):
    rows, problems, notes = [], [], []
    cfg = data.get("config") if isinstance(data, dict) else None
    if not isinstance(cfg, dict) or "regions" not in cfg:
        raise ValueError("spot price file: no config.regions (schema changed?)")
    for reg in cfg["regions"]:
        code = reg.get("region")
        if code not in regions:
            continue
        for group in reg.get("instanceTypes", []):
            for size in group.get("sizes", []):
                it = size.get("size")
                if not it or family_of(table, it) is None:
                    continue
                cols = {c.get("name"): c for c in size.get("valueColumns", [])}
                lin = cols.get("linux")
                if lin is None or "USD" not in (lin.get("prices") or {}):
                    problems.append(problem("schema", f"aws:{code}:{it}/spot", "no linux USD value column"))
                    continue
                v = str(lin["prices"]["USD"]).strip()
                if v.upper().startswith("N/A"):
                    notes.append(f"aws {code} {it}: spot file says N/A (not offered)")
                    continue
                try:
                    if Decimal(v) == 0:
                        notes.append(f"aws {code} {it}: spot file price 0 = not offered there (the file's convention)")
                        continue
                except InvalidOperation:
                    pass  # kept as given: the bad-price gate names it
                band = advisor.get((code, it))
                note = "EC2 Spot pricing page file: one current Linux price per region (min = max)"
                if band:
                    note += "; " + band
                rows.append(row("aws", code, it, "spot", "USD", sid, as_of, note=note, hourly_min=v, hourly_max=v))
    return rows, problems, notes


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "aws")
    table = ctx["mappings"]["aws_family_gpu"]
    regions = {c for (p, c), v in ctx["regions"].items() if p == "aws" and v[2] != "mainland_china"}
    sp = tr.get(FEED, SPOT_URL)
    adv = tr.get(FEED, ADVISOR_URL)
    out.fetched = sp.as_of
    out.written = "written" in (sp.origin, adv.origin)
    try:
        bands = parse_advisor(adv.json())
        s = source("aws-spot-file", "AWS EC2 Spot pricing page data file (spot.json) with Spot Advisor bands "
                   "(spot-advisor-data.json)", SPOT_URL, sp.as_of, "written" if out.written else sp.origin,
                   sp.recorded_from)
        out.sources["aws-spot-file"] = s
        out.rows, out.problems, out.notes = parse_spot_file(sp.json(), table=table, regions=regions, sid=s["id"],
                                                            as_of=sp.as_of, advisor=bands)
    except ValueError as e:
        from feeds.http import FeedError
        raise FeedError(str(e))
    return out


# ------------------------------------------------------------------ DescribeSpotPriceHistory (credentials)


def history_key(region: str) -> str:
    return f"boto3:ec2.describe_spot_price_history?region={region}&product=Linux/UNIX&days={HISTORY_DAYS}"


def parse_history(data: dict, *, region: str, table: list, sid: str, as_of: str):
    """Per type: the median of each AZ's prices over the window; stored range = lowest..highest AZ median;
    the note lists each AZ's median and minimum."""
    rows, problems = [], []
    hist = data.get("SpotPriceHistory") if isinstance(data, dict) else None
    if not isinstance(hist, list):
        raise ValueError("DescribeSpotPriceHistory: no SpotPriceHistory list (schema changed?)")
    by = {}
    for h in hist:
        miss = [k for k in ("AvailabilityZone", "InstanceType", "SpotPrice", "ProductDescription") if k not in h]
        if miss:
            problems.append(problem("schema", f"aws:{region}:{h.get('InstanceType', '?')}/spot", f"history record lacks {', '.join(miss)}"))
            continue
        if h["ProductDescription"] != "Linux/UNIX" or family_of(table, h["InstanceType"]) is None:
            continue
        by.setdefault(h["InstanceType"], {}).setdefault(h["AvailabilityZone"], []).append(h["SpotPrice"])
    for it, zones in sorted(by.items()):
        meds, parts, bad = [], [], None
        for az, vals in sorted(zones.items()):
            try:
                ds = [Decimal(str(v)) for v in vals]
                if not all(d.is_finite() for d in ds):
                    raise InvalidOperation
            except InvalidOperation:
                bad = next(str(v) for v in vals)
                break
            m = median(ds)
            meds.append(m)
            parts.append(f"{az} {num(m)} (min {num(min(ds))})")
        lo, hi = (bad, bad) if bad is not None else (min(meds), max(meds))
        rows.append(row("aws", region, it, "spot", "USD", sid, as_of, hourly_min=lo, hourly_max=hi,
                        note=f"EC2 DescribeSpotPriceHistory, Linux/UNIX, last {HISTORY_DAYS} days: range of the per-AZ "
                             f"medians; per AZ median (min): " + ", ".join(parts)))
    return rows, problems


def run_history(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_HISTORY, "aws")
    env = ctx.get("env", os.environ)
    if tr.live and not all(env.get(k) for k in CREDENTIALS):
        out.status, out.why = "skipped", f"no credentials ({' and '.join(CREDENTIALS)} not set)"
        return out
    if not tr.live and not tr.has_feed(FEED_HISTORY):
        out.status, out.why = "skipped", "no recorded responses for this credentialed feed"
        return out
    table = ctx["mappings"]["aws_family_gpu"]
    regions = sorted(c for (p, c), v in ctx["regions"].items() if p == "aws" and v[2] != "mainland_china")
    prefixes = sorted({pre + "*" for pre, _, _ in table})
    for region in regions:
        def call(region=region):
            import boto3  # live path only (requirements-live.txt)
            ec2 = boto3.client("ec2", region_name=region)
            end = datetime.datetime.now(datetime.timezone.utc)
            pages = ec2.get_paginator("describe_spot_price_history").paginate(
                StartTime=end - datetime.timedelta(days=HISTORY_DAYS), EndTime=end,
                ProductDescriptions=["Linux/UNIX"], Filters=[{"Name": "instance-type", "Values": prefixes}])
            hist = []
            for page in pages:
                for h in page.get("SpotPriceHistory", []):
                    hist.append({k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in h.items()})
            return {"SpotPriceHistory": hist}
        if not tr.live and (FEED_HISTORY, history_key(region)) not in tr.by_request:
            continue  # a replay holds only the regions it recorded
        resp = tr.sdk(FEED_HISTORY, history_key(region), call)
        out.fetched = out.fetched or resp.as_of
        out.written |= resp.origin == "written"
        sid = f"aws-spot-hist-{region}"
        out.sources[sid] = source(sid, f"AWS EC2 DescribeSpotPriceHistory (boto3), {region}, Linux/UNIX, last {HISTORY_DAYS} days",
                                  f"https://ec2.{region}.amazonaws.com/ (DescribeSpotPriceHistory)", resp.as_of,
                                  resp.origin, resp.recorded_from)
        try:
            rows, problems = parse_history(resp.json(), region=region, table=table, sid=out.sources[sid]["id"], as_of=resp.as_of)
        except ValueError as e:
            from feeds.http import FeedError
            raise FeedError(f"{history_key(region)}: {e}")
        out.rows += rows
        out.problems += problems
    return out
