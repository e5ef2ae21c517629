"""The tencent-sdk feed's live path (transport Live) through the pinned tencentcloud-sdk-python, with only
the HTTP send answered (requests' HTTPAdapter.send) from the API's documented responses:

- InquiryPriceRunInstances: the tccli examples (TencentCloud/tencentcloud-cli
  tccli/examples/cvm/v20170312/InquiryPriceRunInstances.md @57c6354c; tests/fixtures/feeds/real/
  tencent_inquirypriceruninstances_doc_examples.json, a copy of /work/shared/recorded/), verbatim:
  they carry `OriginalInstanceTypePrice`, which the SDK's ItemPrice model does not declare.
- ItemPrice field meanings and the step boundaries (0–96 h, 96–360 h, after 360 h): the SDK's model
  docstrings (cvm/v20170312/models.py) and the API reference (cloud.tencent.com/document/api/213/15726);
  currency: yuan on the China site's reference, USD on the international one's (tencentcloud-sdk-go-intl-en).
- Errors: the API's error body {"Response": {"Error": {"Code", "Message"}, "RequestId"}} with HTTP 200,
  codes from the API's list for InquiryPriceRunInstances (ResourcesSoldOut.SpecifiedInstanceType,
  UnsupportedOperation.NoInstanceTypeSupportSpot).
- Spot options: InstanceMarketOptionsRequest {MarketType: spot, SpotOptions {MaxPrice, SpotInstanceType:
  one-time}} (API reference, data structures).
- CBS InquiryPriceCreateDisks (the boot-disk rate; tested in test_usage_tencent.py): the documented
  response shape (tccli/examples/cbs/v20170312/InquiryPriceCreateDisks.md @30417c98, example 2), for the
  1000 GiB CLOUD_PREMIUM POSTPAID_BY_HOUR disk the feed asks; any other request is refused.
The SDK must not warn (a field it finds useless): recorded with catch_warnings (the SDK's own import-time
filter would swallow it under -W error::UserWarning alone).
"""

import io
import json
import tempfile
import unittest
import warnings
from pathlib import Path
from unittest import mock

import requests
from requests.adapters import HTTPAdapter
from requests.structures import CaseInsensitiveDict
from urllib3.response import HTTPResponse

# imported first: on import the SDK installs warnings.filterwarnings("ignore", module="tencentcloud",
# category=UserWarning) (common/abstract_client.py), which silences its "fileds are useless" warning and
# beats -W error::UserWarning; installed now, the "always" filter of live() below comes in front of it
import tencentcloud.common.abstract_client  # noqa: F401
import refresh
from feedtestkit import FIX, ctx
from feeds import tencent
from feeds.transport import Live, Replay

DOC = json.loads((FIX / "real" / "tencent_inquirypriceruninstances_doc_examples.json").read_text(encoding="utf-8"))
EX1 = DOC["example_1_postpaid_by_hour_S5.16XLARGE256_ap-shanghai-2"]   # POSTPAID_BY_HOUR
EX3 = DOC["example_3_prepaid_1_month_S5.16XLARGE256_ap-shanghai-2"]    # PREPAID 1 month
# tccli example 2 (same document): the hourly steps differ (0.2 → 0.12 → 0.1)
EX2 = {"Response": {"Price": {"InstancePrice": {"OriginalInstanceTypePrice": 0.15, "UnitPrice": 0.2, "UnitPriceThirdStep": 0.1,
                                                "Discount": 40, "UnitPriceDiscountThirdStep": 0.06, "UnitPriceSecondStep": 0.12,
                                                "UnitPriceDiscount": 0.08, "UnitPriceDiscountSecondStep": 0.06, "ChargeUnit": "HOUR"},
                              "BandwidthPrice": {"ChargeUnit": "GB", "UnitPrice": 0, "Discount": 65, "UnitPriceDiscount": 0}},
                    "RequestId": "3c140219-cfe9-470e-b241-907877d6fb03"}}
CREDS = {"TENCENTCLOUD_SECRET_ID": "AKIDcontract", "TENCENTCLOUD_SECRET_KEY": "contract"}


def err(code, msg):
    return {"Response": {"Error": {"Code": code, "Message": msg}, "RequestId": "6ee5a3e5-doc-error"}}


def quota(zone, it, fam):
    return {"Response": {"InstanceTypeQuotaSet": [{"Zone": zone, "InstanceType": it, "InstanceChargeType": "POSTPAID_BY_HOUR",
                                                   "NetworkCard": 0, "Externals": {}, "Cpu": 8, "Memory": 32, "InstanceFamily": fam,
                                                   "TypeName": "GPU", "LocalDiskTypeList": [], "Status": "SELL",
                                                   "Price": {"UnitPrice": 16.09, "ChargeUnit": "HOUR"}, "SoldOutReason": "",
                                                   "InstanceBandwidth": 3, "InstancePps": 60, "StorageBlockAmount": 0,
                                                   "CpuType": "Intel", "Gpu": 1, "Fpga": 0, "Remark": "", "GpuCount": 1,
                                                   "Frequency": "2.5GHz", "StatusCategory": "EnoughStock"}],
                         "RequestId": "q"}}


