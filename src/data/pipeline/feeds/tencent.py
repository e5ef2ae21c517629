"""Tencent Cloud CVM, with credentials: the official SDK (tencentcloud-sdk-python): DescribeRegions,
DescribeZoneInstanceConfigInfos (which GPU types each zone sells, and their specs), DescribeImages (a
public Linux image the price inquiry needs, asked for each instance type) and InquiryPriceRunInstances
(by the hour, prepaid 1 and 12 months, spot) for the GPU families of mappings.json in every mainland
region.

The SDK is called through its raw JSON path (`call_json`) over the wire (feeds/wire.py): its response
model drops fields it does not declare (`OriginalInstanceTypePrice`, in the documented examples of
InquiryPriceRunInstances) and writes absent ones as null, so the feed reads the response as sent.
The figures (ItemPrice, API reference 213/15726 and the SDK's model):
- POSTPAID_BY_HOUR: `UnitPrice` = list price of the inquired configuration (the instance and its default
  system disk) per hour, `UnitPriceDiscount` = this account's price; with `UnitPriceSecondStep` /
  `UnitPriceThirdStep` the hourly price steps down after 96 and 360 hours of use.
- PREPAID: `OriginalPrice` = list price of the whole term, `DiscountPrice` = this account's price.
- `OriginalInstanceTypePrice` (both; not in the SDK model, in the tccli examples): the instance alone,
  before any discount — the documented examples' totals exceed it by the disks they inquire.
The catalog stores list prices of the bare instance, like the other providers: OriginalInstanceTypePrice
where the response has it, else the configuration's total marked indicative (it includes a disk). A
spot price (SPOTPAID: `UnitPriceDiscount`, the total at the current spot discount) is indicative too.

The response states no currency: it is the account's site's (China site: yuan; international site:
USD, as each site's API reference says). The site is declared live (TENCENTCLOUD_SITE=china|intl; it
also picks the site's endpoint) and is part of every recorded request; a row carries that currency, so
an international account pricing mainland regions (which bill in CNY) is refused by the currency gate.
A 12-month prepaid price is stored as a 12-month reservation paid all upfront.

The boot disk (usage rate storage_per_gb_month, one per region that sells a GPU type): CBS
InquiryPriceCreateDisks (cbs/v20170312, API reference 362/16314), one pay-as-you-go (POSTPAID_BY_HOUR)
DISK_GIB GiB disk of DISK_TYPE. Its `DiskPrice` (the SDK's Price) gives `UnitPrice` = list price of the
whole disk per hour (ChargeUnit HOUR), `UnitPriceHigh` = the same at high precision (a string; the
documented example: 100 GiB CLOUD_PREMIUM, UnitPrice 0.04, UnitPriceHigh "0.042"), `UnitPriceDiscount
[High]` = this account's price. Read like the instance prices: the list price (UnitPriceHigh, else
UnitPrice), per GiB-month = price / DISK_GIB x 730 h, in the site's currency. The type: the CVM API gives
a system disk "the disk type in stock" by default (SystemDisk.DiskType, 默认取值：当前有库存的硬盘类型),
no fixed type, so CLOUD_PREMIUM (高性能云硬盘) is the type priced, not a stated default. The instance
prices above (InquiryPriceRunInstances) are left as they are: their totals include a system disk.

One failing call fails its unit only (FeedOutput.fail): an inquiry the API rejects (an error code of its
list; expected when it means "not sold that way": NOT_SOLD), a type's image query, a region's zone query,
a region's disk inquiry (model "usage:storage_per_gb_month"; its codes, InvalidParameterValue and
MissingParameter, never mean "not sold"). Only DescribeRegions failing fails the feed.
"""

from __future__ import annotations

import json
import os

from feeds.base import HOURS_PER_MONTH, STORAGE, FeedOutput, figure, num, problem, row, source, usage_row
from feeds.http import FeedError
from feeds.wire import requests_wire, sdk_missing

