"""Contract of the alibaba-sdk feed: its live path through the pinned SDK (alibabacloud-ecs20140526 7.11.8 over
alibabacloud-tea-openapi 0.4.6 / darabonba-core), with only the HTTP send answered (feeds/wire.py) from the
API reference's documented responses, including fields the SDK's models do not declare.

Documents used (the bodies, verbatim, in tests/fixtures/feeds/alibaba/contract/ and tests/fixtures/feeds/real/):
- DescribePrice (AlibabaCloudDocs/ecs intl.en-US/API Reference/Others/DescribePrice.md @3ccfde14): the example
  without DetailInfos (OriginalPrice 4368, TradePrice 3712.8); its error table (HTTP 400
  InvalidInstanceType.ValueNotSupported "The specified InstanceType does not exist or beyond the permitted range.",
  PriceNotFound, 403 InstanceType.Offline).
- PriceInfo with DetailInfos (the 2025 DescribeInstanceModificationPrice example, same PriceInfo shape).
- DescribeInstanceTypes.md @6532e0dc: "InstanceTypes.N ... Valid values of N: 1 to 10"; its JSON example.
- DescribeSpotPriceHistory.md @443d56d4: Offset ("the start row"), NextOffset ("the start row of the next page.
  It is the value of the Offset parameter"); its JSON example; and the help centre's example with NextOffset 1000.
- DescribeAvailableResource.md @1d295a32: its JSON example; error 404 Unavailable.Regions.
- DescribeSpotAdvice.md @80413a32: "InstanceTypes.N ... Valid values of N: 1 to 10"; its JSON example (string
  values, the ZoneId in a zone element of its own); and the help centre's current example (numbers, 2025-02-24
  revision): InterruptionRate "the average release rate of spot instances in the previous 30 days. Unit: %",
  InterruptRateDesc one of 0-3%, 3-5%, 5-10%, 10-100%, AverageSpotDiscount the average spot price as a percentage
  of the pay-as-you-go price (1 to 100); errors 403 OperationDenied.RegionIdNotSupported / FlavorNotSupported.
- DescribePrice of a disk alone (help centre api-ecs-2014-05-26-describeprice, "Last Updated: Feb 17, 2025";
  the same in the SDK's DescribePriceRequest): "When ResourceType is set to disk, you must specify both
  DataDisk.1.Category and DataDisk.1.Size ... only pay-as-you-go prices of cloud disks are returned. In this
  scenario, PriceUnit can be set only to Hour"; DataDisk.N.PerformanceLevel PL0..PL3 (PL1 default), PL1 size 20 to
  32768 GiB; the answer is the PriceInfo.Price of the 2021 example (Currency, OriginalPrice, DiscountPrice,
  TradePrice); its error table (400 Throttling "Request was denied due to request throttling.", 400
  InvalidDataDiskCategory.ValueNotSupported, 500 InternalError).
- The error body of the RPC API: {"RequestId", "HostId", "Code", "Message"} (the ECS API reference's error
  response examples), with the HTTP status; the SDK raises its own ClientException from it.
"""

import json
import shutil
import tempfile
import unittest
import warnings
from decimal import Decimal
from pathlib import Path
from unittest import mock
from urllib.parse import parse_qs, urlsplit

import requests

from feedtestkit import FIX, ctx
from feeds import alibaba
from feeds.base import num
from feeds.http import FeedError
from feeds.transport import Replay

DOCS = FIX / "alibaba" / "contract"
REAL = FIX / "real"
A, B = "ecs.gn7i-c8g1.2xlarge", "ecs.gn6i-c4g1.xlarge"
OTHERS = ["ecs.gn7i-c16g1.4xlarge", "ecs.gn7i-c32g1.8xlarge", "ecs.gn7i-c32g1.16xlarge", "ecs.gn7i-c48g1.12xlarge",
          "ecs.gn7i-c56g1.14xlarge", "ecs.gn7i-2x.8xlarge", "ecs.gn7i-4x.8xlarge", "ecs.gn6i-c8g1.2xlarge",
          "ecs.gn6v-c8g1.2xlarge"]
TYPES = sorted([A, B] + OTHERS)  # 11: two DescribeInstanceTypes requests (10 + 1)


def query(r) -> dict:
    """The query parameters of a sent request (first value each)."""
    return {k: v[0] for k, v in parse_qs(urlsplit(r.url).query).items()}


def error(code, message):
    """The RPC API's documented error body."""
    return {"RequestId": "C38E0D94-C18B-44F3-8C05-6E35BE334087", "HostId": "ecs.aliyuncs.com", "Code": code,
            "Message": message}


def price(orig, trade, disk=None):
    """A DescribePrice body in the documented shape (DetailInfos) with a field no SDK model declares."""
    detail = [{"Resource": "instanceType", "OriginalPrice": orig, "DiscountPrice": round(orig - trade, 2),
               "TradePrice": trade, "NotInTheModel": "x"}]
    if disk is not None:
        detail.append({"Resource": "systemDisk", "OriginalPrice": disk, "DiscountPrice": 0, "TradePrice": disk})
    return {"RequestId": "W-P", "NotInTheModel": {"a": 1},
            "PriceInfo": {"Price": {"Currency": "CNY", "OriginalPrice": orig + (disk or 0), "DiscountPrice": 0,
                                    "TradePrice": trade + (disk or 0), "DetailInfos": {"DetailInfo": detail},
                                    "NotInTheModel": 1},
                          "Rules": {"Rule": []}}}


