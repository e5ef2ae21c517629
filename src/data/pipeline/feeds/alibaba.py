"""Alibaba Cloud ECS: the public price file the international pricing page loads (no credentials), and,
with credentials, the official SDK (alibabacloud-ecs20140526): DescribeRegions, DescribeAvailableResource
(which GPU types each region sells), DescribeInstanceTypes (their specs), DescribeSpotAdvice (each type's
average release rate of spot instances over the previous 30 days, per zone), DescribePrice (pay-as-you-go,
1-month and 1-year subscription) and DescribeSpotPriceHistory (spot), for every GPU family of
mappings.json.

Currency rule: a mainland-China region bills in CNY. The international file is USD, so its mainland rows
are left out by rule (the pipeline never uses international-site USD rates for mainland regions); the
SDK returns the account's site currency (Price.Currency), which the currency gate checks.
A 1-year subscription is stored as a 12-month reservation paid all upfront (its whole-term price).

Price basis: the LIST price, as Tencent's feed stores it: DescribePrice's OriginalPrice of the instance
type's own line (DetailInfos, Resource instanceType). TradePrice (after promotions and term discounts) is
kept apart in the note ("promotion: TradePrice X"), never as the row's price. Where DetailInfos is absent
only the whole price (instance + system disk) is given: the row says so and is marked indicative.

The price file's version folder changes when Alibaba republishes it, and no document names the current
one: ALIBABA_PRICE_FILE_URL overrides; otherwise the known folders are asked newest first and the source
record names the one that answered (a folder newer than KNOWN_VERSIONS is missed until added here or set
in ALIBABA_PRICE_FILE_URL). Its rows carry the file's own publicationDate (the time the file was
generated), not the fetch day; only a file stating none is dated by the fetch day, and its note says so.

What fails the feed as a whole (FeedError, the refresh keeps all its last rows): the price file answering
at none of its URLs (public feed); DescribeRegions failing, or the SDK not installed (SDK feed). Anything
smaller is one unit's failure (FeedOutput.fail) and the feed goes on: a region's DescribeAvailableResource
(region), one DescribePrice (type × billing model; expected=True for the documented "not sold that way"
codes, NOT_SOLD), one type's spot history (type × spot). A DescribeInstanceTypes batch failing costs only
the feed's specs of those types (a note; the catalog's own specs stand). A DescribeSpotAdvice request failing
costs only interruption rates, and only those of the types it cannot be read for: a batch of several types
that fails (the API refuses the whole request when it refuses one type, FlavorNotSupported) is split, each
of its types asked alone once (a note says so, why, and what came of it), and only a type whose own request
fails (or whose batch of one failed, or was refused for the region: never asked again) loses its rate. Its spot row is still published,
without the rate, and names a failure of its unit (type × spot; expected=True for the documented "not
offered there" codes, ADVICE_UNSUPPORTED); a rate is never attached to a price it was not read with (a spot
row carried over from an earlier run keeps the rate it was published with).

Interruption rate: DescribeSpotAdvice's InterruptionRate is "the average release rate of spot instances in
the previous 30 days" (unit %), per zone, with its range InterruptRateDesc (one of ADVICE_DESC). Read as the
monthly share of spot instances interrupted, the spot row carries the HIGHEST of the region's zones as
"interruption_monthly_pct" (the row spans the zones and the user's zone is unknown), its note naming every
zone. A value that is not a number, outside 0–99.99 %, or outside its own range label (0.03 sent for 3 %)
gives that type no rate and is noted in the report (not a flag: the value is dropped, so nothing wrong can
be published, and one value does not hold up the refresh); a type the answer does not state is priced on
the engine's default assumption (a note).

Storage rate (usage storage_per_gb_month): for each region whose GPU types it prices, one DescribePrice
of the disk alone, as the API reference documents it: ResourceType=disk with DataDisk.1.Category and
DataDisk.1.Size ("only pay-as-you-go prices of cloud disks are returned ... PriceUnit can be set only to
Hour"): an ESSD PL1 disk (cloud_essd, PL1: the research row's disk) of DISK_GIB GiB. The rate is the list
price, as for instances (OriginalPrice; TradePrice only in the note), per GiB-month: OriginalPrice / DISK_GIB
x 730 h. The reference prices a cloud disk by its DataDisk parameters only; the rate is taken as the system
disk's (the note says so). A request that fails, or an answer without a positive OriginalPrice or without a
Currency, fails that region's usage unit only (model "usage:storage_per_gb_month"); no rate is guessed.

Replay runs the same SDK path as live (feeds/wire.py): the SDK builds and signs the request with
placeholder credentials, only its HTTP send is answered from the recording (the raw RPC JSON body), and
the response is read through the SDK's model (.body.to_map()), which declares every field used here
(PriceInfo.Price Currency/OriginalPrice/TradePrice/DetailInfos, SpotPrices, NextOffset, Currency,
AvailableSpotZones; it passes each value on as the API sent it, a number or a string). The
SDK's retry policy is left at its default in both (no retries: one exchange per call), so a replayed
error costs no sleep and a live one is reported for its unit at once.
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal, InvalidOperation

from feeds.base import HOURS_PER_MONTH, STORAGE, FeedOutput, figure, median, num, positive_figure, problem, row, source, usage_row
from feeds.http import FeedError

FEED_PUBLIC, FEED_SDK = "alibaba-public", "alibaba-sdk"
PRICE_FILE = "https://g.alicdn.com/aliyun/ecs-price-info-intl/{}/price/download/instancePrice.json"
# Version folders seen in public copies of the pricing page's files, newest first (2.0.421: 2026-09).
KNOWN_VERSIONS = ("2.0.421", "2.0.375", "2.0.275")
CREDENTIALS = ("ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET")
SPOT_DAYS = 7
SPOT_MAX_PAGES = 20     # 7 days of hourly points × a region's zones is a few pages; more means a paging loop
TYPES_PER_CALL = 10     # DescribeInstanceTypes, DescribeSpotAdvice: InstanceTypes.N, N from 1 to 10 (API reference)
# DescribePrice / DescribeSpotPriceHistory error codes that mean "not sold that way" (API reference error
# tables): the unit's failure is expected, not a fault.
NOT_SOLD = {"InvalidInstanceType.ValueNotSupported", "PriceNotFound", "InstanceType.Offline",
            "InvalidInstanceChargeType.NotFound", "InvalidPeriod"}
# DescribeSpotAdvice: InterruptRateDesc, the documented range labels of InterruptionRate (%), and the error
# codes that mean "no spot advice offered there" (API reference: 403 "region / flavor not support spot ...").
ADVICE_DESC = {"0-3%": (0, 3), "3-5%": (3, 5), "5-10%": (5, 10), "10-100%": (10, 100)}
ADVICE_REGION_UNSUPPORTED = "OperationDenied.RegionIdNotSupported"
ADVICE_UNSUPPORTED = {ADVICE_REGION_UNSUPPORTED, "OperationDenied.FlavorNotSupported"}
ADVICE_MAX = Decimal("99.99")  # the catalog's bound on interruption_monthly_pct (refresh.bad_rate)
# The disk priced for the storage rate (DescribePrice ResourceType=disk): ESSD PL1, as the research row
# (usage.py); its size within the documented PL1 range (20 to 32768 GiB); an hourly price x 730 h a month
DISK_CATEGORY, DISK_PL, DISK_GIB = "cloud_essd", "PL1", 100


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
    ver, pub = data.get("version"), data.get("publicationDate")
    said = ", ".join(x for x in (f"version {ver}" if ver else "", f"published {pub}" if pub else
                                 "states no publicationDate: dated by the fetch day") if x)
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
        note = f"Alibaba Cloud international price file ({said}): list price, Linux, VPC"
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


def published(data, fetched: str) -> str:
    """The date the file's rows carry: its own publicationDate ("2018-08-06T07:00:04Z", the time the file
    was generated), never later than the fetch; the fetch day only when the file states none."""
    pub = data.get("publicationDate") if isinstance(data, dict) else None
    try:
        d = datetime.date.fromisoformat(str(pub)[:10]).isoformat()
    except ValueError:
        return fetched
    return min(d, fetched)


def run_public(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_PUBLIC, "alibaba")
    env_url = ctx.get("env", os.environ).get("ALIBABA_PRICE_FILE_URL")
    urls = [env_url] if env_url else [PRICE_FILE.format(v) for v in KNOWN_VERSIONS]
    r, missed = None, []
    for url in urls:
        try:
            r = tr.get(FEED_PUBLIC, url)
            break
        except FeedError as e:
            missed.append((url, str(e)))
    if r is None:
        raise FeedError("price file: no version folder answered (set ALIBABA_PRICE_FILE_URL): "
                        + "; ".join(why for _, why in missed))
    out.fetched, out.written = r.as_of, r.origin == "written"
    data = r.json()
    as_of = published(data, r.as_of)
    sid = "ali-price-file"
    how = "ALIBABA_PRICE_FILE_URL" if env_url else "the newest known version folder that answered"
    out.sources[sid] = source(sid, f"Alibaba Cloud ECS international price file (instancePrice.json, loaded by the "
                                   f"pricing page; {how})", url, as_of, r.origin, r.recorded_from)
    regions = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "alibaba"}
    out.rows, out.problems, notes = parse_price_file(data, fam_gpu=ctx["mappings"]["alibaba_family_gpu"],
                                                     regions=regions, sid=out.sources[sid]["id"], as_of=as_of)
    if missed:
        notes.insert(0, f"alibaba price file: read {url}; newer known version folders did not answer "
                        f"({', '.join(u.split('/')[-4] for u, _ in missed)})")
    out.notes = notes
    return out


# ------------------------------------------------------------------ SDK (credentials)


def sdk_key(action: str, params: dict) -> str:
    """The manifest key of one SDK call (a list parameter as its values joined by commas)."""
    val = lambda v: ",".join(map(str, v)) if isinstance(v, (list, tuple)) else v
    return "alibabacloud-ecs20140526:" + action + "?" + "&".join(f"{k}={val(params[k])}" for k in sorted(params))


def _client(region: str, env, live: bool):
    """Live: the account's keys; replay: placeholders (signing runs, nothing leaves the machine)."""
    from alibabacloud_ecs20140526.client import Client
    from alibabacloud_tea_openapi.models import Config
    key, secret = (env[CREDENTIALS[0]], env[CREDENTIALS[1]]) if live else ("replay", "replay")
    return Client(Config(access_key_id=key, access_key_secret=secret, endpoint=f"ecs.{region}.aliyuncs.com",
                         region_id=region, read_timeout=30000, connect_timeout=10000))


