"""The tencent-sdk feed's boot-disk rate (usage storage_per_gb_month): CBS InquiryPriceCreateDisks, one
1000 GiB CLOUD_PREMIUM pay-as-you-go disk per region that sells a GPU type, through the pinned
tencentcloud-sdk-python (its CbsClient) with only the HTTP send answered (test_contract_tencent.Network),
and on the committed recordings (tests/fixtures/feeds/tencent).

Shapes and meanings: the documented example (tccli/examples/cbs/v20170312/InquiryPriceCreateDisks.md
@30417c98, example 2: 100 GiB CLOUD_PREMIUM POSTPAID_BY_HOUR, UnitPrice 0.04, UnitPriceHigh "0.042",
ChargeUnit HOUR), the SDK's Price model (cbs/v20170312/models.py: UnitPrice = 后付费云硬盘原单价, the
list price; UnitPriceDiscount = 折扣单价, this account's; *High = the same at high precision, a string;
any may be null) and the API reference (cloud.tencent.com/document/api/362/16314: the price of the
disks asked, in total). Errors: the API's error body with HTTP 200 and the codes the API lists for
InquiryPriceCreateDisks (InvalidParameterValue, MissingParameter; tencentcloud-sdk-go cbs client.go).
"""

import json
import tempfile
from decimal import Decimal
import unittest
from pathlib import Path

import refresh
from feedtestkit import Copy, ctx, replay
from feeds import tencent
from feeds.transport import Replay
from test_contract_tencent import DISK_ASKED, DISK_EX2, by, disk_price, documented, err, live

UNIT = "usage:storage_per_gb_month"


def rates(out):
    return {u["region"]: u for u in out.usage}


def disk_failures(out):
    return {f["unit"]: f for f in out.failures if f["scope"].get("model") == UNIT}


def answering(disk):
    """The documented API, with the disk inquiry of a region answered by disk(region) (None: as documented)."""
    def answer(action, region, body):
        if action == "InquiryPriceCreateDisks" and disk(region) is not None:
            return disk(region)
        return documented(action, region, body)
    return answer


