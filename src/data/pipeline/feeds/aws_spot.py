"""AWS spot: the public spot price file the EC2 Spot pricing page loads, with the Spot Advisor's
interruption-frequency bands (public JSON); and, with credentials, EC2 DescribeSpotPriceHistory (boto3)
for a per-AZ median over the last days.

The spot price file gives one current Linux price per type and region: the region's LOWEST price (the
zones differ). It is stored as the minimum; the maximum is unknown, so the row carries
"hourly_max_unknown": True (hourly_max = the minimum only as a placeholder) and the refresh takes the
maximum from the history feed (or the last accepted history), else does not carry the row. A price of 0
or "N/A" means the type is not offered there (the file's own convention), never a price: noted, no row.
Any other figure that is not a positive number is kept as given, for the bad-price gate. The Spot
Advisor's interruption band is stated in the price's note and stored as `"interruption_band"`, the
engine's SpotBand code (lt5, 5-10, 10-15, 15-20, gt20), mapped from the label of the advisor's `ranges`
("<5%", "5-10%", "10-15%", "15-20%", ">20%"; whitespace aside, nothing else is read into a label): a
label not among them gives no band and a schema problem (once per label), never a guessed band.

DescribeSpotPriceHistory runs through boto3 with only its HTTP send answered on a replay (feeds/wire.py;
the recording is the EC2 query API's XML, one exchange per page). Each region is one unit of failure:
an opt-in region not enabled for the account (OptInRequired) is an expected failure, any other error
after botocore's bounded retries (RETRIES, the same live and replayed) a failure of that region; the
other regions go on.
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal, InvalidOperation

from feeds.aws_pricelist import family_of
from feeds.base import SPOT_BANDS, FeedOutput, median, num, problem, row, source
from feeds.http import FeedError

FEED, FEED_HISTORY = "aws-spot", "aws-spot-history"
SPOT_URL = "https://website.spot.ec2.aws.a2z.com/spot.json"
ADVISOR_URL = "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json"
HISTORY_DAYS = 7
CREDENTIALS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")
# The Spot Advisor's range labels (spot-advisor-data.json "ranges": index 0..4) → the engine's SpotBand
# codes (src/domain/scenario SpotBand), by the label's text
BAND_OF_LABEL = dict(zip(("<5%", "5-10%", "10-15%", "15-20%", ">20%"), SPOT_BANDS))


def band_code(label) -> str | None:
    """The SpotBand code of a Spot Advisor range label ("<5%" → "lt5"), None for a label not known."""
    return BAND_OF_LABEL.get("".join(str(label).split()))


def parse_advisor(adv: dict) -> dict:
    """(region, instance type) → {"label": the range's label as published, "band": its SpotBand code (None
    when the label is not known), "note": 'interruption frequency <5% (Spot Advisor; savings 73 % vs
    on-demand)'}."""
    if not isinstance(adv, dict) or "spot_advisor" not in adv or "ranges" not in adv:
        raise ValueError("Spot Advisor data: no 'spot_advisor'/'ranges' (schema changed?)")
    labels = {r["index"]: r["label"] for r in adv["ranges"] if "index" in r and "label" in r}
    out = {}
    for region, by_os in adv["spot_advisor"].items():
        for it, v in (by_os.get("Linux") or {}).items():
            if isinstance(v, dict) and v.get("r") in labels:
                s = f"; savings {v['s']} % vs on-demand" if isinstance(v.get("s"), (int, float)) else ""
                label = labels[v["r"]]
                out[(region, it)] = {"label": label, "band": band_code(label),
                                     "note": f"interruption frequency {label} (Spot Advisor{s})"}
    return out


def parse_spot_file(data: dict, *, table: list, regions: set, sid: str, as_of: str, advisor: dict):
    """Rows, problems and notes of the spot price file; `advisor` is parse_advisor's (a row in a known
    band carries "interruption_band"; an unknown label is one schema problem, naming the rows without)."""
    rows, problems, notes = [], [], []
    unknown: dict = {}
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
                adv = advisor.get((code, it))
                note = ("EC2 Spot pricing page file: the region's lowest current Linux price, stored as the minimum; "
                        "the maximum is not in the file (hourly_max_unknown)")
                band = {}
                if adv:
                    note += "; " + adv["note"]
                    if adv["band"]:
                        band["interruption_band"] = adv["band"]
                    else:
                        unknown.setdefault(adv["label"], []).append(f"aws:{code}:{it}/spot")
                rows.append(row("aws", code, it, "spot", "USD", sid, as_of, note=note, hourly_min=v, hourly_max=v,
                                hourly_max_unknown=True, **band))
    for label, rids in sorted(unknown.items(), key=lambda x: str(x[0])):
        problems.append(problem("schema", f"{FEED}/spot-advisor:{label}",
                                f"Spot Advisor range label {label!r} is not one of {', '.join(BAND_OF_LABEL)}: no "
                                f"interruption_band on {len(rids)} spot row(s) ({', '.join(rids[:3])}"
                                f"{', …' if len(rids) > 3 else ''}); their notes keep the label as published"))
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
        raise FeedError(str(e))
    return out


# ------------------------------------------------------------------ DescribeSpotPriceHistory (credentials)