def _call(tr, region, action, params, env, key_params=None):
    """One SDK call, live or replayed at the wire: (the response body through the SDK's model, the wire:
    its as_of / origin / recorded_from). The SDK's own exceptions (and FeedError) are the caller's to
    catch per unit."""
    from alibabacloud_ecs20140526 import models
    from feeds.wire import requests_wire
    w = tr.wire(FEED_SDK, sdk_key(action, params if key_params is None else key_params))
    req = getattr(models, action + "Request")().from_map(params)
    method = "".join("_" + c.lower() if c.isupper() else c for c in action).lstrip("_")
    with requests_wire(w):
        resp = getattr(_client(region, env, tr.live), method)(req)
    return resp.body.to_map(), w


def _errors():
    from Tea.exceptions import TeaException, ValidateException  # every SDK error (darabonba's derive from these)
    return TeaException, ValidateException, FeedError


def _why(e) -> str:
    """One line for a failed call: the API's error code, HTTP status and message where it gave them."""
    e = getattr(e, "inner_exception", None) or e  # UnretryableException wraps a transport error
    if isinstance(e, FeedError):
        return str(e)
    code = getattr(e, "code", None)
    msg = getattr(e, "message", None) or str(e)
    return f"{code} (HTTP {getattr(e, 'status_code', None)}): {msg}" if code else f"{type(e).__name__}: {msg}"


