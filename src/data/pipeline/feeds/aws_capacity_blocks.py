"""AWS EC2 Capacity Blocks for ML (credentials): the reservation fee of the instance types the Price List
sells as Capacity Blocks, from EC2 DescribeCapacityBlockOfferings (boto3).

The Price List's Capacity Block SKUs price the operating-system fee only ("$0.00 per Capacity Block
Linux p4d.24xlarge Instance Hour"); the reservation fee is not in it. aws-ec2 lists the (region, instance
type) pairs sold as Capacity Blocks (aws_pricelist.capacity_blocks); this feed asks each of them for its
offerings: this run's listing when aws-ec2 ran in the same process (`make refresh`), else the last
accepted one (accepted.json, `make feed` in the workflow's matrix), aws_pricelist.listing().

Request: 1 instance × 24 h (InstanceCount 1, CapacityDurationHours 24: the shortest block; durations go
in 1-day steps up to 14 days and 7-day steps up to 182 days, up to 64 instances a block), every page
(NextToken, botocore's paginator). Response (EC2 API Reference, CapacityBlockOffering; botocore's service
model): capacityBlockOfferingSet of offerings with upfrontFee (a string: the total paid up front),
currencyCode, capacityBlockDurationHours (+ capacityBlockDurationMinutes: "the number of hours (in
addition to capacityBlockDurationMinutes)"), instanceCount, instanceType, availabilityZone, startDate,
endDate, tenancy.

Published: one `capacity_block` price per (region, type): hourly = the LOWEST UpfrontFee ÷ (block hours ×
InstanceCount) among the offerings returned (the reservation fee per instance-hour, paid up front for the
whole block), to the Price List's precision (10 decimal places, trailing zeros dropped as every AWS
figure), with a note naming the offerings seen, the block length and the dates of the lowest.
- No offering (sold out for that length in the search window) → no row, noted; an expected failure of
  that request, so the refresh keeps the last accepted price with its own date.
- An UpfrontFee missing, zero, negative or not a number → the row carries the figure as given and the
  bad-price gate leaves it out (never published, never a $0.00 price); one such offering spoils the
  type's row (a lowest taken over the others could not be trusted).
- Dedicated-tenancy offerings, those of another instance type or of an UltraServer are left out (noted);
  a duration or count that is not a positive number, or no currency, is schema drift (no row);
  offerings in two currencies are flagged (currency) and give no row.

Runs through boto3 with only its HTTP send answered on a replay (feeds/wire.py; the recording is the EC2
query API's XML, one exchange per page). The unit of failure is one request (a type in a region): an
opt-in region not enabled for the account (OptInRequired) is an expected failure of that region and its
other types are not asked; any other error after botocore's bounded retries (aws_spot.RETRIES, the same
live and replayed) fails that request only; the other requests go on. A replay asks the listed pairs its
recording holds (as aws-spot-history asks the regions it holds).
"""

from __future__ import annotations

import datetime
import os
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from feeds import aws_pricelist
from feeds.aws_pricelist import FEED_EC2, family_of
from feeds.aws_spot import CREDENTIALS, RETRIES, _client_error_why, aws_session
from feeds.base import FeedOutput, num, problem, row, source
from feeds.http import FeedError

FEED = "aws-capacity-blocks"
INSTANCE_COUNT, DURATION_HOURS = 1, 24
PRECISION = Decimal("1E-10")  # the Price List's pricePerUnit precision


def offerings_key(region: str, itype: str) -> str:
    return (f"boto3:ec2.describe_capacity_block_offerings?region={region}&instance_type={itype}"
            f"&count={INSTANCE_COUNT}&hours={DURATION_HOURS}")


def offerings_params(itype: str) -> dict:
    """DescribeCapacityBlockOfferings' request (service model: InstanceType string, InstanceCount and
    CapacityDurationHours integers; no date range: the API's own search window)."""
    return {"InstanceType": itype, "InstanceCount": INSTANCE_COUNT, "CapacityDurationHours": DURATION_HOURS}


def listed(ctx: dict) -> list[dict]:
    """The (region, instance type) pairs to ask: aws-ec2's listing of this run (ctx["outputs"], when it
    ran in this process), else the last accepted one (ctx["accepted"])."""
    run = (ctx.get("outputs") or {}).get(FEED_EC2)
    last = ((ctx.get("accepted") or {}).get("feeds") or {}).get(FEED_EC2)
    return aws_pricelist.listing(run, last)