IMAGES = {"Response": {"TotalCount": 2, "ImageSet": [
    {"ImageId": "img-win", "OsName": "Windows Server 2022", "ImageType": "PUBLIC_IMAGE", "Architecture": "x86_64",
     "ImageState": "NORMAL", "Platform": "Windows"},
    {"ImageId": "img-pmqg1cw7", "OsName": "TencentOS Server 3.1 (TK4)", "ImageType": "PUBLIC_IMAGE", "Architecture": "x86_64",
     "ImageState": "NORMAL", "Platform": "TencentOS", "ImageSource": "OFFICIAL", "LicenseType": "TencentCloud"}],
    "RequestId": "i"}}


# CBS InquiryPriceCreateDisks example 2 (100 GiB CLOUD_PREMIUM, POSTPAID_BY_HOUR), verbatim
DISK_EX2 = {"Response": {"RequestId": "55e84d71-26f1-4b7c-8dc4-6bc26d0a2411",
                         "DiskPrice": {"DiscountPrice": None, "UnitPrice": 0.04, "UnitPriceHigh": "0.042",
                                       "OriginalPriceHigh": None, "OriginalPrice": None, "UnitPriceDiscount": 0.04,
                                       "UnitPriceDiscountHigh": "0.042", "DiscountPriceHigh": None, "ChargeUnit": "HOUR"}}}
DISK_ASKED = {"DiskChargeType": "POSTPAID_BY_HOUR", "DiskType": "CLOUD_PREMIUM", "DiskSize": 1000}


def disk_price(**fields):
    """Example 2's shape for the disk the feed asks (1000 GiB: 0.42 per hour), `fields` changed (a field
    given as ... is left out)."""
    dp = dict(DISK_EX2["Response"]["DiskPrice"], UnitPrice=0.42, UnitPriceHigh="0.42", UnitPriceDiscount=0.42,
              UnitPriceDiscountHigh="0.42")
    dp.update(fields)
    return {"Response": {"RequestId": "d", "DiskPrice": {k: v for k, v in dp.items() if v is not ...}}}


def documented(action, region, body):
    """The API, as documented: ap-shanghai sells GN7.2XLARGE32 (answers: examples 1 and 3; 12 months sold
    out; no spot), ap-beijing fails its zone query, ap-guangzhou sells GN7.8XLARGE128 (answer: example 2);
    the disk inquiry of a region is answered in its documented shape."""
    if action == "DescribeRegions":
        return {"Response": {"TotalCount": 3, "RegionSet": [{"Region": r, "RegionName": r, "RegionState": "AVAILABLE"}
                                                            for r in ("ap-beijing", "ap-guangzhou", "ap-shanghai")],
                             "RequestId": "r"}}
    if action == "DescribeZoneInstanceConfigInfos":
        if region == "ap-beijing":
            return err("InternalError", "内部错误")
        return quota("ap-shanghai-2", "GN7.2XLARGE32", "GN7") if region == "ap-shanghai" else \
            quota("ap-guangzhou-3", "GN7.8XLARGE128", "GN7")
    if action == "DescribeImages":
        return IMAGES
    if action == "InquiryPriceRunInstances":
        ct = body["InstanceChargeType"]
        if region == "ap-guangzhou":
            return EX2 if ct == "POSTPAID_BY_HOUR" else err("UnsupportedOperation.NoInstanceTypeSupportSpot", "x") \
                if ct == "SPOTPAID" else EX3
        if ct == "POSTPAID_BY_HOUR":
            return EX1
        if ct == "PREPAID":
            return EX3 if body["InstanceChargePrepaid"]["Period"] == 1 else \
                err("ResourcesSoldOut.SpecifiedInstanceType", "指定的实例类型已售罄。")
        return err("UnsupportedOperation.NoInstanceTypeSupportSpot", "该实例类型不支持竞价计费。")
    if action == "InquiryPriceCreateDisks":
        return disk_price() if body == DISK_ASKED else err("InvalidParameterValue", "参数取值错误。")
    return err("InvalidAction", action)


