"""Alibaba Cloud ECS: the public price file the international pricing page loads (no credentials), and,
with credentials, the official SDK (alibabacloud-ecs20140526): DescribeRegions, DescribeAvailableResource
(which GPU types each region sells), DescribeInstanceTypes (their specs), DescribePrice (pay-as-you-go,
1-month and 1-year subscription) and DescribeSpotPriceHistory (spot), for every GPU family of
mappings.json.

Currency rule: a mainland-China region bills in CNY. The international file is USD, so its mainland rows
are left out by rule (the pipeline never uses international-site USD rates for mainland regions); the
SDK returns the account's site currency (Price.Currency), which the currency gate checks.
A 1-year subscription is stored as a 12-month reservation paid all upfront (its whole-term price).
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal, InvalidOperation

from feeds.base import FeedOutput, median, num, problem, row, source
from feeds.http import FeedError

FEED_PUBLIC, FEED_SDK = "alibaba-public", "alibaba-sdk"
# The file's version folder changes when Alibaba republishes it; ALIBABA_PRICE_FILE_URL overrides.
PRICE_FILE = "https://g.alicdn.com/aliyun/ecs-price-info-intl/2.0.275/price/download/instancePrice.json"
CREDENTIALS = ("ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET")
SPOT_DAYS = 7


def family(itype: str) -> str | None:
    """ecs.gn6i-c4g1.xlarge → gn6i; ecs.ebmgn7e.32xlarge → ebmgn7e."""
    parts = itype.split(".")
    if len(parts) < 3 or parts[0] != "ecs":
        return None
    return parts[1].split("-")[0]


def _period(entries, period="1"):
    for e in entries or []:
        if str(e.get("period", "1")) == period and "price" in e:
            return e["price"]
    return None


def parse_price_file(data: dict, *, fam_gpu: dict, regions: dict, sid: str, as_of: str):
    """regions: code → group. Rows (on-demand, 1-month subscription, 1-year prepaid), problems, notes."""
    rows, problems, notes = [], [], []
    if not isinstance(data, dict) or not isinstance(data.get("pricingInfo"), dict):
        raise FeedError("price file: no pricingInfo (schema changed?)")
    cur = data.get("currency")
    if not cur:
        problems.append(problem("schema", f"{FEED_PUBLIC}/currency", "price file states no currency"))
        return rows, problems, notes
    pub = data.get("publicationDate") or data.get("version") or ""
    mainland_left = 0
    for key, v in sorted(data["pricingInfo"].items()):
        parts = key.split("::")
        if len(parts) < 4:
            problems.append(problem("schema", f"{FEED_PUBLIC}/{key}", "key is not region::type::network::os[::io]"))
            continue
        region, it, net, os_ = parts[:4]
        if family(it) not in fam_gpu or net != "vpc" or os_ != "linux" or (len(parts) > 4 and parts[4] != "optimized"):
            continue
        if region not in regions:
            notes.append(f"alibaba {region} {it}: region not in the region table: not carried")
            continue
        if regions[region] == "mainland_china":
            mainland_left += 1
            continue
        if not isinstance(v, dict) or "hours" not in v:
            problems.append(problem("schema", f"alibaba:{region}:{it}/on_demand", "entry without 'hours'"))
            continue
        note = f"Alibaba Cloud international price file{(' (' + pub + ')') if pub else ''}: list price, Linux, VPC"
        h = _period(v.get("hours"))
        if h is None:
            problems.append(problem("schema", f"alibaba:{region}:{it}/on_demand", "hours without a price"))
        else:
            rows.append(row("alibaba", region, it, "on_demand", cur, sid, as_of, note=note, hourly=h))
        mo = _period(v.get("months"))
        if mo is not None:
            rows.append(row("alibaba", region, it, "subscription", cur, sid, as_of, note=note + ", 1-month subscription",
                            monthly=mo))
        yr = _period(v.get("years"))
        if yr is not None:
            rows.append(row("alibaba", region, it, "reserved", cur, sid, as_of, term_months=12, payment="all",
                            upfront=yr, hourly="0", note=note + ", 1-year subscription (包年) stored as its whole-term price"))
    if mainland_left:
        notes.append(f"alibaba: {mainland_left} mainland-China entries of the international (USD) file left out by rule "
                     "(mainland regions bill in CNY)")
    return rows, problems, notes


def run_public(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_PUBLIC, "alibaba")
    url = ctx.get("env", os.environ).get("ALIBABA_PRICE_FILE_URL") or PRICE_FILE
    r = tr.get(FEED_PUBLIC, url)
    out.fetched, out.written = r.as_of, r.origin == "written"
    sid = "ali-price-file"
    out.sources[sid] = source(sid, "Alibaba Cloud ECS international price file (instancePrice.json, loaded by the "
                                   "pricing page)", url, r.as_of, r.origin, r.recorded_from)
    regions = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "alibaba"}
    out.rows, out.problems, out.notes = parse_price_file(r.json(), fam_gpu=ctx["mappings"]["alibaba_family_gpu"],
                                                         regions=regions, sid=out.sources[sid]["id"], as_of=r.as_of)
    return out


# ------------------------------------------------------------------ SDK (credentials)


def sdk_key(action: str, params: dict) -> str:
    return "alibabacloud-ecs20140526:" + action + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))


def _client(region: str, env):
    from alibabacloud_ecs20140526.client import Client  # live path only (requirements-live.txt)
    from alibabacloud_tea_openapi.models import Config
    return Client(Config(access_key_id=env[CREDENTIALS[0]], access_key_secret=env[CREDENTIALS[1]],
                         endpoint=f"ecs.{region}.aliyuncs.com", region_id=region, read_timeout=30000,
                         connect_timeout=10000))


def _call(tr, region, action, params, env):
    def call():
        from alibabacloud_ecs20140526 import models
        req = getattr(models, action + "Request")().from_map(params)
        method = "".join("_" + c.lower() if c.isupper() else c for c in action).lstrip("_")
        return getattr(_client(region, env), method)(req).body.to_map()
    resp = tr.sdk(FEED_SDK, sdk_key(action, params), call)
    return resp.json(), resp


def sold_types(avail: dict, fam_gpu: dict) -> list[str]:
    """GPU instance types DescribeAvailableResource lists as Available in any zone."""
    zones = ((avail.get("AvailableZones") or {}).get("AvailableZone")) if isinstance(avail, dict) else None
    if zones is None:
        raise FeedError("DescribeAvailableResource: no AvailableZones.AvailableZone (schema changed?)")
    out = set()
    for z in zones:
        for res in ((z.get("AvailableResources") or {}).get("AvailableResource") or []):
            for s in ((res.get("SupportedResources") or {}).get("SupportedResource") or []):
                if s.get("Status") == "Available" and family(s.get("Value", "")) in fam_gpu:
                    out.add(s["Value"])
    return sorted(out)


def price_of(resp: dict):
    """(value, currency, basis) from DescribePrice: the instance type's own TradePrice (DetailInfos) where
    given, else the whole price; None if the response lacks it."""
    p = ((resp.get("PriceInfo") or {}).get("Price")) if isinstance(resp, dict) else None
    if not isinstance(p, dict) or "Currency" not in p:
        return None
    for d in ((p.get("DetailInfos") or {}).get("DetailInfo") or []):
        if d.get("Resource") == "instanceType" and "TradePrice" in d:
            return d["TradePrice"], p["Currency"], "instance type's TradePrice (DetailInfos)"
    if "TradePrice" in p:
        return p["TradePrice"], p["Currency"], "TradePrice"
    return None


def parse_spot(resp: dict):
    """(lo, hi, note, currency) over per-zone medians of SpotPrice, or None."""
    sp = ((resp.get("SpotPrices") or {}).get("SpotPriceType")) if isinstance(resp, dict) else None
    if sp is None:
        raise FeedError("DescribeSpotPriceHistory: no SpotPrices.SpotPriceType (schema changed?)")
    by = {}
    for s in sp:
        if "ZoneId" in s and "SpotPrice" in s:
            by.setdefault(s["ZoneId"], []).append(s["SpotPrice"])
    if not by:
        return None
    meds, parts = [], []
    for z, vals in sorted(by.items()):
        try:
            ds = [Decimal(str(v)) for v in vals]
        except InvalidOperation:
            return str(vals[0]), str(vals[0]), "unreadable SpotPrice", resp.get("Currency")
        meds.append(median(ds))
        parts.append(f"{z} {num(meds[-1])}")
    return min(meds), max(meds), ", ".join(parts), resp.get("Currency")


def run_sdk(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_SDK, "alibaba")
    env = ctx.get("env", os.environ)
    if tr.live and not all(env.get(k) for k in CREDENTIALS):
        out.status, out.why = "skipped", f"no credentials ({' and '.join(CREDENTIALS)} not set)"
        return out
    if not tr.live and not tr.has_feed(FEED_SDK):
        out.status, out.why = "skipped", "no recorded responses for this credentialed feed"
        return out
    fam_gpu = ctx["mappings"]["alibaba_family_gpu"]
    table = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "alibaba"}
    regs, first = _call(tr, "cn-hangzhou", "DescribeRegions", {"AcceptLanguage": "en-US"}, env)
    out.fetched, out.written = first.as_of, first.origin == "written"
    listed = [r.get("RegionId") for r in ((regs.get("Regions") or {}).get("Region") or [])]
    if not listed:
        raise FeedError("DescribeRegions: no Regions.Region (schema changed?)")
    for region in sorted(set(listed)):
        if region not in table:
            out.notes.append(f"alibaba {region}: not in the region table: not asked")
            continue
        if table[region] != "mainland_china":
            continue  # non-mainland regions: the international price file (USD)
        avail, _ = _call(tr, region, "DescribeAvailableResource", {"RegionId": region, "DestinationResource": "InstanceType",
                                                                  "InstanceChargeType": "PostPaid"}, env)
        types = sold_types(avail, fam_gpu)
        specs = {}
        for i in range(0, len(types), 10):
            batch = types[i:i + 10]
            d, _ = _call(tr, region, "DescribeInstanceTypes", {"InstanceTypes": ",".join(batch)}, env)
            for t in ((d.get("InstanceTypes") or {}).get("InstanceType") or []):
                if t.get("InstanceTypeId") and t.get("CpuCoreCount") and t.get("MemorySize") and t.get("GPUAmount"):
                    specs[t["InstanceTypeId"]] = {"vcpu": str(t["CpuCoreCount"]), "ram_gib": num(t["MemorySize"]),
                                                  "gpu_count": int(t["GPUAmount"])}
        sid = f"ali-sdk-{region}"
        for it in types:
            spec = specs.get(it)
            for unit, model in (("Hour", "on_demand"), ("Month", "subscription"), ("Year", "reserved")):
                params = {"RegionId": region, "ResourceType": "instance", "InstanceType": it, "PriceUnit": unit, "Period": 1}
                resp = tr.sdk(FEED_SDK, sdk_key("DescribePrice", params), lambda p=params, r=region: _live_price(r, p, env))
                out.written |= resp.origin == "written"
                got = price_of(resp.json())
                if got is None:
                    out.problems.append(problem("schema", f"alibaba:{region}:{it}/{model}", "DescribePrice without PriceInfo.Price TradePrice/Currency"))
                    continue
                val, cur, basis = got
                note = f"Alibaba ECS DescribePrice ({basis}), Linux, {unit.lower()}ly"
                kw = {"hourly": val} if model == "on_demand" else {"monthly": val} if model == "subscription" else \
                     {"term_months": 12, "payment": "all", "upfront": val, "hourly": "0"}
                if model == "reserved":
                    note += ": 1-year subscription stored as its whole-term price"
                out.rows.append(row("alibaba", region, it, model, cur, out_sid(out, sid, region, resp), resp.as_of,
                                    spec=spec, note=note, **kw))
            sparams = {"RegionId": region, "NetworkType": "vpc", "InstanceType": it, "OSType": "linux", "StartTime": f"-{SPOT_DAYS}d"}
            resp = tr.sdk(FEED_SDK, sdk_key("DescribeSpotPriceHistory", sparams),
                          lambda r=region, it=it: _live_spot(r, it, env))
            sp = parse_spot(resp.json())
            if sp:
                lo, hi, parts, cur = sp
                if not cur:
                    out.problems.append(problem("schema", f"alibaba:{region}:{it}/spot", "DescribeSpotPriceHistory states no Currency"))
                    continue
                out.rows.append(row("alibaba", region, it, "spot", cur, out_sid(out, sid, region, resp), resp.as_of, spec=spec,
                                    hourly_min=lo, hourly_max=hi,
                                    note=f"Alibaba ECS DescribeSpotPriceHistory, last {SPOT_DAYS} days: range of per-zone medians ({parts})"))
    return out


def out_sid(out: FeedOutput, sid: str, region: str, resp) -> str:
    if sid not in out.sources:
        out.sources[sid] = source(sid, f"Alibaba Cloud ECS API (alibabacloud-ecs20140526: DescribePrice, "
                                       f"DescribeSpotPriceHistory, DescribeAvailableResource), {region}",
                                  f"https://ecs.{region}.aliyuncs.com/", resp.as_of, resp.origin, resp.recorded_from)
    return out.sources[sid]["id"]


def _live_price(region, params, env):
    from alibabacloud_ecs20140526 import models
    return _client(region, env).describe_price(models.DescribePriceRequest().from_map(params)).body.to_map()


def _live_spot(region, it, env):
    from alibabacloud_ecs20140526 import models
    now = datetime.datetime.now(datetime.timezone.utc)
    start = (now - datetime.timedelta(days=SPOT_DAYS)).strftime("%Y-%m-%dT%H:%M:%SZ")
    req = models.DescribeSpotPriceHistoryRequest().from_map(
        {"RegionId": region, "NetworkType": "vpc", "InstanceType": it, "OSType": "linux", "StartTime": start})
    return _client(region, env).describe_spot_price_history(req).body.to_map()