class DiskRateContractTest(unittest.TestCase):
    def test_one_inquiry_per_region_selling_gpus_read_as_the_list_price_per_gib_month(self):
        out, net, warned = live()
        self.assertEqual(warned, [])
        sent = [s for s in net.sent if s["action"] == "InquiryPriceCreateDisks"]
        # ap-beijing's zone query failed: the feed prices nothing there, so asks no disk price either
        self.assertEqual(sorted(s["region"] for s in sent), ["ap-guangzhou", "ap-shanghai"])
        for s in sent:
            self.assertEqual(s["body"], DISK_ASKED)
            self.assertTrue(s["url"].startswith("https://cbs.tencentcloudapi.com"))
            self.assertTrue(s["signed"])
        # worked by hand: UnitPriceHigh "0.42" CNY per hour for 1000 GiB → 0.42 / 1000 = 0.00042 per
        # GiB-hour × 730 h = 0.3066 CNY per GiB-month
        got = rates(out)
        self.assertEqual(sorted(got), ["ap-guangzhou", "ap-shanghai"])
        u = got["ap-shanghai"]
        self.assertEqual((u["kind"], u["currency"], u["tiers"]), ("storage_per_gb_month", "CNY", [{"up_to": None, "price": "0.3066"}]))
        for part in ("CLOUD_PREMIUM", "pay-as-you-go", "list UnitPriceHigh 0.42 per hour for a 1000 GiB disk / 1000 GiB x 730 h",
                     "this account's UnitPriceDiscountHigh 0.42", "china site (CNY)", "not a stated default"):
            self.assertIn(part, u["note"])
        src = out.sources[u["source"]]
        self.assertEqual((src["reference"], src["as_of"]), ("https://cbs.tencentcloudapi.com/", u["as_of"]))
        self.assertIn("InquiryPriceCreateDisks", src["title"])
        self.assertEqual(disk_failures(out), {})
        self.assertIsNone(refresh.bad_usage(u, out))

    def test_the_documented_example_and_the_two_decimal_fallback(self):
        """Example 2 verbatim (100 GiB): UnitPriceHigh 0.042 / 100 × 730 = 0.3066; without the high-precision
        figure (null), UnitPrice 0.04 / 100 × 730 = 0.292, and the note names the field read."""
        rate, how = tencent.disk_rate(DISK_EX2["Response"], size=100)
        self.assertEqual(rate, Decimal("0.3066"))
        self.assertIn("UnitPriceHigh 0.042", how)
        dp = dict(DISK_EX2["Response"]["DiskPrice"], UnitPriceHigh=None, UnitPriceDiscountHigh=None)
        rate, how = tencent.disk_rate({"DiskPrice": dp}, size=100)
        self.assertEqual(rate, Decimal("0.292"))
        self.assertIn("list UnitPrice 0.04", how)
        self.assertIn("this account's UnitPriceDiscount 0.04", how)

    def test_a_refused_disk_inquiry_fails_that_regions_rate_only(self):
        whole, _, _ = live()
        out, _, _ = live(answer=answering(lambda r: err("InvalidParameterValue", "参数取值错误。") if r == "ap-guangzhou" else None))
        self.assertEqual(out.status, "ok")
        self.assertEqual(sorted(rates(out)), ["ap-shanghai"])
        [f] = disk_failures(out).values()
        self.assertEqual((f["unit"], f["expected"]), ("tencent:ap-guangzhou/" + UNIT, False))
        self.assertIn("InvalidParameterValue", f["why"])
        self.assertEqual(f["scope"], {"provider": "tencent", "region": "ap-guangzhou", "model": UNIT})
        # the region's instance prices are all still there, as without the failure
        self.assertEqual({k: v for k, v in by(out).items() if k[0] == "ap-guangzhou"},
                         {k: v for k, v in by(whole).items() if k[0] == "ap-guangzhou"})
        self.assertTrue(any(k[0] == "ap-guangzhou" for k in by(out)))
        self.assertNotIn("tc-sdk-disk-ap-guangzhou", out.sources)
        # the refresh keeps the region's last accepted rate (the failure's scope), not a guess
        prior = {"usage": whole.usage}
        keep, _, kept = refresh.check_usage(out, prior, ctx()["regions"])
        self.assertEqual([u["region"] for u in kept], ["ap-guangzhou"])
        self.assertEqual(len(keep), 2)

    def test_an_unusable_figure_is_a_failure_never_a_rate(self):
        cases = {
            "zero": disk_price(UnitPrice=0, UnitPriceHigh="0"),
            "missing": disk_price(UnitPrice=..., UnitPriceHigh=...),
            "null": disk_price(UnitPrice=None, UnitPriceHigh=None),
            "not a number": disk_price(UnitPriceHigh="NaN"),
            "negative": disk_price(UnitPriceHigh="-0.42"),
            "per GB": disk_price(ChargeUnit="GB"),
            "no DiskPrice": {"Response": {"RequestId": "d"}},
        }
        for what, body in cases.items():
            with self.subTest(what):
                out, _, _ = live(answer=answering(lambda r, b=body: b if r == "ap-shanghai" else None))
                self.assertEqual(sorted(rates(out)), ["ap-guangzhou"])
                self.assertEqual(list(disk_failures(out)), ["tencent:ap-shanghai/" + UNIT])
                self.assertNotIn("None", json.dumps(out.usage))
                self.assertTrue(any(k[0] == "ap-shanghai" for k in by(out)))

    def test_an_intl_account_asks_the_intl_endpoint_and_its_usd_rate_is_refused_for_a_mainland_region(self):
        out, net, _ = live({"TENCENTCLOUD_SITE": "intl"})
        sent = [s for s in net.sent if s["action"] == "InquiryPriceCreateDisks"]
        self.assertTrue(sent)
        self.assertTrue(all(s["url"].startswith("https://cbs.intl.tencentcloudapi.com") for s in sent))
        self.assertEqual({u["currency"] for u in out.usage}, {"USD"})
        keep, flags, _ = refresh.check_usage(out, None, ctx()["regions"])
        self.assertEqual(keep, [])
        self.assertIn(("currency", "tencent:ap-shanghai/usage:storage_per_gb_month", "USD; ap-shanghai bills in CNY"), flags)

    def test_recorded_live_run_replays_the_same_rate(self):
        with tempfile.TemporaryDirectory() as d:
            first, _, _ = live(record=Path(d))
            again = tencent.run(Replay(Path(d)), ctx({}))
            self.assertEqual(again.usage, first.usage)
            man = json.loads((Path(d) / "manifest.json").read_text())
            keys = [e["request"] for e in man["responses"] if "InquiryPriceCreateDisks" in e["request"]]
            self.assertEqual(len(keys), 2)
            self.assertTrue(all(k.startswith("tencentcloud-sdk-python:cbs.InquiryPriceCreateDisks?site=china&") for k in keys))


class DiskRateReplayTest(unittest.TestCase):
    def test_the_committed_recording_gives_the_rate_from_a_written_fixture(self):
        out = tencent.run(replay(), ctx())
        [u] = out.usage
        self.assertEqual((u["region"], u["currency"], u["tiers"][0]["price"], u["as_of"]), ("ap-guangzhou", "CNY", "0.3066", "2026-11-30"))
        self.assertEqual(u["source"], "fixture-tc-sdk-disk-ap-guangzhou")
        self.assertIn("WRITTEN TEST FIXTURE", out.sources["tc-sdk-disk-ap-guangzhou"]["title"])
        self.assertTrue(out.written)
        self.assertEqual(disk_failures(out), {})

    def test_a_recorded_error_fails_the_rate_and_keeps_the_prices(self):
        whole = tencent.run(replay(), ctx())
        c = Copy()
        try:
            c.put("tencent/InquiryPriceCreateDisks_ap-guangzhou.json", err("MissingParameter", "缺少参数错误。"))
            out = tencent.run(Replay(c.rec), ctx())
        finally:
            c.close()
        self.assertEqual(out.usage, [])
        self.assertEqual(list(disk_failures(out)), ["tencent:ap-guangzhou/" + UNIT])
        self.assertEqual(out.rows, whole.rows)


if __name__ == "__main__":
    unittest.main()