def disk_price(orig, trade, currency="CNY"):
    """A DescribePrice body for ResourceType=disk in the documented shape (the 2021 example's PriceInfo.Price,
    no DetailInfos), with a field no SDK model declares."""
    p = {"Currency": currency, "OriginalPrice": orig, "DiscountPrice": round(orig - trade, 4), "TradePrice": trade}
    return {"RequestId": "W-D", "NotInTheModel": 1, "PriceInfo": {"Price": p, "Rules": {"Rule": []}}}


def disk_key(region):
    """The manifest key parameters of the storage rate's request: the flat names the SDK sends."""
    return {"RegionId": region, "ResourceType": "disk", "PriceUnit": "Hour", "DataDisk.1.Category": "cloud_essd",
            "DataDisk.1.PerformanceLevel": "PL1", "DataDisk.1.Size": 100}


def spot(points, nxt=None):
    b = {"RequestId": "W-S", "Currency": "CNY", "SpotPrices": {"SpotPriceType": [
        {"ZoneId": z, "InstanceType": B, "NetworkType": "vpc", "IoOptimized": "optimized", "SpotPrice": p,
         "OriginPrice": 5.0, "Timestamp": "2026-11-29T00:00:00Z", "NotInTheModel": 1} for z, p in points]}}
    if nxt is not None:
        b["NextOffset"] = nxt
    return b


class Recording:
    """A recorded folder made by the test: (request key, body, status, kind, source) per exchange."""

    def __init__(self):
        self._d = tempfile.TemporaryDirectory(prefix="gpucost-alicontract-")
        self.root = Path(self._d.name)
        self.entries = []

    def add(self, action, params, body, status=200, real=None):
        n = len(self.entries) + 1
        f = f"{n:03d}.json"
        if isinstance(body, Path):
            shutil.copy(body, self.root / f)
        else:
            (self.root / f).write_text(json.dumps(body), encoding="utf-8")
        self.entries.append({"feed": alibaba.FEED_SDK, "request": alibaba.sdk_key(action, params), "file": f,
                             "status": status, "kind": "real" if real else "written", "recorded": "2026-11-30",
                             "source": real or "written for the contract test in the documented shape",
                             "content_type": "application/json;charset=utf-8"})

    def replay(self) -> Replay:
        (self.root / "manifest.json").write_text(json.dumps({"recorded": "2026-11-30", "responses": self.entries}))
        return Replay(self.root)

    def close(self):
        self._d.cleanup()


