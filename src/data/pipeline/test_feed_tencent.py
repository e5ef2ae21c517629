"""The tencent feed on the committed recordings (tests/fixtures/feeds/tencent: the API's raw bodies, replayed
under tencentcloud-sdk-python at the wire), including their broken forms. Error bodies and codes: the
API's error shape {"Response": {"Error": {"Code", "Message"}, "RequestId"}} and the codes it lists for
InquiryPriceRunInstances (cloud.tencent.com/document/api/213/15726)."""

import json
import unittest

import refresh
from feedtestkit import FIX, Copy, ctx, replay
from feeds import tencent
from feeds.http import FeedError
from feeds.transport import Replay

REAL = FIX / "real"


def by(rows):
    return {(r["region"], r["instance_type"], r["price"]["model"], r["price"].get("term_months"), r["price"].get("payment")): r["price"] for r in rows}


def err(code):
    return {"Response": {"Error": {"Code": code, "Message": "documented error"}, "RequestId": "e"}}


class TencentTest(unittest.TestCase):
    def test_documented_examples(self):
        ex = json.loads((REAL / "tencent_inquirypriceruninstances_doc_examples.json").read_text())
        self.assertEqual(tencent.instance_price(ex["example_1_postpaid_by_hour_S5.16XLARGE256_ap-shanghai-2"]["Response"], False),
                         (15.95, "OriginalInstanceTypePrice", True))
        self.assertEqual(tencent.instance_price(ex["example_3_prepaid_1_month_S5.16XLARGE256_ap-shanghai-2"]["Response"], True)[0], 8832)
        # without the instance-alone figure: the configuration's documented list total, not bare
        self.assertEqual(tencent.instance_price({"Price": {"InstancePrice": {"OriginalPrice": 8884.5, "DiscountPrice": 1804.9}}}, True),
                         (8884.5, "OriginalPrice", False))

    def test_sdk_replay_every_billing_mode(self):
        out = tencent.run(replay(), ctx())
        got = by(out.rows)
        g = lambda *k: got[("ap-guangzhou", "GN7.2XLARGE32") + k]
        self.assertEqual(g("on_demand", None, None)["hourly"], "8.2")  # OriginalInstanceTypePrice, not UnitPrice 8.33
        self.assertEqual(g("on_demand", None, None)["steps"][2], {"from_hours": 360, "hourly": "8.33"})
        self.assertEqual(g("subscription", None, None)["monthly"], "2390")
        self.assertEqual(g("reserved", 12, "all")["upfront"], "24378")
        self.assertEqual(g("spot", None, None)["hourly_max"], "1.67")
        self.assertTrue(g("spot", None, None)["indicative"])  # the configuration's total, disk included
        self.assertEqual({r["region"] for r in out.rows}, {"ap-guangzhou"})  # ap-singapore: not mainland, not asked
        self.assertEqual({r["price"]["currency"] for r in out.rows}, {"CNY"})
        self.assertNotIn("None", json.dumps(out.rows))
        self.assertEqual(out.problems, [])

    def test_a_rejected_inquiry_fails_that_billing_model_only(self):
        out = tencent.run(replay(), ctx())
        self.assertEqual(out.status, "ok")
        self.assertEqual({(f["unit"], f["expected"]) for f in out.failures},
                         {("tencent:ap-guangzhou/PNV4.7XLARGE116/reserved", True),
                          ("tencent:ap-guangzhou/PNV4.7XLARGE116/spot", True)})
        self.assertIn("UnsupportedOperation.NoInstanceTypeSupportSpot", out.failures[1]["why"])
        self.assertEqual(sorted(k[2] for k in by(out.rows) if k[1] == "PNV4.7XLARGE116"), ["on_demand", "subscription"])

    def test_an_error_that_does_not_mean_not_sold_is_not_expected(self):
        c = Copy()
        try:
            c.put("tencent/InquiryPriceRunInstances_PNV4.7XLARGE116_spot.json", err("InternalError.TradeUnknownError"))
            out = tencent.run(Replay(c.rec), ctx())
        finally:
            c.close()
        [f] = [f for f in out.failures if f["unit"].endswith("/spot")]
        self.assertFalse(f["expected"])
        self.assertEqual(len(out.rows), 6)

    def test_an_error_body_under_a_charset_content_type_is_still_an_error(self):
        """The SDK raises on an error body only under Content-Type exactly application/json (or text/plain)."""
        c = Copy()
        try:
            c.edit(lambda e: e.update(content_type="application/json; charset=utf-8") if "PNV4.7XLARGE116_spot" in e["file"] else None)
            out = tencent.run(Replay(c.rec), ctx())
        finally:
            c.close()
        self.assertIn(("tencent:ap-guangzhou/PNV4.7XLARGE116/spot", True), {(f["unit"], f["expected"]) for f in out.failures})
        self.assertEqual(out.problems, [])

    def test_a_body_that_is_not_the_apis_json_fails_its_unit_only(self):
        c = Copy()
        try:
            c.put("tencent/InquiryPriceRunInstances_GN7.2XLARGE32_subscription.json", "<html>502 Bad Gateway</html>")
            out = tencent.run(Replay(c.rec), ctx())
        finally:
            c.close()
        self.assertIn(("tencent:ap-guangzhou/GN7.2XLARGE32/subscription", False), {(f["unit"], f["expected"]) for f in out.failures})
        self.assertEqual(len(out.rows), 5)

    def test_a_failed_zone_query_fails_its_region_and_only_the_region_list_fails_the_feed(self):
        c = Copy()
        try:
            c.put("tencent/DescribeZoneInstanceConfigInfos_ap-guangzhou.json", err("InternalError"))
            out = tencent.run(Replay(c.rec), ctx())
            self.assertEqual([(f["unit"], f["expected"]) for f in out.failures], [("tencent:ap-guangzhou", False)])
            self.assertEqual(out.rows, [])
            c.put("tencent/DescribeRegions.json", err("AuthFailure.SignatureFailure"))
            with self.assertRaisesRegex(FeedError, "DescribeRegions: AuthFailure.SignatureFailure"):
                tencent.run(Replay(c.rec), ctx())
            self.assertEqual(refresh.run_feed("tencent-sdk", Replay(c.rec), ctx()).status, "failed")
        finally:
            c.close()

    def test_the_site_comes_from_the_recording_never_assumed(self):
        with self.assertRaisesRegex(FeedError, "site"):
            tencent.run(replay(), ctx({"TENCENTCLOUD_SITE": "intl"}))  # the recording is a China-site account's
        self.assertEqual(tencent.run(replay(), ctx({"TENCENTCLOUD_SITE": "china"})).status, "ok")
        with self.assertRaisesRegex(FeedError, "china .* or intl"):
            tencent.run(replay(), ctx({"TENCENTCLOUD_SITE": "cn"}))


if __name__ == "__main__":
    unittest.main()