FEED = "tencent-sdk"
CREDENTIALS = ("TENCENTCLOUD_SECRET_ID", "TENCENTCLOUD_SECRET_KEY")
SITE_ENV = "TENCENTCLOUD_SITE"
# site → (API endpoint, currency of its prices)
SITES = {"china": ("cvm.tencentcloudapi.com", "CNY"), "intl": ("cvm.intl.tencentcloudapi.com", "USD")}
# ItemPrice's on-demand steps: (from hour, list field, account-price field)
STEPS = ((0, "UnitPrice", "UnitPriceDiscount"), (96, "UnitPriceSecondStep", "UnitPriceDiscountSecondStep"),
         (360, "UnitPriceThirdStep", "UnitPriceDiscountThirdStep"))
# InquiryPriceRunInstances error codes (the API reference's list) that mean "not sold that way here"
NOT_SOLD = {"UnsupportedOperation.NoInstanceTypeSupportSpot", "UnsupportedOperation.SpotUnsupportedRegion",
            "ResourcesSoldOut.SpecifiedInstanceType", "ResourceUnavailable.InstanceType",
            "ResourceInsufficient.SpecifiedInstanceType", "ResourceInsufficient.ZoneSoldOutForSpecifiedInstance",
            "InvalidParameterValue.ZoneNotSupported", "InvalidParameterValue.InstanceTypeNotFound",
            "UnsupportedOperation.UnderwritingInstanceTypeOnlySupportAutoRenew", "InvalidPeriod"}