def documented_recording() -> Recording:
    rec = Recording()
    rec.add("DescribeRegions", {"AcceptLanguage": "en-US"}, {"RequestId": "W-R", "NotInTheModel": 1, "Regions": {"Region": [
        {"RegionId": r, "LocalName": r, "RegionEndpoint": f"ecs.{r}.aliyuncs.com", "Status": "available"}
        for r in ("cn-hangzhou", "cn-shanghai", "cn-beijing")]}})
    avail = lambda r: {"RegionId": r, "DestinationResource": "InstanceType", "InstanceChargeType": "PostPaid"}
    rec.add("DescribeAvailableResource", avail("cn-hangzhou"), DOCS / "doc_DescribeAvailableResource_example.json",
            real="DescribeAvailableResource.md example")
    rec.add("DescribeAvailableResource", avail("cn-beijing"),
            error("Unavailable.Regions", "The available regions does not exists"), status=404)
    rec.add("DescribeAvailableResource", avail("cn-shanghai"), {"RequestId": "W-A", "AvailableZones": {"AvailableZone": [{
        "RegionId": "cn-shanghai", "ZoneId": "cn-shanghai-l", "Status": "Available", "StatusCategory": "WithStock",
        "AvailableResources": {"AvailableResource": [{"Type": "InstanceType", "SupportedResources": {"SupportedResource": [
            {"Value": t, "Status": "Available", "StatusCategory": "WithStock"} for t in TYPES] + [
            {"Value": "ecs.gn7e-c16g1.4xlarge", "Status": "SoldOut", "StatusCategory": "WithoutStock"}]}}]}}]}})
    rec.add("DescribeInstanceTypes", {"InstanceTypes": TYPES[:10]}, DOCS / "doc_DescribeInstanceTypes_example.json",
            real="DescribeInstanceTypes.md example")
    rec.add("DescribeInstanceTypes", {"InstanceTypes": TYPES[10:]}, {"RequestId": "W-T", "InstanceTypes": {"InstanceType": [
        {"InstanceTypeId": TYPES[10], "CpuCoreCount": 8, "MemorySize": 31.0, "GPUAmount": 1, "GPUSpec": "NVIDIA T4",
         "NotInTheModel": True}]}})
    # DescribeSpotAdvice, 10 types per request: B's two zones (a number and the older reference's strings) and
    # an entry of a type not asked (ignored, though its rate lies outside its range); A's request fails
    adv = lambda batch: {"RegionId": "cn-shanghai", "InstanceTypes": batch}
    res = lambda it, rate, desc, disc: {"InterruptRateDesc": desc, "AverageSpotDiscount": disc, "InstanceType": it,
                                        "InterruptionRate": rate}
    rec.add("DescribeSpotAdvice", adv(TYPES[:10]), {"RegionId": "cn-shanghai", "RequestId": "W-SA", "AvailableSpotZones": {
        "AvailableSpotZone": [
            {"ZoneId": "cn-shanghai-l", "AvailableSpotResources": {"AvailableSpotResource": [
                res(B, 2.4, "0-3%", 25), res("ecs.c5.large", 0.03, "3-5%", 20)]}},
            {"ZoneId": "cn-shanghai-m", "AvailableSpotResources": {"AvailableSpotResource": [
                dict(res(B, "4.1", "3-5%", "30"), NotInTheModel=1)]}}]}})
    rec.add("DescribeSpotAdvice", adv(TYPES[10:]), error("InternalError",
            "The request processing has failed due to some unknown error."), status=500)
    for it in TYPES:
        p = lambda unit: {"RegionId": "cn-shanghai", "ResourceType": "instance", "InstanceType": it, "PriceUnit": unit, "Period": 1}
        s = lambda off=None: dict({"RegionId": "cn-shanghai", "NetworkType": "vpc", "InstanceType": it, "OSType": "linux",
                                   "StartTime": "-7d"}, **({"Offset": off} if off else {}))
        if it == A:
            rec.add("DescribePrice", p("Hour"), REAL / "alibaba_priceinfo_doc_example_2025_DescribeInstanceModificationPrice.json",
                    real="PriceInfo example with DetailInfos")
            rec.add("DescribePrice", p("Month"), error("InvalidInstanceType.ValueNotSupported",
                    "The specified InstanceType does not exist or beyond the permitted range."), status=400)
            rec.add("DescribePrice", p("Year"), REAL / "alibaba_describeprice_doc_example_2021.json",
                    real="DescribePrice.md example")
            rec.add("DescribeSpotPriceHistory", s(), DOCS / "doc_DescribeSpotPriceHistory_NextOffset_example.json",
                    real="help centre example with NextOffset")
            rec.add("DescribeSpotPriceHistory", s(1000), DOCS / "doc_DescribeSpotPriceHistory_example.json",
                    real="DescribeSpotPriceHistory.md example")
            continue
        for unit, (o, t) in (("Hour", (5.0, 5.0)), ("Month", (2400.0, 2400.0)), ("Year", (24480.0, 20808.0))):
            rec.add("DescribePrice", p(unit), price(o, t, disk=0.3))
        if it == B:  # the second page names the same offset again: paging stops there
            rec.add("DescribeSpotPriceHistory", s(), spot([("cn-shanghai-l", 1.1), ("cn-shanghai-l", 1.3)], nxt=5))
            rec.add("DescribeSpotPriceHistory", s(5), spot([("cn-shanghai-m", 1.6)], nxt=5))
        else:
            rec.add("DescribeSpotPriceHistory", s(), spot([]))
    # the storage rate: list 0.21 CNY/h for 100 GiB, a promotion's TradePrice 0.168 (kept in the note only)
    rec.add("DescribePrice", disk_key("cn-shanghai"), disk_price(0.21, 0.168))
    return rec


FLAVOR = (403, "OperationDenied.FlavorNotSupported", "The specified flavor does not support spot.")
SERVER = (500, "InternalError", "The request processing has failed due to some unknown error.")