class Network:
    """requests' HTTPAdapter.send answered by `answer(action, region, body)`; every request is kept."""

    def __init__(self, answer=documented):
        self.answer, self.sent = answer, []

    def __enter__(self):
        net = self

        def send(adapter, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
            body = json.loads(request.body)
            action, region = request.headers["X-TC-Action"], request.headers.get("X-TC-Region")
            net.sent.append({"url": request.url, "action": action, "region": region, "body": body,
                             "signed": request.headers.get("Authorization", "").startswith("TC3-HMAC-SHA256")})
            data = json.dumps(net.answer(action, region, body), ensure_ascii=False).encode()
            resp = requests.Response()
            resp.status_code, resp.reason, resp.url, resp.request = 200, "OK", request.url, request
            resp.headers = CaseInsensitiveDict({"Content-Type": "application/json"})
            resp.raw = HTTPResponse(body=io.BytesIO(data), headers=dict(resp.headers), status=200, preload_content=False)
            resp.encoding = "utf-8"
            return resp

        self._p = mock.patch.object(HTTPAdapter, "send", send)
        self._p.start()
        return self

    def __exit__(self, *a):
        self._p.stop()


def clean(action, region, body):
    """Every call answered (one region, ap-shanghai; the 12-month and spot inquiries answered with the
    documented bodies too): only the reading of the figures is on trial."""
    if action == "DescribeRegions":
        return {"Response": {"TotalCount": 1, "RegionSet": [{"Region": "ap-shanghai", "RegionName": "华东地区(上海)",
                                                             "RegionState": "AVAILABLE"}], "RequestId": "r"}}
    if action == "InquiryPriceRunInstances":
        return EX3 if body["InstanceChargeType"] == "PREPAID" else EX1
    return documented(action, region, body)


def live(env=None, record=None, answer=documented):
    e = {**CREDS, "TENCENTCLOUD_SITE": "china", **(env or {})}
    with warnings.catch_warnings(record=True) as caught, Network(answer) as net:
        warnings.simplefilter("always")
        out = tencent.run(Live(record=record, env=e), ctx(e))
    return out, net, [str(w.message) for w in caught]


def by(out):
    return {(r["region"], r["instance_type"], r["price"]["model"]): r["price"] for r in out.rows}


class ContractTest(unittest.TestCase):
    def test_list_price_read_from_the_raw_response_with_its_basis(self):
        """Issue row 1: the SDK model dropped OriginalInstanceTypePrice and wrote absent fields as null, so
        every prepaid price became 'None' and on-demand fell back to UnitPrice under an 'instance alone'
        note. The raw response gives the list price of the instance alone, the basis stated, no warning."""
        out, _, warned = live(answer=clean)
        self.assertEqual(warned, [])
        self.assertNotIn("None", json.dumps(out.rows))
        g = by(out)
        od = g[("ap-shanghai", "GN7.2XLARGE32", "on_demand")]
        self.assertEqual((od["hourly"], od["currency"]), ("15.95", "CNY"))
        self.assertNotIn("indicative", od)
        for part in ("list OriginalInstanceTypePrice 15.95 per hour (the instance alone)", "total list UnitPrice 16.09",
                     "this account's UnitPriceDiscount 3.33", "china site (CNY)"):
            self.assertIn(part, od["note"])
        sub = g[("ap-shanghai", "GN7.2XLARGE32", "subscription")]
        self.assertEqual(sub["monthly"], "8832")
        self.assertEqual(g[("ap-shanghai", "GN7.2XLARGE32", "reserved")]["upfront"], "8832")
        for part in ("list OriginalInstanceTypePrice 8832 for 1 month(s) prepaid (the instance alone)",
                     "total list OriginalPrice 8884.5", "this account's DiscountPrice 1804.9"):
            self.assertIn(part, sub["note"])

    def test_on_demand_steps_kept_as_published(self):
        """UnitPrice / UnitPriceSecondStep / UnitPriceThirdStep: the hourly list price for 0–96 h, 96–360 h,
        after 360 h (ItemPrice): in the note and in the row's `steps` (the catalog keeps unknown price keys)."""
        out, _, _ = live()
        od = by(out)[("ap-guangzhou", "GN7.8XLARGE128", "on_demand")]
        self.assertEqual(od["hourly"], "0.15")
        self.assertEqual(od["steps"], [{"from_hours": 0, "hourly": "0.2"}, {"from_hours": 96, "hourly": "0.12"},
                                       {"from_hours": 360, "hourly": "0.1"}])
        self.assertIn("1st 0.2 for 0–96 h (this account 0.08), 2nd 0.12 for 96–360 h (this account 0.06), "
                      "3rd 0.1 after 360 h (this account 0.06)", od["note"])

    def test_a_rejected_inquiry_or_region_is_a_unit_failure(self):
        """Issue row 2: the API's error for one billing model of one type, or for one region's zone query,
        fails that unit only (an expected one when it means 'not sold that way'); the rest goes on."""
        out, _, _ = live()
        self.assertEqual(out.status, "ok")
        fails = {f["unit"]: f["expected"] for f in out.failures}
        self.assertEqual(fails, {"tencent:ap-beijing": False,
                                 "tencent:ap-shanghai/GN7.2XLARGE32/reserved": True,
                                 "tencent:ap-shanghai/GN7.2XLARGE32/spot": True,
                                 "tencent:ap-guangzhou/GN7.8XLARGE128/spot": True})
        self.assertIn("ResourcesSoldOut.SpecifiedInstanceType", next(f["why"] for f in out.failures if "reserved" in f["unit"]))
        self.assertEqual(sorted(k[2] for k in by(out) if k[0] == "ap-shanghai"), ["on_demand", "subscription"])

    def test_only_the_region_list_failing_fails_the_feed(self):
        def answer(action, region, body):
            return err("AuthFailure.SecretIdNotFound", "x") if action == "DescribeRegions" else documented(action, region, body)
        e = dict(CREDS, TENCENTCLOUD_SITE="china")
        with Network(answer):
            out = refresh.run_feed("tencent-sdk", Live(env=e), ctx(e))
        self.assertEqual(out.status, "failed")
        self.assertIn("DescribeRegions: AuthFailure.SecretIdNotFound", out.why)

    def test_requests_image_per_type_and_documented_spot_options(self):
        """Issue row 10: the image is asked for the instance type (DescribeImages InstanceType, a Linux public
        image; a Windows one is passed over); SPOTPAID carries InstanceMarketOptions with a bid."""
        _, net, _ = live()
        imgs = [s["body"] for s in net.sent if s["action"] == "DescribeImages"]
        self.assertIn("GN7.2XLARGE32", [b.get("InstanceType") for b in imgs])
        self.assertIn({"Name": "image-type", "Values": ["PUBLIC_IMAGE"]}, imgs[0]["Filters"])
        inq = [s["body"] for s in net.sent if s["action"] == "InquiryPriceRunInstances"]
        self.assertEqual({b["ImageId"] for b in inq}, {"img-pmqg1cw7"})
        [spot] = [b for b in inq if b["InstanceChargeType"] == "SPOTPAID" and b["InstanceType"] == "GN7.2XLARGE32"]
        self.assertEqual(spot["InstanceMarketOptions"],
                         {"MarketType": "spot", "SpotOptions": {"MaxPrice": "16.09", "SpotInstanceType": "one-time"}})
        self.assertTrue(all(s["signed"] for s in net.sent))
        self.assertTrue(all(s["url"].startswith("https://cvm.tencentcloudapi.com") for s in net.sent
                            if s["action"] != "InquiryPriceCreateDisks"))  # CBS: test_usage_tencent.py

    def test_currency_is_the_sites_and_a_mismatch_is_refused_by_the_gate(self):
        """Issue row 10: an international-site account (USD, its endpoint) pricing mainland regions: the rows
        carry USD and the currency gate refuses them; without a declared site the feed does not guess."""
        out, net, _ = live({"TENCENTCLOUD_SITE": "intl"})
        self.assertTrue(all(s["url"].startswith("https://cvm.intl.tencentcloudapi.com") for s in net.sent
                            if s["action"] != "InquiryPriceCreateDisks"))  # CBS: test_usage_tencent.py
        self.assertEqual({r["price"]["currency"] for r in out.rows}, {"USD"})
        kept, flags, _ = refresh.check_feed(out, None, ctx()["regions"], ctx()["mappings"])
        self.assertEqual(kept, [])
        cur = [(r, d) for g, r, d in flags if g == "currency"]
        self.assertEqual(len(cur), len(out.rows))
        self.assertIn(("tencent:ap-shanghai:GN7.2XLARGE32/on_demand", "USD; ap-shanghai bills in CNY"), cur)
        e = dict(CREDS)
        out = tencent.run(Live(env=e), ctx(e))
        self.assertEqual(out.status, "skipped")
        self.assertIn("TENCENTCLOUD_SITE not set", out.why)

    def test_recorded_live_run_replays_the_same_rows(self):
        """Live with RECORD=DIR keeps the raw bodies (errors included); the replay runs the same SDK code."""
        with tempfile.TemporaryDirectory() as d:
            first, _, _ = live(record=Path(d))
            again = tencent.run(Replay(Path(d)), ctx({}))
            self.assertEqual(again.rows, first.rows)
            self.assertEqual(again.failures, first.failures)
            man = json.loads((Path(d) / "manifest.json").read_text())
            self.assertTrue(all("site=china" in e["request"] for e in man["responses"]))


if __name__ == "__main__":
    unittest.main()