def _code(e):
    return getattr(getattr(e, "inner_exception", None) or e, "code", None)


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
    """(list price, currency, basis note, indicative) from DescribePrice, or None if the response lacks it.
    The instance type's own OriginalPrice (DetailInfos) where given; else the whole OriginalPrice, which
    includes the system disk: indicative. TradePrice (after promotions) only in the note."""
    p = ((resp.get("PriceInfo") or {}).get("Price")) if isinstance(resp, dict) else None
    if not isinstance(p, dict) or not p.get("Currency"):
        return None
    for d in ((p.get("DetailInfos") or {}).get("DetailInfo") or []):
        if d.get("Resource") in ("instanceType", "instance") and d.get("OriginalPrice") is not None:
            return (d["OriginalPrice"], p["Currency"], "list price: the instance type's OriginalPrice (DetailInfos)"
                    + _promo(d), False)
    if p.get("OriginalPrice") is not None:
        return (p["OriginalPrice"], p["Currency"], "list price of the whole configuration: OriginalPrice, instance "
                "and system disk together (no DetailInfos), not the bare instance" + _promo(p), True)
    return None


def _promo(d: dict) -> str:
    t, o = d.get("TradePrice"), d.get("OriginalPrice")
    if t is None or num(t) == num(o):
        return ""
    return f"; promotion: TradePrice {num(t)}"