def advice_recording(types, batch_error, alone) -> Recording:
    """cn-shanghai selling `types`, each priced and with a spot price. Every DescribeSpotAdvice batch of 10
    fails with `batch_error` (status, code, message); a type asked alone answers alone[type]: its rate (%,
    one zone, 0-3%) or an error (status, code, message); a type not in `alone` has no such request recorded."""
    rec = Recording()
    rec.add("DescribeRegions", {"AcceptLanguage": "en-US"}, {"RequestId": "W-R", "Regions": {"Region": [
        {"RegionId": "cn-shanghai", "LocalName": "cn-shanghai", "RegionEndpoint": "ecs.cn-shanghai.aliyuncs.com"}]}})
    rec.add("DescribeAvailableResource", {"RegionId": "cn-shanghai", "DestinationResource": "InstanceType",
                                          "InstanceChargeType": "PostPaid"}, {"RequestId": "W-A", "AvailableZones": {
        "AvailableZone": [{"RegionId": "cn-shanghai", "ZoneId": "cn-shanghai-l", "Status": "Available",
                           "AvailableResources": {"AvailableResource": [{"Type": "InstanceType", "SupportedResources": {
                               "SupportedResource": [{"Value": t, "Status": "Available"} for t in types]}}]}}]}})
    adv = lambda batch: {"RegionId": "cn-shanghai", "InstanceTypes": batch}
    for i in range(0, len(types), alibaba.TYPES_PER_CALL):
        batch = types[i:i + alibaba.TYPES_PER_CALL]
        rec.add("DescribeInstanceTypes", {"InstanceTypes": batch},
                {"RequestId": "W-T", "InstanceTypes": {"InstanceType": []}})
        status, code, message = batch_error
        rec.add("DescribeSpotAdvice", adv(batch), error(code, message), status=status)
    for it, got in alone.items():
        if isinstance(got, tuple):
            rec.add("DescribeSpotAdvice", adv([it]), error(*got[1:]), status=got[0])
        else:
            res = {"InstanceType": it, "InterruptionRate": got, "InterruptRateDesc": "0-3%", "AverageSpotDiscount": 20}
            zone = {"ZoneId": "cn-shanghai-l", "AvailableSpotResources": {"AvailableSpotResource": [res]}}
            body = {"RegionId": "cn-shanghai", "RequestId": "W-SA", "AvailableSpotZones": {"AvailableSpotZone": [zone]}}
            rec.add("DescribeSpotAdvice", adv([it]), body)
    for it in types:
        for unit in ("Hour", "Month", "Year"):
            rec.add("DescribePrice", {"RegionId": "cn-shanghai", "ResourceType": "instance", "InstanceType": it,
                                      "PriceUnit": unit, "Period": 1}, price(5.0, 5.0))
        rec.add("DescribeSpotPriceHistory", {"RegionId": "cn-shanghai", "NetworkType": "vpc", "InstanceType": it,
                                             "OSType": "linux", "StartTime": "-7d"}, spot([("cn-shanghai-l", 1.1)]))
    rec.add("DescribePrice", disk_key("cn-shanghai"), disk_price(0.21, 0.21))
    return rec


def disk_recording(disks: dict) -> Recording:
    """cn-shanghai and cn-beijing, each selling B (priced, with a spot price and its advice); each region's disk
    request answers disks[region]: a body (status 200) or (status, code, message), the documented error body."""
    rec = Recording()
    rec.add("DescribeRegions", {"AcceptLanguage": "en-US"}, {"RequestId": "W-R", "Regions": {"Region": [
        {"RegionId": r, "LocalName": r, "RegionEndpoint": f"ecs.{r}.aliyuncs.com"} for r in disks]}})
    for region, got in disks.items():
        rec.add("DescribeAvailableResource", {"RegionId": region, "DestinationResource": "InstanceType",
                                              "InstanceChargeType": "PostPaid"}, {"RequestId": "W-A", "AvailableZones": {
            "AvailableZone": [{"RegionId": region, "ZoneId": region + "-l", "Status": "Available",
                               "AvailableResources": {"AvailableResource": [{"Type": "InstanceType", "SupportedResources": {
                                   "SupportedResource": [{"Value": B, "Status": "Available"}]}}]}}]}})
        rec.add("DescribeInstanceTypes", {"InstanceTypes": [B]}, {"RequestId": "W-T", "InstanceTypes": {"InstanceType": []}})
        rec.add("DescribeSpotAdvice", {"RegionId": region, "InstanceTypes": [B]}, {"RegionId": region, "RequestId": "W-SA",
                "AvailableSpotZones": {"AvailableSpotZone": [{"ZoneId": region + "-l", "AvailableSpotResources": {
                    "AvailableSpotResource": [{"InstanceType": B, "InterruptionRate": 1, "InterruptRateDesc": "0-3%",
                                               "AverageSpotDiscount": 20}]}}]}})
        for unit in ("Hour", "Month", "Year"):
            rec.add("DescribePrice", {"RegionId": region, "ResourceType": "instance", "InstanceType": B,
                                      "PriceUnit": unit, "Period": 1}, price(5.0, 5.0))
        rec.add("DescribeSpotPriceHistory", {"RegionId": region, "NetworkType": "vpc", "InstanceType": B,
                                             "OSType": "linux", "StartTime": "-7d"}, spot([(region + "-l", 1.1)]))
        if isinstance(got, tuple):
            rec.add("DescribePrice", disk_key(region), error(*got[1:]), status=got[0])
        else:
            rec.add("DescribePrice", disk_key(region), got)
    return rec


def by(rows):
    return {(r["region"], r["instance_type"], r["price"]["model"]): r for r in rows}