MODES = (
    ("on_demand", {"InstanceChargeType": "POSTPAID_BY_HOUR"}),
    ("subscription", {"InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 1, "RenewFlag": "NOTIFY_AND_MANUAL_RENEW"}}),
    ("reserved", {"InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 12, "RenewFlag": "NOTIFY_AND_MANUAL_RENEW"}}),
    ("spot", {"InstanceChargeType": "SPOTPAID"}),  # + InstanceMarketOptions with the bid (spot_options)
)
# The boot disk priced per region (CBS InquiryPriceCreateDisks): its type and the size inquired (a large
# size keeps the 2-decimal UnitPrice, when it is the only figure, to 3 significant digits)
DISK_TYPE, DISK_WHAT, DISK_GIB = "CLOUD_PREMIUM", "Premium Cloud Disk", 1000
DISK_PARAMS = {"DiskChargeType": "POSTPAID_BY_HOUR", "DiskType": DISK_TYPE, "DiskSize": DISK_GIB}


def sdk_key(site: str, action: str, region: str, params: dict, service: str = "cvm") -> str:
    return (f"tencentcloud-sdk-python:{service}.{action}?site={site}&region={region}&"
            + json.dumps(params, sort_keys=True, separators=(",", ":")))


def endpoint(site: str, service: str = "cvm") -> str:
    """The site's API endpoint of a service (cvm.tencentcloudapi.com, cbs.intl.tencentcloudapi.com, ...)."""
    return service + SITES[site][0][len("cvm"):]


def spot_options(max_price: str) -> dict:
    """InstanceMarketOptionsRequest as RunInstances documents it: market 'spot', a bid (MaxPrice, a
    string) and the only request type, one-time. The bid is the on-demand list price, so any current spot
    price is accepted."""
    return {"MarketType": "spot", "SpotOptions": {"MaxPrice": max_price, "SpotInstanceType": "one-time"}}


class ApiError(Exception):
    """An error the API answered (TencentCloudSDKException), with its code."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code


def _call(tr, site, region, action, params, env, service="cvm"):
    """(the raw `Response` object, the wire) of one SDK call (service cvm or cbs). Raises ApiError or FeedError."""
    w = tr.wire(FEED, sdk_key(site, action, region, params, service))
    try:
        from tencentcloud.common import credential  # requirements-live.txt (make test installs .venv)
        from tencentcloud.common.exception.tencent_cloud_sdk_exception import TencentCloudSDKException
        from tencentcloud.common.profile.client_profile import ClientProfile
        from tencentcloud.common.profile.http_profile import HttpProfile
        from tencentcloud.common.retry import StandardRetryer
        from tencentcloud.cbs.v20170312 import cbs_client
        from tencentcloud.cvm.v20170312 import cvm_client
    except ImportError as e:
        raise sdk_missing(e)
    cred = credential.Credential(*((env[k] for k in CREDENTIALS) if tr.live else ("replay", "replay")))
    # the same bounded retry live and on replay: 3 tries 1 s apart on network errors and rate limits
    prof = ClientProfile(httpProfile=HttpProfile(endpoint=endpoint(site, service), reqTimeout=30), language="en-US",
                         retryer=StandardRetryer(max_attempts=3, backoff_fn=lambda n: 1))
    client = (cbs_client.CbsClient if service == "cbs" else cvm_client.CvmClient)(cred, region, prof)
    try:
        with requests_wire(w):
            data = client.call_json(action, params)
    except TencentCloudSDKException as e:
        if isinstance(e.__context__, FeedError):  # the wire's own error (not recorded), wrapped by the SDK
            raise FeedError(f"{action} {region}: {e.get_message()}")
        raise ApiError(e.get_code(), e.get_message())
    except (ValueError, KeyError, TypeError) as e:  # a body that is not the API's JSON (the SDK parses it)
        raise FeedError(f"{action} {region}: unreadable response ({type(e).__name__}: {e})")
    resp = data.get("Response") if isinstance(data, dict) else None
    if not isinstance(resp, dict):
        raise FeedError(f"{action} {region}: no Response object")
    if isinstance(resp.get("Error"), dict):  # the SDK raises only under an exact JSON/text Content-Type
        raise ApiError(str(resp["Error"].get("Code")), str(resp["Error"].get("Message")))
    return resp, w


def site_of(tr, env) -> str | None:
    """The account's site: declared live; on a replay, the one the recording holds (or the declared one
    when it holds both)."""
    s = env.get(SITE_ENV, "")
    if s and s not in SITES:
        raise FeedError(f"{SITE_ENV}={s!r}: the account's site is china (prices in CNY) or intl (USD)")
    if tr.live:
        return s or None
    held = []
    for x in SITES:
        try:
            tr.wire(FEED, sdk_key(x, "DescribeRegions", "ap-guangzhou", {}))
            held.append(x)
        except FeedError:
            pass
    if s in held or (not s and len(held) == 1):
        return s or held[0]
    raise FeedError(f"the recording holds DescribeRegions of site(s) {held or 'none'}"
                    + (f", not {s}" if s else f"; set {SITE_ENV}"))


def sold(quota: dict, fam_gpu: dict):
    """instance type → (first zone selling it, spec) from DescribeZoneInstanceConfigInfos."""
    items = quota.get("InstanceTypeQuotaSet") if isinstance(quota, dict) else None
    if items is None:
        raise FeedError("DescribeZoneInstanceConfigInfos: no InstanceTypeQuotaSet (schema changed?)")
    out, problems = {}, []
    for q in sorted(items, key=lambda q: (q.get("InstanceType", ""), q.get("Zone", ""))):
        miss = [k for k in ("Zone", "InstanceType", "InstanceFamily", "Cpu", "Memory", "Status") if k not in q]
        if miss:
            problems.append(problem("schema", f"tencent:{q.get('Zone', '?')}:{q.get('InstanceType', '?')}", f"quota item lacks {', '.join(miss)}"))
            continue
        if q["InstanceFamily"] not in fam_gpu or q["Status"] != "SELL" or q["InstanceType"] in out:
            continue
        spec = {"vcpu": str(q["Cpu"]), "ram_gib": num(q["Memory"])}
        if isinstance(q.get("GpuCount"), (int, float)) and q["GpuCount"] >= 1 and float(q["GpuCount"]).is_integer():
            spec["gpu_count"] = int(q["GpuCount"])
        out[q["InstanceType"]] = (q["Zone"], spec)
    return out, problems


def image_for(imgs: dict):
    """(image id, what it is) of the first usable public Linux image DescribeImages gave for the type."""
    for i in imgs.get("ImageSet") or []:
        if i.get("ImageId") and i.get("ImageState", "NORMAL") == "NORMAL" and "windows" not in str(i.get("Platform", "")).lower():
            return i["ImageId"], f"{i.get('OsName') or i.get('Platform') or 'Linux'} {i.get('Architecture') or ''}".strip()
    return None


def _figure(v):
    """A response figure as a decimal string, or None when it is not a finite number above 0."""
    s = num(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None
    try:
        return s if s is not None and float(s) > 0 else None
    except ValueError:
        return None


def instance_price(resp: dict, prepaid: bool):
    """(list value, field, bare instance?) of InquiryPriceRunInstances' InstancePrice: the instance alone
    (OriginalInstanceTypePrice) where given, else the inquired configuration's list total (UnitPrice by the
    hour, OriginalPrice for a prepaid term). None when neither is a figure."""
    ip = ((resp.get("Price") or {}).get("InstancePrice")) if isinstance(resp, dict) else None
    if not isinstance(ip, dict):
        return None
    for k in ("OriginalInstanceTypePrice", "OriginalPrice" if prepaid else "UnitPrice"):
        if k in ip:
            return ip[k], k, k == "OriginalInstanceTypePrice"
    return None


def steps(ip: dict):
    """The published on-demand steps (list figures, and this account's) as ((from hour, list, account), ...):
    only when the response gives a second or third step."""
    if not any(f in ip for _, f, _ in STEPS[1:]):
        return []
    return [(h, _figure(ip.get(f)), _figure(ip.get(d))) for h, f, d in STEPS if f in ip]


def step_text(st) -> str:
    span = {0: "1st {} for 0–96 h", 96: "2nd {} for 96–360 h", 360: "3rd {} after 360 h"}
    return ", ".join(span[h].format(v) + (f" (this account {d})" if d else "") for h, v, d in st)


def disk_rate(resp: dict, size: int = DISK_GIB):
    """(per GiB-month list price as a Decimal, the note's account of it) of InquiryPriceCreateDisks'
    DiskPrice for a pay-as-you-go disk of `size` GiB; a str (why) when the answer gives no usable figure."""
    dp = resp.get("DiskPrice") if isinstance(resp, dict) else None
    if not isinstance(dp, dict):
        return "no DiskPrice object"
    if dp.get("ChargeUnit") not in (None, "HOUR"):
        return f"ChargeUnit {dp['ChargeUnit']!r}, not HOUR"
    # UnitPriceHigh (a string) where given, else UnitPrice; null = no valid value (the SDK model's note)
    field = "UnitPriceHigh" if dp.get("UnitPriceHigh") is not None else "UnitPrice"
    raw = dp.get(field)
    v = figure(raw) if isinstance(raw, (int, float, str)) else None
    if v is None:
        return f"{field} {raw!r} is not a figure"
    if v <= 0:
        return f"{field} {raw!r} is not a price above 0"
    rate = v / size * HOURS_PER_MONTH
    how = f"list {field} {num(v)} per hour for a {size} GiB disk / {size} GiB x {HOURS_PER_MONTH} h"
    acc = "UnitPriceDiscountHigh" if dp.get("UnitPriceDiscountHigh") is not None else "UnitPriceDiscount"
    if dp.get(acc) is not None:
        how += f" (this account's {acc} {num(dp[acc])})"
    return rate, how


def disk_usage(out: FeedOutput, tr, site: str, region: str, env) -> None:
    """The region's storage_per_gb_month usage rate (the boot disk), or its failure."""
    cur = SITES[site][1]
    try:
        data, w = _call(tr, site, region, "InquiryPriceCreateDisks", DISK_PARAMS, env, service="cbs")
        got = disk_rate(data)
    except (ApiError, FeedError) as e:
        got, w = f"{e}", None
    if isinstance(got, str):
        out.fail_usage(f"InquiryPriceCreateDisks {DISK_TYPE} POSTPAID_BY_HOUR: {got}", region=region)
        return
    rate, how = got
    out.written |= w.origin == "written"
    sid = f"tc-sdk-disk-{region}"
    ep = endpoint(site, "cbs")
    out.sources[sid] = source(sid, f"Tencent Cloud CBS API, {site} site ({ep}; its prices are in {cur}), "
                                   f"tencentcloud-sdk-python: InquiryPriceCreateDisks {DISK_TYPE} POSTPAID_BY_HOUR, "
                                   f"{region}", f"https://{ep}/", w.as_of, w.origin, w.recorded_from)
    note = (f"Boot disk {DISK_TYPE} ({DISK_WHAT}), pay-as-you-go, per GiB-month: {how}, {site} site ({cur}). "
            f"The type priced, not a stated default (a system disk gets the type in stock by default).")
    out.usage.append(usage_row("tencent", region, STORAGE, cur, rate, out.sources[sid]["id"], w.as_of, note))


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "tencent")
    env = ctx.get("env", os.environ)
    if out.skipped_without_credentials(tr, env, CREDENTIALS):
        return out
    site = site_of(tr, env)
    if site is None:
        out.status, out.why = "skipped", (f"{SITE_ENV} not set: the account's site (china: prices in CNY; intl: "
                                          "USD) — the responses state no currency")
        return out
    ep, cur = endpoint(site), SITES[site][1]
    fam_gpu = ctx["mappings"]["tencent_family_gpu"]
    table = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "tencent"}
    try:
        regs, first = _call(tr, site, "ap-guangzhou", "DescribeRegions", {}, env)
    except ApiError as e:
        raise FeedError(f"DescribeRegions: {e}")
    out.fetched, out.written = first.as_of, first.origin == "written"
    listed = [r.get("Region") for r in (regs.get("RegionSet") or []) if r.get("RegionState") == "AVAILABLE"]
    if not listed:
        raise FeedError("DescribeRegions: no available region in RegionSet (schema changed?)")
    for region in sorted(listed):
        if table.get(region) != "mainland_china":
            if region not in table:
                out.notes.append(f"tencent {region}: not in the region table: not asked")
            continue
        fams = sorted(f for f in fam_gpu if f != "HCCPNV4h")
        try:
            quota, _ = _call(tr, site, region, "DescribeZoneInstanceConfigInfos",
                             {"Filters": [{"Name": "instance-family", "Values": fams},
                                          {"Name": "instance-charge-type", "Values": ["POSTPAID_BY_HOUR"]}]}, env)
            types, probs = sold(quota, fam_gpu)
        except (ApiError, FeedError) as e:
            out.fail(f"DescribeZoneInstanceConfigInfos: {e}", region=region)
            continue
        out.problems += probs
        sid = f"tc-sdk-{region}"
        for it, (zone, spec) in sorted(types.items()):
            try:
                imgs, _ = _call(tr, site, region, "DescribeImages",
                                {"InstanceType": it, "Filters": [{"Name": "image-type", "Values": ["PUBLIC_IMAGE"]},
                                                                 {"Name": "platform", "Values": ["TencentOS"]}]}, env)
            except (ApiError, FeedError) as e:
                out.fail(f"DescribeImages: {e}", region=region, instance_type=it)
                continue
            got = image_for(imgs)
            if got is None:
                out.fail("DescribeImages: no public TencentOS image for this type", region=region, instance_type=it)
                continue
            img, img_what = got
            bid = None
            for model, mode in MODES:
                params = {"Placement": {"Zone": zone}, "ImageId": img, "InstanceType": it, **mode}
                if model == "spot":
                    if bid is None:
                        out.fail("no on-demand list price to bid at (its inquiry gave none)", region=region,
                                 instance_type=it, model=model)
                        continue
                    params["InstanceMarketOptions"] = spot_options(bid)
                try:
                    data, w = _call(tr, site, region, "InquiryPriceRunInstances", params, env)
                except ApiError as e:
                    out.fail(f"InquiryPriceRunInstances {mode['InstanceChargeType']}: {e}", region=region,
                             instance_type=it, model=model, expected=e.code in NOT_SOLD)
                    continue
                except FeedError as e:
                    out.fail(f"InquiryPriceRunInstances {mode['InstanceChargeType']}: {e}", region=region,
                             instance_type=it, model=model)
                    continue
                out.written |= w.origin == "written"
                if sid not in out.sources:
                    out.sources[sid] = source(sid, f"Tencent Cloud CVM API, {site} site ({ep}; its prices are in "
                                                   f"{cur}), tencentcloud-sdk-python: InquiryPriceRunInstances, "
                                                   f"DescribeZoneInstanceConfigInfos, {region}",
                                              f"https://{ep}/", w.as_of, w.origin, w.recorded_from)
                ip = ((data.get("Price") or {}).get("InstancePrice")) or {}
                rid = f"tencent:{region}:{it}/{model}"
                where = (f"Tencent CVM InquiryPriceRunInstances {mode['InstanceChargeType']} in {zone}, {site} site "
                         f"({cur}), image {img} ({img_what})")
                kw, ind = {}, False
                if model == "spot":
                    val = _figure(ip.get("UnitPriceDiscount"))
                    if val is None:
                        out.problems.append(problem("schema", rid, "spot inquiry without a UnitPriceDiscount figure"))
                        continue
                    kw = {"hourly_min": val, "hourly_max": val}
                    ind = True
                    note = (f"{where}: spot price UnitPriceDiscount {val} per hour (one figure, min = max), the "
                            f"configuration's total (instance + default system disk), hence indicative; bid "
                            f"MaxPrice {bid}")
                    if "UnitPrice" in ip:
                        note += f"; list UnitPrice {num(ip['UnitPrice'])}"
                    if "Discount" in ip:
                        note += f", Discount {num(ip['Discount'])}"
                else:
                    got = instance_price(data, model != "on_demand")
                    if got is None:
                        out.problems.append(problem("schema", rid, "InquiryPriceRunInstances without a list price "
                                                                   "in Price.InstancePrice"))
                        continue
                    raw, field, bare = got
                    val = _figure(raw)
                    if val is None:
                        val = num(raw)  # kept as given: the bad-price gate names it
                    ind = not bare
                    what = ("the instance alone" if bare else
                            "the configuration's total: instance + default system disk, hence indicative")
                    if model == "on_demand":
                        note = f"{where}: list {field} {val} per hour ({what})"
                        if bare and "UnitPrice" in ip:
                            note += f"; total list UnitPrice {num(ip['UnitPrice'])}"
                        if "UnitPriceDiscount" in ip:
                            note += f"; this account's UnitPriceDiscount {num(ip['UnitPriceDiscount'])}"
                        kw["hourly"] = val
                        st = steps(ip)
                        if st:
                            if any(v is None for _, v, _ in st):
                                out.problems.append(problem("schema", rid, "an on-demand step is not a figure"))
                                continue
                            note += f"; hourly steps of the total list price (UnitPrice…): {step_text(st)}"
                            kw["steps"] = [{"from_hours": h, "hourly": v} for h, v, _ in st]
                    else:
                        term = mode["InstanceChargePrepaid"]["Period"]
                        note = f"{where}: list {field} {val} for {term} month(s) prepaid ({what})"
                        if bare and "OriginalPrice" in ip:
                            note += f"; total list OriginalPrice {num(ip['OriginalPrice'])}"
                        if "DiscountPrice" in ip:
                            note += f"; this account's DiscountPrice {num(ip['DiscountPrice'])}"
                        if model == "subscription":
                            kw["monthly"] = val
                        else:
                            kw.update(term_months=12, payment="all", upfront=val, hourly="0")
                            note += "; stored as a 12-month reservation paid all upfront"
                if ind:
                    kw["indicative"] = True
                out.rows.append(row("tencent", region, it, model, cur, out.sources[sid]["id"], w.as_of, spec=spec,
                                    note=note, **kw))
                if model == "on_demand" and "UnitPrice" in ip and _figure(ip["UnitPrice"]):
                    bid = _figure(ip["UnitPrice"])
        if types:  # a region where the feed prices GPU offers: the rate of the disk they boot from
            disk_usage(out, tr, site, region, env)
    return out