def spot_points(pages: list[dict]) -> list[dict]:
    sp = []
    for resp in pages:
        got = ((resp.get("SpotPrices") or {}).get("SpotPriceType")) if isinstance(resp, dict) else None
        if got is None:
            raise FeedError("DescribeSpotPriceHistory: no SpotPrices.SpotPriceType (schema changed?)")
        sp += got
    return sp


def parse_spot(resp):
    """(lo, hi, note, currency) over per-zone medians of SpotPrice, or None. `resp`: one response or the
    list of a paged history's responses."""
    pages = resp if isinstance(resp, list) else [resp]
    by = {}
    for s in spot_points(pages):
        if "ZoneId" in s and "SpotPrice" in s:
            by.setdefault(s["ZoneId"], []).append(s["SpotPrice"])
    cur = next((p.get("Currency") for p in pages if isinstance(p, dict) and p.get("Currency")), None)
    if not by:
        return None
    meds, parts = [], []
    for z, vals in sorted(by.items()):
        try:
            ds = [Decimal(str(v)) for v in vals]
        except InvalidOperation:
            return str(vals[0]), str(vals[0]), "unreadable SpotPrice", cur
        meds.append(median(ds))
        parts.append(f"{z} {num(meds[-1])}")
    return min(meds), max(meds), ", ".join(parts), cur


def spot_history(tr, region, it, env):
    """Every page of one type's spot history (Offset from the previous page's NextOffset) and the wire of
    the first; stops at no NextOffset, an empty page, an offset not beyond the last, or SPOT_MAX_PAGES."""
    base = {"RegionId": region, "NetworkType": "vpc", "InstanceType": it, "OSType": "linux"}
    start = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=SPOT_DAYS)).strftime("%Y-%m-%dT%H:%M:%SZ")
    pages, offset, first, cut = [], 0, None, False
    for _n in range(SPOT_MAX_PAGES):
        key = dict(base, StartTime=f"-{SPOT_DAYS}d", **({"Offset": offset} if offset else {}))
        body, w = _call(tr, region, "DescribeSpotPriceHistory",
                        dict(base, StartTime=start, **({"Offset": offset} if offset else {})), env, key_params=key)
        first = first or w
        pages.append(body)
        nxt = body.get("NextOffset")
        if not nxt or not ((body.get("SpotPrices") or {}).get("SpotPriceType")) or int(nxt) <= offset:
            break
        offset = int(nxt)
    else:
        cut = True
    return pages, first, cut


def _advice_num(v):
    """A DescribeSpotAdvice figure as a Decimal (a number, or a numeric string as the older API reference
    shows it), or None."""
    return figure(v)


def _advice_why(res: dict) -> str | None:
    """Why one AvailableSpotResource gives no interruption rate (None: it does)."""
    raw, desc = res.get("InterruptionRate"), res.get("InterruptRateDesc")
    rate = _advice_num(raw)
    if rate is None:
        return f"InterruptionRate {raw!r} is not a number"
    if not 0 <= rate <= ADVICE_MAX:
        return f"InterruptionRate {raw} lies outside 0–{ADVICE_MAX} %"
    if not isinstance(desc, str) or desc not in ADVICE_DESC:
        return f"InterruptRateDesc {desc!r} is not one of {', '.join(ADVICE_DESC)}"
    lo, hi = ADVICE_DESC[desc]
    if not lo <= rate <= hi:
        return f"InterruptionRate {raw} lies outside its InterruptRateDesc {desc} (a fraction sent for a percentage?)"
    return None