class AlibabaContract(unittest.TestCase):
    def on_the_wire(self, fn):
        """(fn(), the requests the SDK sent): every send captured, no SDK warning."""
        sent = []
        send = requests.Session.send

        def capture(session, request, **kw):
            sent.append(request)
            return send(session, request, **kw)

        with warnings.catch_warnings(record=True) as warned, mock.patch.object(requests.Session, "send", capture):
            warnings.simplefilter("always")
            got = fn()
        self.assertEqual([w for w in warned if issubclass(w.category, UserWarning)], [])
        return got, sent

    def run_feed(self, rec):
        return self.on_the_wire(lambda: alibaba.run_sdk(rec.replay(), ctx()))

    def test_documented_responses_through_the_sdk(self):
        rec = documented_recording()
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(out.status, "ok")
        q = query
        # every request was built and signed by the SDK (placeholder key on replay) and sent over HTTPS
        self.assertTrue(sent)
        for r in sent:
            self.assertTrue(r.url.startswith("https://ecs."), r.url)
            self.assertIn("Credential=replay", r.headers["Authorization"])
        # DescribeInstanceTypes: the list sent indexed, InstanceTypes.1..10, within the documented N ≤ 10
        it = [q(r) for r in sent if r.headers.get("x-acs-action") == "DescribeInstanceTypes"]
        self.assertEqual([sorted(k for k in x if k.startswith("InstanceTypes")) for x in it],
                         [sorted(f"InstanceTypes.{i}" for i in range(1, 11)), ["InstanceTypes.1"]])
        self.assertEqual([x["InstanceTypes.1"] for x in it], [TYPES[0], TYPES[10]])
        # DescribeSpotAdvice: the same batches, InstanceTypes.1..10 then .1, in the region asked
        sa = [q(r) for r in sent if r.headers.get("x-acs-action") == "DescribeSpotAdvice"]
        self.assertEqual([sorted(k for k in x if k.startswith("InstanceTypes")) for x in sa],
                         [sorted(f"InstanceTypes.{i}" for i in range(1, 11)), ["InstanceTypes.1"]])
        self.assertEqual([[x[f"InstanceTypes.{i}"] for i in range(1, 11) if f"InstanceTypes.{i}" in x] for x in sa],
                         [TYPES[:10], TYPES[10:]])
        self.assertEqual({x["RegionId"] for x in sa}, {"cn-shanghai"})
        # spot paging: Offset = the previous page's NextOffset; stops at no NextOffset and at a repeated one
        sp = [q(r) for r in sent if r.headers.get("x-acs-action") == "DescribeSpotPriceHistory"]
        self.assertEqual([x.get("Offset") for x in sp if x["InstanceType"] == A], [None, "1000"])
        self.assertEqual([x.get("Offset") for x in sp if x["InstanceType"] == B], [None, "5"])
        self.assertRegex(sp[0]["StartTime"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        got = by(out.rows)
        # list price basis: the instance type's OriginalPrice; TradePrice only in the note
        od = got[("cn-shanghai", A, "on_demand")]["price"]
        self.assertEqual(od["hourly"], "4368")
        self.assertIn("promotion: TradePrice 3712.8", od["note"])
        yr = got[("cn-shanghai", A, "reserved")]["price"]
        self.assertEqual((yr["upfront"], yr.get("indicative")), ("4368", True))  # no DetailInfos: the whole price
        self.assertIn("system disk", yr["note"])
        self.assertIn("promotion: TradePrice 3712.8", yr["note"])
        b = got[("cn-shanghai", B, "reserved")]["price"]
        self.assertEqual((b["upfront"], b.get("indicative")), ("24480", None))  # not 24480.3 with the disk
        self.assertIn("promotion: TradePrice 20808", b["note"])
        # spot: both pages read (per-zone medians of the documented points)
        s = got[("cn-shanghai", A, "spot")]["price"]
        self.assertEqual((s["hourly_min"], s["hourly_max"], s["currency"]), ("0.006", "0.036", "CNY"))
        s = got[("cn-shanghai", B, "spot")]["price"]
        self.assertEqual((s["hourly_min"], s["hourly_max"]), ("1.2", "1.6"))
        # B's interruption rate: the highest zone's (a number and a string read alike), every zone in the note
        self.assertEqual(s["interruption_monthly_pct"], "4.1")
        self.assertIn("interruption rate 4.1 % a month (DescribeSpotAdvice: average release rate over the previous 30 "
                      "days, highest of 2 zone(s): cn-shanghai-l 2.4 % (0-3%), cn-shanghai-m 4.1 % (3-5%); average spot "
                      "price 25–30 % of pay-as-you-go)", s["note"])
        # A's advice request failed: its spot price goes out unchanged, without a rate (none carried over)
        a = got[("cn-shanghai", A, "spot")]["price"]
        self.assertEqual((a["hourly_min"], a["hourly_max"]), ("0.006", "0.036"))
        self.assertNotIn("interruption_monthly_pct", a)
        self.assertNotIn("interruption rate", a["note"])
        self.assertEqual(out.problems, [])  # the entry of a type not asked is not read
        self.assertFalse([n for n in out.notes if "DescribeSpotAdvice" in n])  # the others have no spot row
        self.assertEqual(got[("cn-shanghai", TYPES[10], "on_demand")]["spec"], {"vcpu": "8", "ram_gib": "31", "gpu_count": 1})
        # errors per unit: the refused Month price, the failing region, the spot markets without prices
        fails = {f["unit"]: f for f in out.failures}
        m = fails[f"alibaba:cn-shanghai/{A}/subscription"]
        self.assertTrue(m["expected"])
        self.assertIn("InvalidInstanceType.ValueNotSupported", m["why"])
        self.assertNotIn(("cn-shanghai", A, "subscription"), got)
        r = fails["alibaba:cn-beijing"]
        self.assertEqual((r["expected"], r["scope"]), (False, {"provider": "alibaba", "region": "cn-beijing"}))
        self.assertIn("Unavailable.Regions", r["why"])
        self.assertTrue(all(fails[f"alibaba:cn-shanghai/{t}/spot"]["expected"] for t in OTHERS))
        f = fails[f"alibaba:cn-shanghai/{A}/spot"]  # A's advice: a server error is not an expected answer
        self.assertEqual((f["expected"], f["scope"]), (False, {"provider": "alibaba", "region": "cn-shanghai",
                                                               "instance_type": A, "model": "spot"}))
        self.assertRegex(f["why"], r"^DescribeSpotAdvice: InternalError \(HTTP 500\): .*: the spot price goes out "
                                   "without a published interruption rate$")
        self.assertEqual(len(out.failures), 3 + len(OTHERS))
        self.assertFalse({r["region"] for r in out.rows} - {"cn-shanghai"})  # cn-hangzhou sells no GPU type

    def test_documented_spot_advice_through_the_sdk(self):
        """Both documented DescribeSpotAdvice bodies through the SDK's model: the older reference's (string
        values, the ZoneId in a zone element of its own) and the current one (numbers): rate 0 in 0-3%, the
        average spot price 20 % of pay-as-you-go."""
        params = {"RegionId": "cn-hangzhou", "InstanceTypes": ["ecs.c5.large"]}
        for doc, zone in (("doc_DescribeSpotAdvice_example.json", "zone not stated"),
                          ("doc_DescribeSpotAdvice_example_2026.json", "cn-hangzhou-i")):
            with self.subTest(doc):
                rec = Recording()
                self.addCleanup(rec.close)
                rec.add("DescribeSpotAdvice", params, DOCS / doc, real=f"DescribeSpotAdvice documented example ({doc})")
                (body, w), sent = self.on_the_wire(
                    lambda: alibaba._call(rec.replay(), "cn-hangzhou", "DescribeSpotAdvice", params, {}))
                [r] = sent
                self.assertTrue(r.url.startswith("https://ecs.cn-hangzhou.aliyuncs.com"), r.url)
                self.assertIn("Credential=replay", r.headers["Authorization"])
                self.assertEqual(r.headers.get("x-acs-action"), "DescribeSpotAdvice")
                q = query(r)
                self.assertEqual((q.get("InstanceTypes.1"), q.get("RegionId")), ("ecs.c5.large", "cn-hangzhou"))
                self.assertNotIn("InstanceTypes.2", q)
                self.assertEqual(w.origin, "real")
                by_type, problems = alibaba.parse_spot_advice([body], ["ecs.c5.large"], "cn-hangzhou")
                self.assertEqual(problems, [])
                a = by_type["ecs.c5.large"]
                self.assertEqual((a["rate"], a["zones"], a["discount"]), (0, [(zone, 0, "0-3%")], (20, 20)))
                self.assertEqual(alibaba.advice_note(a), f"interruption rate 0 % a month (DescribeSpotAdvice: average "
                                 f"release rate over the previous 30 days, highest of 1 zone(s): {zone} 0 % (0-3%); "
                                 "average spot price 20 % of pay-as-you-go)")

    def advice_sent(self, sent) -> list[list[str]]:
        """The instance types of each DescribeSpotAdvice request sent, in order."""
        sa = [query(r) for r in sent if r.headers.get("x-acs-action") == "DescribeSpotAdvice"]
        self.assertEqual({x["RegionId"] for x in sa}, {"cn-shanghai"})
        return [[x[f"InstanceTypes.{i}"] for i in range(1, 11) if f"InstanceTypes.{i}" in x] for x in sa]

    def test_a_refused_advice_batch_is_split_and_costs_only_the_refused_type(self):
        """FlavorNotSupported for one type refuses the whole batch of 10: each type is asked alone (10 more
        requests); the 9 answered keep their rate, only the refused type's spot unit fails (expected), and its
        spot price still goes out without a rate."""
        types, bad = TYPES[:10], TYPES[3]
        rec = advice_recording(types, FLAVOR, {t: FLAVOR if t == bad else 1 + n / 10 for n, t in enumerate(types)})
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(self.advice_sent(sent), [types] + [[t] for t in types])
        spots = {r["instance_type"]: r["price"] for r in out.rows if r["price"]["model"] == "spot"}
        self.assertEqual(set(spots), set(types))  # every spot price goes out, the refused type's too
        self.assertEqual({t: p.get("interruption_monthly_pct") for t, p in spots.items()},
                         {t: None if t == bad else num(Decimal(1) + Decimal(n) / 10) for n, t in enumerate(types)})
        self.assertNotIn("interruption rate", spots[bad]["note"])
        [f] = out.failures
        self.assertEqual((f["unit"], f["expected"]), (f"alibaba:cn-shanghai/{bad}/spot", True))
        self.assertRegex(f["why"], r"^DescribeSpotAdvice: OperationDenied.FlavorNotSupported \(HTTP 403\): .* \(asked "
                                   r"alone after its batch of 10 types failed\): the spot price goes out without")
        [n] = [n for n in out.notes if "split" in n]
        self.assertIn(f"alibaba cn-shanghai: DescribeSpotAdvice of 10 types ({', '.join(types)}) failed "
                      "(OperationDenied.FlavorNotSupported (HTTP 403): ", n)
        self.assertTrue(n.endswith(f"the batch was split, each type asked alone (10 requests): 9 answered, 1 failed "
                                   f"({bad})"), n)
        self.assertEqual(out.problems, [])

    def test_a_region_the_api_does_not_serve_is_not_split(self):
        """RegionIdNotSupported refuses every type of the region alike: one request, every type failed as
        expected, no split."""
        types = TYPES[:10]
        region = (403, "OperationDenied.RegionIdNotSupported", "The specified region is not supported")
        rec = advice_recording(types, region, {})
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(len(self.advice_sent(sent)), 1)
        self.assertEqual({f["unit"]: f["expected"] for f in out.failures},
                         {f"alibaba:cn-shanghai/{t}/spot": True for t in types})
        self.assertEqual([n for n in out.notes if "split" in n], [])

    def test_a_split_batch_whose_every_type_fails_fails_them_all_in_1_plus_10_requests(self):
        """Each type's own error classifies its unit: FlavorNotSupported expected, a server error not."""
        types = TYPES[:10]
        rec = advice_recording(types, SERVER, {t: FLAVOR if n % 2 else SERVER for n, t in enumerate(types)})
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(len(self.advice_sent(sent)), 1 + len(types))
        self.assertEqual({f["unit"]: f["expected"] for f in out.failures},
                         {f"alibaba:cn-shanghai/{t}/spot": bool(n % 2) for n, t in enumerate(types)})
        spots = [r["price"] for r in out.rows if r["price"]["model"] == "spot"]
        self.assertEqual((len(spots), [p for p in spots if "interruption_monthly_pct" in p]), (10, []))
        [n] = [n for n in out.notes if "split" in n]
        self.assertIn("failed (InternalError (HTTP 500): ", n)
        self.assertTrue(n.endswith(f"0 answered, 10 failed ({', '.join(types)})"), n)

    def test_a_failed_request_of_one_type_is_not_asked_again(self):
        """11 types: the batch of 10 fails and is split (its types asked alone once each, a failing one too);
        the batch of 1 fails and is not asked again: 1 + 10 + 1 requests."""
        types, bad = TYPES, TYPES[0]
        rec = advice_recording(types, FLAVOR, {t: SERVER if t == bad else 2 for t in types[:10]})
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(self.advice_sent(sent), [types[:10]] + [[t] for t in types[:10]] + [types[10:]])
        self.assertEqual({f["unit"]: f["expected"] for f in out.failures},
                         {f"alibaba:cn-shanghai/{bad}/spot": False, f"alibaba:cn-shanghai/{types[10]}/spot": True})
        last = next(f for f in out.failures if types[10] in f["unit"])
        self.assertNotIn("asked alone", last["why"])  # a batch of one: its own failure, not a split
        self.assertEqual(len([n for n in out.notes if "split" in n]), 1)
        self.assertEqual(sum("interruption_monthly_pct" in r["price"] for r in out.rows), 9)

    def test_only_describe_regions_failing_fails_the_feed(self):
        rec = Recording()
        self.addCleanup(rec.close)
        rec.add("DescribeRegions", {"AcceptLanguage": "en-US"}, error("Unauthorized.EmptyRegion",
                "The specified account has no access authority to any region."), status=403)
        with self.assertRaises(FeedError) as cm:
            self.run_feed(rec)
        self.assertIn("Unauthorized.EmptyRegion", str(cm.exception))

    # ------------------------------------------------------------ storage rate (usage storage_per_gb_month)

    def disk_sent(self, sent) -> list[dict]:
        return [query(r) for r in sent if r.headers.get("x-acs-action") == "DescribePrice"
                and query(r).get("ResourceType") == "disk"]

    def test_storage_rate_through_the_sdk(self):
        """cn-shanghai sells GPU types: one DescribePrice of the disk alone, as documented (ResourceType=disk,
        DataDisk.1.*, PriceUnit=Hour), gives its storage rate. cn-hangzhou (no GPU type) and cn-beijing (its region
        request failed) are not asked. By hand: 0.21 CNY/h for 100 GiB = 0.0021 CNY/GiB-h; x 730 h = 1.533 CNY per
        GiB-month (the list price, as instances; the promotion's TradePrice 0.168 would give 1.2264)."""
        rec = documented_recording()
        self.addCleanup(rec.close)
        out, sent = self.run_feed(rec)
        self.assertEqual(self.disk_sent(sent), [{
            "RegionId": "cn-shanghai", "ResourceType": "disk", "PriceUnit": "Hour", "DataDisk.1.Category": "cloud_essd",
            "DataDisk.1.PerformanceLevel": "PL1", "DataDisk.1.Size": "100"}])
        [u] = out.usage
        self.assertEqual({k: u[k] for k in ("provider", "region", "kind", "currency", "tiers", "as_of")},
                         {"provider": "alibaba", "region": "cn-shanghai", "kind": "storage_per_gb_month", "currency": "CNY",
                          "tiers": [{"up_to": None, "price": "1.533"}], "as_of": "2026-11-30"})
        self.assertEqual(u["note"], "ESSD PL1 (cloud_essd) disk priced alone (DescribePrice ResourceType=disk), taken as "
                                    "the system disk's rate: pay-as-you-go list price 0.21 CNY/h for 100 GiB = 0.0021 "
                                    "CNY/GiB-h x 730 h; promotion: TradePrice 0.168 CNY/h.")
        # its own source record (a written answer: a fixture- id), cited by the id the refresh keys sources by
        src = out.sources["ali-sdk-disk-cn-shanghai"]
        self.assertEqual((u["source"], src["id"], src["as_of"]), ("fixture-ali-sdk-disk-cn-shanghai",) * 2 + ("2026-11-30",))
        self.assertIn("DescribePrice disk (cloud_essd PL1 100 GiB, Hour)", src["title"])
        self.assertFalse([f for f in out.failures if "usage" in f["unit"]])

    def test_a_failed_disk_request_costs_that_regions_storage_rate_only(self):
        """cn-beijing's disk request refused (documented error bodies): no storage rate there, one failure of its
        usage unit (not expected: a throttle, a refused category or a server error does not mean "not sold"), its
        instance prices all still out; cn-shanghai's rate unaffected."""
        for status, code, message in ((400, "Throttling", "Request was denied due to request throttling."),
                                      (400, "InvalidDataDiskCategory.ValueNotSupported",
                                       'The specified parameter "DataDisk.n.Category" is not valid.'),
                                      SERVER):
            with self.subTest(code):
                rec = disk_recording({"cn-shanghai": disk_price(0.21, 0.21), "cn-beijing": (status, code, message)})
                self.addCleanup(rec.close)
                out, sent = self.run_feed(rec)
                self.assertEqual(out.status, "ok")
                self.assertEqual(len(self.disk_sent(sent)), 2)  # one request per region, not retried
                self.assertEqual([(u["region"], u["tiers"][0]["price"]) for u in out.usage], [("cn-shanghai", "1.533")])
                [f] = out.failures
                self.assertEqual((f["unit"], f["scope"], f["expected"]), (
                    "alibaba:cn-beijing/usage:storage_per_gb_month",
                    {"provider": "alibaba", "region": "cn-beijing", "model": "usage:storage_per_gb_month"}, False))
                self.assertTrue(f["why"].startswith(f"DescribePrice disk (cloud_essd PL1 100 GiB, Hour): {code} "
                                                    f"(HTTP {status})"), f["why"])
                models = lambda r: sorted(x["price"]["model"] for x in out.rows if x["region"] == r)
                self.assertEqual(models("cn-beijing"), ["on_demand", "reserved", "spot", "subscription"])
                self.assertEqual(models("cn-shanghai"), models("cn-beijing"))
                self.assertNotIn("ali-sdk-disk-cn-beijing", out.sources)
                self.assertIn("ali-sdk-disk-cn-shanghai", out.sources)

    def test_an_unusable_disk_price_is_a_failure_never_a_rate(self):
        """An answer through the SDK's model without a positive, finite OriginalPrice, or without a Currency, gives
        no rate (nothing guessed or defaulted): the region's usage unit fails, its prices stay."""
        good = disk_price(0.21, 0.21)
        price_with = lambda **kw: dict(good, PriceInfo={"Price": dict(good["PriceInfo"]["Price"], **kw), "Rules": {"Rule": []}})
        no_orig = {k: v for k, v in good["PriceInfo"]["Price"].items() if k != "OriginalPrice"}
        no_cur = {k: v for k, v in good["PriceInfo"]["Price"].items() if k != "Currency"}
        cases = {"zero": (price_with(OriginalPrice=0, TradePrice=0), "OriginalPrice 0"),
                 "negative": (price_with(OriginalPrice=-0.21), "OriginalPrice -0.21"),
                 "not a number": (price_with(OriginalPrice="NaN"), "OriginalPrice 'NaN'"),
                 "text": (price_with(OriginalPrice="n/a"), "OriginalPrice 'n/a'"),
                 "missing": ({"RequestId": "W-D", "PriceInfo": {"Price": no_orig}}, "OriginalPrice None"),
                 "no currency": ({"RequestId": "W-D", "PriceInfo": {"Price": no_cur}}, "no Currency"),
                 "no price": ({"RequestId": "W-D"}, "no PriceInfo.Price")}
        for what, (body, why) in cases.items():
            with self.subTest(what):
                rec = disk_recording({"cn-shanghai": body})
                self.addCleanup(rec.close)
                out, _ = self.run_feed(rec)
                self.assertEqual(out.usage, [])
                [f] = out.failures
                self.assertEqual((f["unit"], f["expected"]), ("alibaba:cn-shanghai/usage:storage_per_gb_month", False))
                self.assertIn(why, f["why"])
                self.assertEqual(len(out.rows), 4)
                self.assertNotIn("ali-sdk-disk-cn-shanghai", out.sources)


if __name__ == "__main__":
    unittest.main()