def history_key(region: str) -> str:
    return f"boto3:ec2.describe_spot_price_history?region={region}&product=Linux/UNIX&days={HISTORY_DAYS}"


# botocore's retries, the same live and replayed (a recorded throttle repeats for each retry): standard
# mode, 3 tries in all (total_max_attempts; Config's `max_attempts` would count the retries only); its
# jittered backoff sleeps under 1 s, then under 2 s, before a region is given up.
RETRIES = {"mode": "standard", "total_max_attempts": 3}
OPT_IN = "OptInRequired"


def history_params(table: list, end: datetime.datetime) -> dict:
    """DescribeSpotPriceHistory's request (service model shapes: StartTime/EndTime timestamps,
    ProductDescriptions list, Filters [{Name, Values}] with `instance-type` wildcards per GPU family)."""
    return {"StartTime": end - datetime.timedelta(days=HISTORY_DAYS), "EndTime": end,
            "ProductDescriptions": ["Linux/UNIX"],
            "Filters": [{"Name": "instance-type", "Values": sorted({pre + "*" for pre, _, _ in table})}]}


def fetch_history(ec2, params: dict) -> dict:
    """Every page (NextToken paging, botocore's paginator) of one region's history, as one response."""
    hist = []
    for n, page in enumerate(ec2.get_paginator("describe_spot_price_history").paginate(**params), 1):
        # botocore parses any 200 body; one that is not the EC2 answer (an HTML error page) has no
        # spotPriceHistorySet at all: a failed request, never an empty history
        if "SpotPriceHistory" not in page:
            raise FeedError(f"DescribeSpotPriceHistory page {n}: no spotPriceHistorySet in the answer (not EC2's XML?)")
        hist += page["SpotPriceHistory"]
    return {"SpotPriceHistory": hist}


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


def aws_session(boto3, tr, env):
    """A boto3 session: live with the environment's credentials, replayed with placeholders (signing
    runs, nothing leaves the machine)."""
    if tr.live:
        creds = {"aws_access_key_id": env["AWS_ACCESS_KEY_ID"], "aws_secret_access_key": env["AWS_SECRET_ACCESS_KEY"],
                 "aws_session_token": env.get("AWS_SESSION_TOKEN") or None}
    else:
        creds = {"aws_access_key_id": "replay", "aws_secret_access_key": "replay"}
    return boto3.session.Session(**creds)


def _client_error_why(e) -> tuple[str, bool]:
    """(why, expected) of a botocore ClientError."""
    err = e.response.get("Error", {}) or {}
    meta = e.response.get("ResponseMetadata", {}) or {}
    code = err.get("Code") or "?"
    if code == OPT_IN:
        return "opt-in region not enabled for this account", True
    tries = f", after {meta['RetryAttempts'] + 1} tries" if meta.get("RetryAttempts") else ""
    return f"{code} (HTTP {meta.get('HTTPStatusCode', '?')}{tries}): {err.get('Message', '')}", False


def run_history(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_HISTORY, "aws")
    env = ctx.get("env", os.environ)
    if out.skipped_without_credentials(tr, env, CREDENTIALS):
        return out
    try:  # the SDK runs on a replay too: only its HTTP send is answered from the recording
        import boto3
        from botocore.config import Config
        from botocore.exceptions import BotoCoreError, ClientError
        from feeds.wire import botocore_wire
    except ImportError as e:
        from feeds.wire import sdk_missing
        raise sdk_missing(e)
    table = ctx["mappings"]["aws_family_gpu"]
    regions = sorted(c for (p, c), v in ctx["regions"].items() if p == "aws" and v[2] != "mainland_china")
    session = aws_session(boto3, tr, env)
    config = Config(retries=dict(RETRIES), connect_timeout=30, read_timeout=60)
    end = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    params = history_params(table, end)
    for region in regions:
        key = history_key(region)
        if not tr.live and (FEED_HISTORY, key) not in tr.by_request:
            continue  # a replay holds only the regions it recorded
        try:
            w = tr.wire(FEED_HISTORY, key)
            ec2 = botocore_wire(session.client("ec2", region_name=region, config=config), w)
            data = fetch_history(ec2, params)
        except ClientError as e:
            why, expected = _client_error_why(e)
            out.fail(why, region=region, expected=expected)
            continue
        except (BotoCoreError, FeedError) as e:
            out.fail(f"{type(e).__name__}: {e}", region=region)
            continue
        sid = f"aws-spot-hist-{region}"
        src = source(sid, f"AWS EC2 DescribeSpotPriceHistory (boto3), {region}, Linux/UNIX, last {HISTORY_DAYS} days",
                     f"https://ec2.{region}.amazonaws.com/ (DescribeSpotPriceHistory)", w.as_of, w.origin, w.recorded_from)
        try:
            rows, problems = parse_history(data, region=region, table=table, sid=src["id"], as_of=w.as_of)
        except ValueError as e:
            out.fail(f"{key}: {e}", region=region)
            continue
        out.fetched = out.fetched or w.as_of
        out.written |= w.origin == "written"
        out.sources[sid] = src
        out.rows += rows
        out.problems += problems
    return out