def parse_spot_advice(bodies, asked, region=None):
    """(by_type, problems) of DescribeSpotAdvice answers for the instance types `asked` (an entry of any
    other type is ignored). by_type[type] = {"rate": the HIGHEST zone's InterruptionRate (Decimal, %),
    "zones": [(zone, rate, InterruptRateDesc)], "discount": (lowest, highest) AverageSpotDiscount (% of
    the pay-as-you-go price) or None}; or None when an entry that is or may be the type's does not read
    (one schema problem: no rate for it). A type the answers do not state is not in by_type.
    A zone element without ZoneId (the older reference's example) counts as "zone not stated"."""
    asked = set(asked)
    got, bad, tainted, problems = {}, {}, set(), []
    reg = region or "?"
    for body in bodies:
        reg = region or (body.get("RegionId") if isinstance(body, dict) else None) or reg
        zones = ((body.get("AvailableSpotZones") or {}).get("AvailableSpotZone")) if isinstance(body, dict) else None
        if not isinstance(zones, list):
            problems.append(problem("schema", f"alibaba-sdk/spot-advice:{reg}", "DescribeSpotAdvice without "
                                    f"AvailableSpotZones.AvailableSpotZone (schema changed?): no interruption rate for "
                                    f"{', '.join(sorted(asked))}"))
            tainted |= asked
            continue
        for z in zones:
            if not isinstance(z, dict):
                continue
            zone = str(z.get("ZoneId") or "zone not stated")
            for res in ((z.get("AvailableSpotResources") or {}).get("AvailableSpotResource") or []):
                if not isinstance(res, dict):
                    continue
                it = res.get("InstanceType")
                if not it or not isinstance(it, str):
                    # it may be any asked type's entry (the highest zone, say): none of them gets a rate
                    problems.append(problem("schema", f"alibaba-sdk/spot-advice:{reg}", f"an AvailableSpotResource "
                                            f"of {zone} names no InstanceType: no interruption rate for "
                                            f"{', '.join(sorted(asked))}"))
                    tainted |= asked
                    continue
                if it not in asked:
                    continue
                why = _advice_why(res)
                if why:
                    bad.setdefault(it, (reg, f"{zone}: {why}"))
                    continue
                e = got.setdefault(it, {"zones": [], "discounts": []})
                e["zones"].append((zone, _advice_num(res["InterruptionRate"]), res["InterruptRateDesc"]))
                d = _advice_num(res.get("AverageSpotDiscount"))
                if d is not None and 1 <= d <= 100:
                    e["discounts"].append(d)
    by_type = {}
    for it in sorted(asked):
        if it in bad:
            r, why = bad[it]
            problems.append(problem("schema", f"alibaba-sdk/spot-advice:{r}:{it}", f"DescribeSpotAdvice {why}: "
                                    "no interruption rate for this type (accepted, its spot price goes out without one)"))
            by_type[it] = None
        elif it in tainted:
            by_type[it] = None
        elif it in got:
            zs, ds = sorted(got[it]["zones"]), got[it]["discounts"]
            by_type[it] = {"rate": max(r for _, r, _ in zs), "zones": zs, "discount": (min(ds), max(ds)) if ds else None}
    return by_type, problems


def advice_note(a: dict) -> str:
    """The spot row's note on its interruption rate (a by_type entry of parse_spot_advice)."""
    zones = ", ".join(f"{z} {num(r)} % ({d})" for z, r, d in a["zones"])
    s = (f"interruption rate {num(a['rate'])} % a month (DescribeSpotAdvice: average release rate over the previous "
         f"30 days, highest of {len(a['zones'])} zone(s): {zones}")
    if a["discount"]:
        lo, hi = a["discount"]
        s += f"; average spot price {num(lo)}{'' if lo == hi else '–' + num(hi)} % of pay-as-you-go"
    return s + ")"