def fetch_offerings(ec2, params: dict) -> dict:
    """Every page (NextToken paging, botocore's paginator) of one type's offerings, as one response."""
    offers = []
    for n, page in enumerate(ec2.get_paginator("describe_capacity_block_offerings").paginate(**params), 1):
        # botocore parses any 200 body: EC2's answer always has a requestId (its set may be empty), one
        # that is not EC2's XML (an HTML error page) has neither: a failed request, never "no offering"
        if "CapacityBlockOfferings" not in page and not (page.get("ResponseMetadata") or {}).get("RequestId"):
            raise FeedError(f"DescribeCapacityBlockOfferings page {n}: no capacityBlockOfferingSet and no "
                            "requestId in the answer (not EC2's XML?)")
        offers += page.get("CapacityBlockOfferings") or []
    return {"CapacityBlockOfferings": offers}


def _when(t) -> str:
    if isinstance(t, datetime.datetime):
        return t.astimezone(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return str(t)


def _count(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def parse_offerings(data: dict, *, region: str, itype: str, sid: str, as_of: str, spec: dict | None = None):
    """(rows, problems, notes) of one type's offerings: at most one capacity_block row (the lowest fee
    per instance-hour). No row and no problem = no usable offering."""
    offers = data.get("CapacityBlockOfferings") if isinstance(data, dict) else None
    if not isinstance(offers, list):
        raise ValueError("DescribeCapacityBlockOfferings: no CapacityBlockOfferings list (schema changed?)")
    rid = f"aws:{region}:{itype}/capacity_block"
    problems, notes, good, bad = [], [], [], None
    for o in offers:
        what = f"offering {o.get('CapacityBlockOfferingId', '?')}"
        if o.get("InstanceType") != itype or o.get("UltraserverType"):
            notes.append(f"aws {region} {itype}: {what} is for {o.get('UltraserverType') or o.get('InstanceType')}: left out")
            continue
        if (o.get("Tenancy") or "default") != "default":
            notes.append(f"aws {region} {itype}: {what} is {o['Tenancy']} tenancy: left out (shared tenancy only)")
            continue
        hours, minutes, count = (_count(o.get("CapacityBlockDurationHours")), _count(o.get("CapacityBlockDurationMinutes", 0)),
                                 _count(o.get("InstanceCount")))
        if hours is None or minutes is None or count is None or count == 0 or hours * 60 + minutes == 0 \
                or not o.get("CurrencyCode"):
            problems.append(problem("schema", rid, f"{what}: duration {o.get('CapacityBlockDurationHours')!r} h "
                                                   f"{o.get('CapacityBlockDurationMinutes', 0)!r} min, InstanceCount "
                                                   f"{o.get('InstanceCount')!r}, CurrencyCode {o.get('CurrencyCode')!r}"))
            return [], problems, notes
        raw = o.get("UpfrontFee")
        try:
            fee = Decimal(str(raw).strip())
            if not fee.is_finite() or fee <= 0:
                raise InvalidOperation
        except (InvalidOperation, ValueError):
            bad = bad or (raw, o)
            continue
        block = Decimal(hours) + Decimal(minutes) / 60
        good.append((fee / (block * count), fee, block, o))
    if bad is not None:  # the figure as given: the bad-price gate names it and leaves the row out
        raw, o = bad
        note = (f"EC2 DescribeCapacityBlockOfferings, {INSTANCE_COUNT} instance × {DURATION_HOURS} h: offering "
                f"{o.get('CapacityBlockOfferingId', '?')} has UpfrontFee {raw!r}, not a positive number: stored as given")
        return [row("aws", region, itype, "capacity_block", o["CurrencyCode"], sid, as_of, note=note,
                    spec=spec, hourly=raw)], problems, notes
    if not good:
        return [], problems, notes
    currencies = sorted({o["CurrencyCode"] for *_, o in good})
    if len(currencies) > 1:
        problems.append(problem("currency", rid, f"offerings in {', '.join(currencies)}: no lowest across currencies, row left out"))
        return [], problems, notes
    rate, fee, block, o = min(good, key=lambda g: (g[0], _when(g[3].get("StartDate"))))
    starts = sorted(_when(g[3].get("StartDate")) for g in good)
    length = f"{o['CapacityBlockDurationHours']} h" + (f" {o['CapacityBlockDurationMinutes']} min" if o.get("CapacityBlockDurationMinutes") else "")
    note = (f"EC2 DescribeCapacityBlockOfferings ({INSTANCE_COUNT} instance × {DURATION_HOURS} h asked, quoted {as_of}): "
            f"the lowest reservation fee per instance-hour of {len(good)} offering(s) seen, UpfrontFee ÷ (block hours × "
            f"instances), paid up front for the whole block: {num(fee)} {o['CurrencyCode']} for {o['InstanceCount']} × "
            f"{length} in {o.get('AvailabilityZone', '?')}, {_when(o.get('StartDate'))} to {_when(o.get('EndDate'))}; "
            f"offerings start {starts[0]}" + (f" to {starts[-1]}" if len(starts) > 1 else "")
            + "; the operating-system fee (Price List, $0.00 for Linux) is not included")
    hourly = rate.quantize(PRECISION, rounding=ROUND_HALF_UP)
    return [row("aws", region, itype, "capacity_block", o["CurrencyCode"], sid, as_of, note=note, spec=spec,
                hourly=hourly)], problems, notes


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "aws")
    env = ctx.get("env", os.environ)
    if out.skipped_without_credentials(tr, env, CREDENTIALS):
        return out
    pairs = listed(ctx)
    if not pairs:
        out.status, out.why = "skipped", (f"no Capacity Block listing ({FEED_EC2} lists the types sold as Capacity "
                                          "Blocks; none this run nor in the last accepted rows)")
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
    regions = {c for (p, c), v in ctx["regions"].items() if p == "aws" and v[2] != "mainland_china"}
    by_region: dict = {}
    for x in pairs:
        if x["region"] not in regions:
            out.notes.append(f"aws {x['region']} {x['instance_type']}: listed as a Capacity Block, region not in the "
                             "region table (or in the China partition): not asked")
        elif family_of(table, x["instance_type"]) is not None:
            by_region.setdefault(x["region"], []).append(x)
    session = aws_session(boto3, tr, env)
    config = Config(retries=dict(RETRIES), connect_timeout=30, read_timeout=60)
    asked = 0
    for region in sorted(by_region):
        for x in sorted(by_region[region], key=lambda x: x["instance_type"]):
            it = x["instance_type"]
            key = offerings_key(region, it)
            if not tr.live and (FEED, key) not in tr.by_request:
                continue  # a replay holds only the requests it recorded
            asked += 1
            try:
                w = tr.wire(FEED, key)
                ec2 = botocore_wire(session.client("ec2", region_name=region, config=config), w)
                data = fetch_offerings(ec2, offerings_params(it))
            except ClientError as e:
                why, expected = _client_error_why(e)
                if expected:  # the region is not enabled: its other types would answer the same
                    out.fail(why, region=region, expected=True)
                    break
                out.fail(why, region=region, instance_type=it)
                continue
            except (BotoCoreError, FeedError) as e:
                out.fail(f"{type(e).__name__}: {e}", region=region, instance_type=it)
                continue
            sid = f"aws-cb-{region}"
            src = source(sid, f"AWS EC2 DescribeCapacityBlockOfferings (boto3), {region}, {INSTANCE_COUNT} instance × "
                         f"{DURATION_HOURS} h", f"https://ec2.{region}.amazonaws.com/ (DescribeCapacityBlockOfferings)",
                         w.as_of, w.origin, w.recorded_from)
            try:
                rows, problems, notes = parse_offerings(data, region=region, itype=it, sid=src["id"], as_of=w.as_of,
                                                        spec=x.get("spec"))
            except ValueError as e:
                out.fail(f"{key}: {e}", region=region, instance_type=it)
                continue
            out.fetched = out.fetched or w.as_of
            out.written |= w.origin == "written"
            out.sources.setdefault(sid, src)
            out.rows += rows
            out.problems += problems
            out.notes += notes
            if not rows and not problems:
                why = (f"no Capacity Block offering for {INSTANCE_COUNT} instance × {DURATION_HOURS} h (sold out or not "
                       "offered in the search window)")
                out.notes.append(f"aws {region} {it}: {why}: no price; the last accepted one keeps its date")
                out.fail(why, region=region, instance_type=it, expected=True)
    if not asked:
        out.status, out.why = "skipped", f"none of the {len(pairs)} listed Capacity Block type(s) is in the recording"
    elif not out.rows and out.failures and all(f["expected"] for f in out.failures):
        out.status, out.why = "skipped", (f"no Capacity Block offering for any of the {asked} listed type(s) asked "
                                          "(or their regions not enabled); keeps its last accepted rows")
    return out
