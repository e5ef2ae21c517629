"""Tencent Cloud CVM, with credentials: the official SDK (tencentcloud-sdk-python): DescribeRegions,
DescribeZoneInstanceConfigInfos (which GPU types each zone sells, and their specs), DescribeImages (a
public image the price inquiry needs) and InquiryPriceRunInstances (by the hour, prepaid 1 and 12
months, spot) for the GPU families of mappings.json in every mainland region.

Prices are the list figures of the response (OriginalInstanceTypePrice: the instance alone, before any
account discount; the discounted figures are account-specific). The response states no currency: it is
the account's site currency, so the feed asks only mainland-China regions and stores CNY (a China-site
account). A 12-month prepaid price is stored as a 12-month reservation paid all upfront.
"""

from __future__ import annotations

import json
import os

from feeds.base import FeedOutput, num, problem, row, source
from feeds.http import FeedError

FEED = "tencent-sdk"
CREDENTIALS = ("TENCENTCLOUD_SECRET_ID", "TENCENTCLOUD_SECRET_KEY")


def sdk_key(action: str, region: str, params: dict) -> str:
    return f"tencentcloud-sdk-python:cvm.{action}?region={region}&" + json.dumps(params, sort_keys=True, separators=(",", ":"))


def _call(tr, region, action, params, env):
    def call():
        from tencentcloud.common import credential  # live path only (requirements-live.txt)
        from tencentcloud.common.profile.client_profile import ClientProfile
        from tencentcloud.common.profile.http_profile import HttpProfile
        from tencentcloud.cvm.v20170312 import cvm_client, models
        cred = credential.Credential(env[CREDENTIALS[0]], env[CREDENTIALS[1]])
        client = cvm_client.CvmClient(cred, region, ClientProfile(httpProfile=HttpProfile(reqTimeout=30)))
        req = getattr(models, action + "Request")()
        req.from_json_string(json.dumps(params))
        return json.loads(getattr(client, action)(req).to_json_string())
    resp = tr.sdk(FEED, sdk_key(action, region, params), call)
    data = resp.json()
    return (data.get("Response", data) if isinstance(data, dict) else data), resp


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


def instance_price(resp: dict):
    """(value, basis) of InquiryPriceRunInstances' InstancePrice, list figure, instance alone."""
    ip = ((resp.get("Price") or {}).get("InstancePrice")) if isinstance(resp, dict) else None
    if not isinstance(ip, dict):
        return None
    for k in ("OriginalInstanceTypePrice", "UnitPrice", "OriginalPrice"):
        if k in ip:
            return ip[k], k
    return None


MODES = (
    ("on_demand", {"InstanceChargeType": "POSTPAID_BY_HOUR"}),
    ("subscription", {"InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 1, "RenewFlag": "NOTIFY_AND_MANUAL_RENEW"}}),
    ("reserved", {"InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 12, "RenewFlag": "NOTIFY_AND_MANUAL_RENEW"}}),
    ("spot", {"InstanceChargeType": "SPOTPAID", "InstanceMarketOptions": {"MarketType": "spot", "SpotOptions": {"SpotInstanceType": "one-time"}}}),
)


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "tencent")
    env = ctx.get("env", os.environ)
    if tr.live and not all(env.get(k) for k in CREDENTIALS):
        out.status, out.why = "skipped", f"no credentials ({' and '.join(CREDENTIALS)} not set)"
        return out
    if not tr.live and not tr.has_feed(FEED):
        out.status, out.why = "skipped", "no recorded responses for this credentialed feed"
        return out
    fam_gpu = ctx["mappings"]["tencent_family_gpu"]
    table = {c: v[2] for (p, c), v in ctx["regions"].items() if p == "tencent"}
    regs, first = _call(tr, "ap-guangzhou", "DescribeRegions", {}, env)
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
        quota, _ = _call(tr, region, "DescribeZoneInstanceConfigInfos",
                         {"Filters": [{"Name": "instance-family", "Values": fams},
                                      {"Name": "instance-charge-type", "Values": ["POSTPAID_BY_HOUR"]}]}, env)
        types, probs = sold(quota, fam_gpu)
        out.problems += probs
        if not types:
            continue
        imgs, _ = _call(tr, region, "DescribeImages", {"Filters": [{"Name": "image-type", "Values": ["PUBLIC_IMAGE"]},
                                                                    {"Name": "platform", "Values": ["TencentOS"]}],
                                                        "Limit": 1}, env)
        img = ((imgs.get("ImageSet") or [{}])[0]).get("ImageId")
        if not img:
            out.problems.append(problem("schema", f"{FEED}/{region}/DescribeImages", "no public image id"))
            continue
        sid = f"tc-sdk-{region}"
        for it, (zone, spec) in sorted(types.items()):
            for model, mode in MODES:
                params = {"Placement": {"Zone": zone}, "ImageId": img, "InstanceType": it, **mode}
                data, resp = _call(tr, region, "InquiryPriceRunInstances", params, env)
                out.written |= resp.origin == "written"
                if sid not in out.sources:
                    out.sources[sid] = source(sid, f"Tencent Cloud CVM API (tencentcloud-sdk-python: InquiryPriceRunInstances, "
                                                   f"DescribeZoneInstanceConfigInfos), {region}",
                                              "https://cvm.tencentcloudapi.com/", resp.as_of, resp.origin, resp.recorded_from)
                got = instance_price(data)
                if got is None:
                    out.problems.append(problem("schema", f"tencent:{region}:{it}/{model}", "InquiryPriceRunInstances without Price.InstancePrice"))
                    continue
                val, basis = got
                note = f"Tencent CVM InquiryPriceRunInstances in {zone}: {basis} (list, instance alone)"
                if model == "on_demand":
                    kw = {"hourly": val}
                elif model == "subscription":
                    kw = {"monthly": val}
                    note += ", prepaid 1 month"
                elif model == "reserved":
                    kw = {"term_months": 12, "payment": "all", "upfront": val, "hourly": "0"}
                    note += ", prepaid 12 months stored as its whole-term price"
                else:
                    ip = data["Price"]["InstancePrice"]
                    if "UnitPriceDiscount" not in ip:
                        out.problems.append(problem("schema", f"tencent:{region}:{it}/spot", "spot inquiry without UnitPriceDiscount"))
                        continue
                    val = ip["UnitPriceDiscount"]
                    kw = {"hourly_min": val, "hourly_max": val}
                    note = f"Tencent CVM InquiryPriceRunInstances in {zone}: spot UnitPriceDiscount (one price, min = max)"
                out.rows.append(row("tencent", region, it, model, "CNY", out.sources[sid]["id"], resp.as_of, spec=spec,
                                    note=note, **kw))
    return out