def spot_advice(tr, region, types, env, errors, wires=None):
    """DescribeSpotAdvice of `types` in a region, TYPES_PER_CALL per request (InstanceTypes.N): (by_type as
    parse_spot_advice gives it, failed: type → (why, error code) of each type whose advice could not be read,
    problems, notes). A request of several types that fails (one type the API refuses, FlavorNotSupported,
    refuses the whole request) is split: each of its types is asked alone, once, and only the types whose own
    request fails are failed (a note names the split, its cause and its outcome); a request of one type that
    fails, or one refused for the whole region (RegionIdNotSupported), is not asked again. At most 1 + len(types) requests per batch. `wires`, if a list, gets the wire of
    each answered request."""
    by_type, failed, problems, notes = {}, {}, [], []

    def ask(batch):
        """Reads one request's answer into by_type / problems; the error if it failed."""
        try:  # a list, as DescribeInstanceTypes: InstanceTypes.1=…&InstanceTypes.2=…
            body, w = _call(tr, region, "DescribeSpotAdvice", {"RegionId": region, "InstanceTypes": batch}, env)
        except errors as e:
            return e
        if wires is not None:
            wires.append(w)
        got, probs = parse_spot_advice([body], batch, region)
        by_type.update(got)
        problems.extend(probs)
        return None

    for i in range(0, len(types), TYPES_PER_CALL):
        batch = types[i:i + TYPES_PER_CALL]
        e = ask(batch)
        if e is None:
            continue
        if len(batch) == 1 or _code(e) == ADVICE_REGION_UNSUPPORTED:
            # (a region the API does not serve refuses each type alike: not split)
            for t in batch:
                failed[t] = (_why(e), _code(e))
            continue
        for t in batch:  # split: each type alone, once
            e1 = ask([t])
            if e1 is not None:
                failed[t] = (f"{_why(e1)} (asked alone after its batch of {len(batch)} types failed)", _code(e1))
        lost = [t for t in batch if t in failed]
        notes.append(f"DescribeSpotAdvice of {len(batch)} types ({', '.join(batch)}) failed ({_why(e)}): the batch was "
                     f"split, each type asked alone ({len(batch)} requests): {len(batch) - len(lost)} answered"
                     + (f", {len(lost)} failed ({', '.join(lost)})" if lost else ""))
    return by_type, failed, problems, notes


def disk_params(region: str) -> tuple[dict, dict]:
    """(the DescribePrice request of the storage rate's disk, its manifest key's parameters: the flat
    DataDisk.1.* names the SDK sends)."""
    disk = {"Category": DISK_CATEGORY, "PerformanceLevel": DISK_PL, "Size": DISK_GIB}
    params = {"RegionId": region, "ResourceType": "disk", "PriceUnit": "Hour", "DataDisk": [disk]}
    key = {"RegionId": region, "ResourceType": "disk", "PriceUnit": "Hour",
           **{f"DataDisk.1.{k}": v for k, v in disk.items()}}
    return params, key


def disk_rate(resp):
    """(per GiB-month, currency, note) of the DescribePrice answer for the disk of disk_params, or a string:
    why it gives no rate. The whole Price is the disk's (the only resource asked); its list price
    (OriginalPrice, as instances are read) / DISK_GIB x HOURS_PER_MONTH; TradePrice only in the note."""
    p = ((resp.get("PriceInfo") or {}).get("Price")) if isinstance(resp, dict) else None
    if not isinstance(p, dict):
        return "no PriceInfo.Price"
    cur = p.get("Currency")
    if not cur or not isinstance(cur, str):
        return "no Currency"
    hourly = positive_figure(p.get("OriginalPrice"))
    if hourly is None:
        return f"OriginalPrice {p.get('OriginalPrice')!r} is not a positive number"
    per_gib_h = hourly / DISK_GIB
    rate = per_gib_h * HOURS_PER_MONTH
    note = (f"ESSD {DISK_PL} ({DISK_CATEGORY}) disk priced alone (DescribePrice ResourceType=disk), taken as the system "
            f"disk's rate: pay-as-you-go list price {num(hourly)} {cur}/h for {DISK_GIB} GiB = {num(per_gib_h)} "
            f"{cur}/GiB-h x {HOURS_PER_MONTH} h")
    trade = positive_figure(p.get("TradePrice"))
    if trade is not None and trade != hourly:
        note += f"; promotion: TradePrice {num(trade)} {cur}/h"
    return rate, cur, note + "."


def disk_usage(tr, region: str, env, errors, out: FeedOutput) -> None:
    """The region's storage rate (usage storage_per_gb_month) from one DescribePrice of the disk alone, or
    the failure of its usage unit (never a guessed rate)."""
    params, key = disk_params(region)
    what = f"DescribePrice disk ({DISK_CATEGORY} {DISK_PL} {DISK_GIB} GiB, Hour)"
    try:
        resp, w = _call(tr, region, "DescribePrice", params, env, key_params=key)
    except errors as e:
        out.fail_usage(f"{what}: {_why(e)}", region=region)
        return
    out.written |= w.origin == "written"
    got = disk_rate(resp)
    if isinstance(got, str):
        out.fail_usage(f"{what}: {got}: no storage rate", region=region)
        return
    rate, cur, note = got
    sid = f"ali-sdk-disk-{region}"
    out.sources[sid] = source(sid, f"Alibaba Cloud ECS API (alibabacloud-ecs20140526: {what}), {region}",
                              f"https://ecs.{region}.aliyuncs.com/", w.as_of, w.origin, w.recorded_from)
    out.usage.append(usage_row("alibaba", region, STORAGE, cur, rate, out.sources[sid]["id"],
                               w.as_of, note))


def run_sdk(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_SDK, "alibaba")
    env = ctx.get("env", os.environ)
    if out.skipped_without_credentials(tr, env, CREDENTIALS):
        return out
    try:
        errors = _errors()
        import alibabacloud_ecs20140526.client  # noqa: F401
    except ImportError as e:
        from feeds.wire import sdk_missing
        raise sdk_missing(e)
    fam_gpu = ctx["mappings"]["alibaba_family_gpu"]
    table = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "alibaba"}
    try:  # the one call whose failure fails the feed as a whole
        regs, first = _call(tr, "cn-hangzhou", "DescribeRegions", {"AcceptLanguage": "en-US"}, env)
    except errors as e:
        raise FeedError(f"DescribeRegions: {_why(e)}")
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
        try:
            avail, w = _call(tr, region, "DescribeAvailableResource", {"RegionId": region, "DestinationResource": "InstanceType",
                                                                       "InstanceChargeType": "PostPaid"}, env)
            out.written |= w.origin == "written"
            types = sold_types(avail, fam_gpu)
        except errors as e:
            out.fail(f"DescribeAvailableResource: {_why(e)}", region=region)
            continue
        specs = {}
        for i in range(0, len(types), TYPES_PER_CALL):
            batch = types[i:i + TYPES_PER_CALL]
            try:  # a list: the SDK sends it as InstanceTypes.1=…&InstanceTypes.2=…
                d, w = _call(tr, region, "DescribeInstanceTypes", {"InstanceTypes": batch}, env)
            except errors as e:
                out.notes.append(f"alibaba {region}: DescribeInstanceTypes {','.join(batch)} failed ({_why(e)}): "
                                 "their specs come from the catalog")
                continue
            for t in ((d.get("InstanceTypes") or {}).get("InstanceType") or []):
                if t.get("InstanceTypeId") and t.get("CpuCoreCount") and t.get("MemorySize") and t.get("GPUAmount"):
                    specs[t["InstanceTypeId"]] = {"vcpu": str(t["CpuCoreCount"]), "ram_gib": num(t["MemorySize"]),
                                                  "gpu_count": int(t["GPUAmount"])}
        wires = []
        advice, advice_failed, probs, split = spot_advice(tr, region, types, env, errors, wires)
        out.written |= any(w.origin == "written" for w in wires)
        out.notes += [f"alibaba {region}: {n}" for n in split]
        # a rate that does not read is noted, not flagged: it is dropped, so
        # no wrong figure can be published, and one value must not hold up
        # every provider's refresh (a flag refuses the run until accepted)
        out.notes += [f"alibaba {region}: {p['detail']} [{p['row']}]" for p in probs]
        unstated = []
        sid = f"ali-sdk-{region}"
        for it in types:
            spec = specs.get(it)
            for unit, model in (("Hour", "on_demand"), ("Month", "subscription"), ("Year", "reserved")):
                params = {"RegionId": region, "ResourceType": "instance", "InstanceType": it, "PriceUnit": unit, "Period": 1}
                try:
                    resp, w = _call(tr, region, "DescribePrice", params, env)
                except errors as e:
                    out.fail(f"DescribePrice {unit}: {_why(e)}", region=region, instance_type=it, model=model,
                             expected=_code(e) in NOT_SOLD)
                    continue
                out.written |= w.origin == "written"
                got = price_of(resp)
                if got is None:
                    out.problems.append(problem("schema", f"alibaba:{region}:{it}/{model}",
                                                "DescribePrice without PriceInfo.Price OriginalPrice/Currency"))
                    continue
                val, cur, basis, indicative = got
                note = f"Alibaba ECS DescribePrice, Linux, {unit.lower()}ly, {basis}"
                kw = {"hourly": val} if model == "on_demand" else {"monthly": val} if model == "subscription" else \
                     {"term_months": 12, "payment": "all", "upfront": val, "hourly": "0"}
                if model == "reserved":
                    note += "; 1-year subscription stored as its whole-term price"
                if indicative:
                    kw["indicative"] = True
                out.rows.append(row("alibaba", region, it, model, cur, out_sid(out, sid, region, w), w.as_of,
                                    spec=spec, note=note, **kw))
            try:
                pages, w, cut = spot_history(tr, region, it, env)
                sp = parse_spot(pages)
            except errors as e:
                out.fail(f"DescribeSpotPriceHistory: {_why(e)}", region=region, instance_type=it, model="spot",
                         expected=_code(e) in NOT_SOLD)
                continue
            out.written |= w.origin == "written"
            if not sp:
                out.fail(f"DescribeSpotPriceHistory: no spot price in the last {SPOT_DAYS} days (not offered)",
                         region=region, instance_type=it, model="spot", expected=True)
                continue
            lo, hi, parts, cur = sp
            if not cur:
                out.problems.append(problem("schema", f"alibaba:{region}:{it}/spot", "DescribeSpotPriceHistory states no Currency"))
                continue
            note = (f"Alibaba ECS DescribeSpotPriceHistory, last {SPOT_DAYS} days ({len(pages)} page"
                    f"{'s' if len(pages) > 1 else ''}): range of per-zone medians ({parts})")
            if cut:
                note += f"; paging stopped at {SPOT_MAX_PAGES} pages"
            kw, a = {}, advice.get(it)
            if a:  # this run's rate only: a rate the answer does not give is never carried over
                kw["interruption_monthly_pct"] = num(a["rate"])
                note += "; " + advice_note(a)
            out.rows.append(row("alibaba", region, it, "spot", cur, out_sid(out, sid, region, w), w.as_of, spec=spec,
                                hourly_min=lo, hourly_max=hi, note=note, **kw))
            if it in advice_failed:
                why, code = advice_failed[it]
                out.fail(f"DescribeSpotAdvice: {why}: the spot price goes out without a published interruption rate",
                         region=region, instance_type=it, model="spot", expected=code in ADVICE_UNSUPPORTED)
            elif it not in advice:
                unstated.append(it)
        if unstated:
            out.notes.append(f"alibaba {region}: DescribeSpotAdvice states no interruption rate for {', '.join(unstated)}: "
                             "their spot is priced on the default assumption (labelled)")
        if types:  # the storage rate of a region whose GPU types it prices: one request
            disk_usage(tr, region, env, errors, out)
    return out


def out_sid(out: FeedOutput, sid: str, region: str, resp) -> str:
    if sid not in out.sources:
        out.sources[sid] = source(sid, f"Alibaba Cloud ECS API (alibabacloud-ecs20140526: DescribePrice, "
                                       f"DescribeSpotPriceHistory, DescribeSpotAdvice, DescribeAvailableResource), {region}",
                                  f"https://ecs.{region}.aliyuncs.com/", resp.as_of, resp.origin, resp.recorded_from)
    return out.sources[sid]["id"]
