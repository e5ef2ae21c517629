"""The refresh's rules that no single feed owns, end to end on copies of the recorded set (a corrupted
copy either trips a gate with the state byte-identical, or is published correctly) and on the merge's
own functions: one failed request keeps the last rows in its scope, prices per billing model are
counted, a first-seen price is checked against its siblings, NaN never becomes a traceback, a spot
minimum is never stored as the maximum."""

import copy
import json
import unittest
from decimal import Decimal

import refresh
from feeds.base import FeedOutput, row, row_id
from feedtestkit import Copy

CSV = "aws/ec2_ap-northeast-1.csv"
ND = "azure/nd96isr_h100_v5_page1.json"
EU = "aws/ec2_eu-central-1.json"


class Corrupted(unittest.TestCase):
    def setUp(self):
        self.c = Copy()
        rc, out, err = self.c.run()
        self.assertEqual(rc, 0, out[-2000:] + err)
        self.before = self.c.state()

    def tearDown(self):
        self.c.close()

    def refused(self, gate, row_part):
        rc, out, err = self.c.run()
        self.assertEqual(rc, 3, out[-3000:] + err)
        lines = [l for l in err.splitlines() if l.startswith(f"refused: {gate}: ")]
        self.assertTrue(any(row_part in l for l in lines), err[-3000:])
        self.assertEqual(self.c.state(), self.before)
        self.assertNotIn("Traceback", out + err)
        return out

    def test_every_reservation_of_a_region_gone_is_gated_though_its_types_remain(self):
        # before: fewer-offers counted instance types, and p5.48xlarge still had its on-demand row
        p = self.c.rec / CSV
        p.write_text("".join(l for l in p.read_text().splitlines(keepends=True) if '"Reserved"' not in l))
        self.refused("fewer-offers", "aws-ec2/aws:ap-northeast-1/reserved")

    def test_a_page_repeating_the_one_before_loses_a_billing_model_and_is_gated(self):
        # page 2 of the ND H100 query (spot and reservations) replaced by page 1 again, without its link
        p1 = self.c.json(ND)
        p2 = dict(p1, NextPageLink=None)
        self.c.put("azure/nd96isr_h100_v5_page2.json", p2)
        rc, out, err = self.c.run()
        # either refused (a billing model gone) or the query is a failed request whose rows are kept
        self.assertIn(rc, (0, 3), out[-2000:] + err)
        self.assertEqual(self.c.state()["catalog.json"], self.before["catalog.json"])
        if rc == 0:
            self.assertIn("repeats page 1", out)

    def test_a_new_region_ten_times_off_its_siblings_is_gated(self):
        # eu-central-1 is a region the catalog had no price for: the move gate cannot see it (a fresh OUT)
        c = Copy()
        try:
            f = c.rec / EU
            f.write_text(f.read_text().replace('"USD": "24.0000000000"', '"USD": "240.0000000000"'))
            rc, out, err = c.run()
            self.assertEqual(rc, 3, out[-2000:] + err)
            self.assertIn("refused: first-seen: aws:eu-central-1:p4d.24xlarge/on_demand", err)
            self.assertIn("× the median", out)
            self.assertFalse((c.out / "catalog.json").exists())
        finally:
            c.close()

    def test_nan_infinity_and_negative_literals_trip_bad_price_without_a_traceback(self):
        for lit in ("NaN", "Infinity", "-Infinity", "-1.5", '"12,5"', "null", "true"):
            with self.subTest(lit):
                t = (self.c.rec / ND).read_text()
                import re
                t2 = re.sub(r'"retailPrice": 96\.5', f'"retailPrice": {lit}', t, count=1)
                self.assertNotEqual(t, t2)
                (self.c.rec / ND).write_text(t2)
                self.refused("bad-price", "azure:eastus:Standard_ND96isr_H100_v5/on_demand")
                (self.c.rec / ND).write_text(t)

    def test_nan_in_a_parsed_feed_output_trips_bad_price(self):
        d = self.c.root / "parsed"
        d.mkdir()
        rc = refresh.main(["feed", "azure-retail", "--from", str(self.c.rec), "--parsed", str(d)])
        self.assertEqual(rc, 0)
        f = d / "azure-retail.json"
        f.write_text(f.read_text().replace('"hourly":"96.5"', '"hourly":NaN').replace('"hourly": "96.5"', '"hourly": NaN'))
        self.assertIn("NaN", f.read_text())
        import io
        from contextlib import redirect_stderr, redirect_stdout
        o, e = io.StringIO(), io.StringIO()
        with redirect_stdout(o), redirect_stderr(e):
            rc = refresh.main(["--parsed", str(d), "--feeds", "azure-retail", "--out", str(self.c.out)])
        self.assertEqual(rc, 3, o.getvalue()[-2000:] + e.getvalue())
        self.assertIn("refused: bad-price: azure:eastus:Standard_ND96isr_H100_v5/on_demand", e.getvalue())
        self.assertEqual(self.c.state(), self.before)


class SpotBand(unittest.TestCase):
    """The Spot Advisor band of a spot price ("interruption_band") through the refresh: the merge into the
    catalog (also where the spot history's price wins), the history when it changes, the parsed outputs,
    the rows kept for a failed request, and the gate on a value the engine does not know."""

    def test_the_band_reaches_the_catalog_and_a_changed_band_sends_the_old_price_to_history(self):
        c = Copy()
        self.addCleanup(c.close)
        rc, out, err = c.run()
        self.assertEqual(rc, 0, out[-2000:] + err)
        acc = json.loads((c.out / "accepted.json").read_text())
        [sp] = [r["price"] for r in acc["feeds"]["aws-spot"]["rows"] if r["instance_type"] == "p4d.24xlarge"]
        self.assertEqual(sp["interruption_band"], "10-15")
        # the history's range wins the offer's spot price (RANK) and takes the file's band over
        [hs] = [r["price"] for r in acc["feeds"]["aws-spot-history"]["rows"] if r["instance_type"] == "p4d.24xlarge"]
        self.assertNotIn("interruption_band", hs)  # the state itself is not changed by the merge
        cat = json.loads((c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == "aws:us-east-1:p4d.24xlarge"]
        [p] = [p for p in o["prices"] if p["model"] == "spot"]
        self.assertEqual((p["source"], p["hourly_min"], p["hourly_max"], p["interruption_band"]),
                         ("fixture-aws-spot-hist-us-east-1", "16.2", "17", "10-15"))
        self.assertTrue(p["note"].endswith("; interruption_band 10-15 from fixture-aws-spot-file of 2026-11-30"))
        # the advisor moves p4d to "<5%": the price changes, the old one (band 10-15) goes to the history
        adv = c.json("aws/spot-advisor-data.json")
        adv["spot_advisor"]["us-east-1"]["Linux"]["p4d.24xlarge"]["r"] = 0
        c.put("aws/spot-advisor-data.json", adv)
        rc, out, err = c.run()
        self.assertEqual(rc, 0, out[-2000:] + err)
        cat = json.loads((c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == "aws:us-east-1:p4d.24xlarge"]
        self.assertEqual([p["interruption_band"] for p in o["prices"] if p["model"] == "spot"], ["lt5"])
        self.assertEqual([p["interruption_band"] for p in o["price_history"] if p.get("source") == "fixture-aws-spot-hist-us-east-1"],
                         ["10-15"])
        hist = json.loads((c.out / "history.json").read_text())
        self.assertTrue(any(e.get("offer") == "aws:us-east-1:p4d.24xlarge" and e.get("changed")
                            and e["price"].get("interruption_band") == "10-15" for e in hist))
        # make feed / merge of parsed outputs: the band travels in the feed's JSON
        d = c.root / "parsed"
        self.assertEqual(refresh.main(["feed", "aws-spot", "--from", str(c.rec), "--parsed", str(d)]), 0)
        parsed = FeedOutput.from_json(json.loads((d / "aws-spot.json").read_text()))
        self.assertEqual({(r["region"], r["instance_type"]): r["price"].get("interruption_band") for r in parsed.rows},
                         {("us-east-1", "p4d.24xlarge"): "lt5", ("us-east-1", "p5.48xlarge"): "gt20", ("ap-northeast-1", "p5.48xlarge"): None})

    def test_rows_kept_for_a_failed_request_keep_their_band_and_an_unknown_band_is_left_out(self):
        old = row("aws", "eu-west-1", "p4d.24xlarge", "spot", "USD", "aws-spot-file", "2026-10-01", hourly_min="9",
                  hourly_max="12", interruption_band="5-10")
        out = FeedOutput("aws-spot", "aws")
        out.fail("timeout", region="eu-west-1")
        out.rows = [row("aws", "us-east-1", "p4d.24xlarge", "spot", "USD", "s", "2026-12-01", hourly_min="9",
                        hourly_max="12", interruption_band="<5%"),
                    row("aws", "us-east-2", "p4d.24xlarge", "on_demand", "USD", "s", "2026-12-01", hourly="30",
                        interruption_band="lt5")]
        rows, flags, kept = refresh.check_feed(out, {"rows": [old]}, {}, Merge.MAP)
        self.assertEqual([r["price"]["interruption_band"] for r in kept], ["5-10"])
        self.assertEqual([r for r in rows if r not in kept], [])
        self.assertEqual(sorted((g, r) for g, r, _ in flags if g == "schema"),
                         [("schema", "aws:us-east-1:p4d.24xlarge/spot"), ("schema", "aws:us-east-2:p4d.24xlarge/on_demand")])


class SpotRate(unittest.TestCase):
    """A spot price's published monthly interruption rate ("interruption_monthly_pct", Alibaba's
    DescribeSpotAdvice): the gate publishes a decimal string in 0–99.99 on a spot price without a band and
    refuses any other (a schema flag, the row left out)."""

    def test_the_gate_takes_a_rate_on_spot_only_within_bounds_and_never_with_a_band(self):
        spot = lambda region, **kw: row("aws", region, "p4d.24xlarge", "spot", "USD", "s", "2026-12-01", hourly_min="9",
                                        hourly_max="12", **kw)
        out = FeedOutput("aws-spot", "aws")
        out.rows = [spot("us-east-1", interruption_monthly_pct="4.1"),
                    spot("us-west-2", interruption_monthly_pct="0"),
                    spot("eu-west-1", interruption_monthly_pct="99.99"),
                    row("aws", "us-east-2", "p4d.24xlarge", "on_demand", "USD", "s", "2026-12-01", hourly="30",
                        interruption_monthly_pct="4.1"),
                    spot("eu-central-1", interruption_monthly_pct="100"),
                    spot("eu-north-1", interruption_monthly_pct="-1"),
                    spot("ap-northeast-1", interruption_monthly_pct="4.1", interruption_band="lt5"),
                    spot("ap-south-1", interruption_monthly_pct="NaN"),
                    dict(spot("ap-southeast-1"), price=dict(spot("x")["price"], interruption_monthly_pct=4.1))]
        rows, flags, kept = refresh.check_feed(out, None, {}, Merge.MAP)
        self.assertEqual([(r["region"], r["price"]["interruption_monthly_pct"]) for r in rows],
                         [("us-east-1", "4.1"), ("us-west-2", "0"), ("eu-west-1", "99.99")])
        got = {r: why for g, r, why in flags if g == "schema"}
        self.assertEqual(sorted(got), sorted(f"aws:{r}/{m}" for r, m in (
            ("us-east-2:p4d.24xlarge", "on_demand"), ("eu-central-1:p4d.24xlarge", "spot"),
            ("eu-north-1:p4d.24xlarge", "spot"), ("ap-northeast-1:p4d.24xlarge", "spot"),
            ("ap-south-1:p4d.24xlarge", "spot"), ("ap-southeast-1:p4d.24xlarge", "spot"))))
        self.assertEqual(got["aws:us-east-2:p4d.24xlarge/on_demand"], "interruption_monthly_pct on a on_demand price")
        self.assertEqual(got["aws:eu-central-1:p4d.24xlarge/spot"], "interruption_monthly_pct 100 lies outside 0–99.99 %")
        self.assertEqual(got["aws:eu-north-1:p4d.24xlarge/spot"], "interruption_monthly_pct -1 lies outside 0–99.99 %")
        self.assertEqual(got["aws:ap-northeast-1:p4d.24xlarge/spot"],
                         "interruption_monthly_pct together with an interruption_band")
        self.assertIn("is not a decimal string", got["aws:ap-southeast-1:p4d.24xlarge/spot"])  # a JSON number
        self.assertIsNone(refresh.bad_rate(spot("x", interruption_monthly_pct="4.1")["price"]))
        self.assertIsNone(refresh.bad_rate(spot("x")["price"]))

    def test_steps_that_cannot_be_billed_are_dropped_and_the_price_kept(self):
        """A Tencent on-demand row's steps follow the engine's rules (validate.rs); steps that break them are
        dropped with a note, and the price, billed at every hour at its first step, is kept."""
        def od(region, hourly="11.98", **kw):
            return row("tencent", region, "GN10Xp.2XLARGE40", "on_demand", "CNY", "s", "2026-12-01",
                       hourly=hourly, **kw)

        def st(*pairs):
            return [{"from_hours": h, "hourly": v} for h, v in pairs]
        good = st((0, "12.38"), (96, "6.39"), (360, "4.47"))
        out = FeedOutput("tencent-sdk", "tencent")
        out.rows = [od("ap-guangzhou", steps=good),
                    od("ap-shanghai", steps=st((0, "12.38"), (360, "6.39"), (96, "4.47"))),
                    od("ap-beijing", steps=st((0, "12.38"), (96, "4.47"), (360, "6.39"))),
                    od("ap-chengdu", steps=st((0, "11"), (96, "6.39"))),
                    od("ap-nanjing", steps=st((0, "30"), (96, "10"))),
                    od("ap-chongqing", steps=st((0, "12.38"))),
                    od("ap-hongkong", steps=st((1, "12.38"), (96, "6.39"))),
                    od("ap-shenzhen-fsi", steps=st((0, 12.38), (96, "6.39"))),
                    od("ap-xian", steps=st((0, "12.38"), (8785, "6.39"))),
                    row("tencent", "ap-tianjin", "GN10Xp.2XLARGE40", "subscription", "CNY", "s", "2026-12-01",
                        monthly="5750", steps=good)]
        rows, flags, _ = refresh.check_feed(out, None, {}, Merge.MAP)
        self.assertEqual([f for f in flags if f[0] != "no-gpu-rows"], [])  # (the test map has no Tencent GPU)
        self.assertEqual({r["region"]: r["price"].get("steps") for r in rows},
                         {"ap-guangzhou": good, **{r: None for r in (
                             "ap-shanghai", "ap-beijing", "ap-chengdu", "ap-nanjing", "ap-chongqing", "ap-hongkong",
                             "ap-shenzhen-fsi", "ap-xian", "ap-tianjin")}})
        why = {n.split(":")[1]: n for n in out.notes}
        self.assertIn("hours [0, 360, 96] do not ascend", why["ap-shanghai"])
        self.assertIn("a step above the one before it", why["ap-beijing"])
        self.assertIn("below the price 11.98", why["ap-chengdu"])
        self.assertIn("leaves the instance nothing to pay", why["ap-nanjing"])
        self.assertIn("not two or three steps", why["ap-chongqing"])
        self.assertIn("not 0", why["ap-hongkong"])
        self.assertIn("is not an hour and a positive decimal string", why["ap-shenzhen-fsi"])
        self.assertIn("steps on a subscription price", why["ap-tianjin"])
        self.assertIn("after a year of use (8785 h > 8784 h)", why["ap-xian"])
        self.assertTrue(all("the steps are dropped" in n for n in out.notes), out.notes)
        self.assertIsNone(refresh.bad_steps(od("x")["price"]))

    def test_the_rate_reaches_the_catalog_on_the_spot_price_only(self):
        c = Copy()
        self.addCleanup(c.close)
        rc, out, err = c.run()
        self.assertEqual(rc, 0, out[-2000:] + err)
        cat = json.loads((c.out / "catalog.json").read_text())
        rated = [(o["id"], p["model"], p["interruption_monthly_pct"]) for o in cat["offers"] for p in o["prices"]
                 if "interruption_monthly_pct" in p]
        self.assertEqual(rated, [("alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge", "spot", "3.6")])
        [p] = [p for o in cat["offers"] if o["id"] == rated[0][0] for p in o["prices"] if p["model"] == "spot"]
        self.assertEqual(list(p).index("interruption_monthly_pct"), list(p).index("note") - 1)  # PRICE_KEYS order
        self.assertNotIn("interruption_band", p)


def _row(region, it, model="on_demand", as_of="2026-01-01", **kw):
    kw = kw or {"hourly": "10"}
    return row("aws", region, it, model, "USD", "src-old", as_of, **kw)


def run_as_feed(fn) -> FeedOutput:
    """refresh.run_feed on `fn` standing in for a feed's module."""
    saved = refresh.FEEDS["aws-spot"]
    refresh.FEEDS["aws-spot"] = (fn, ())
    try:
        return refresh.run_feed("aws-spot", None, {})
    finally:
        refresh.FEEDS["aws-spot"] = saved


class Merge(unittest.TestCase):
    MAP = {"aws_family_gpu": [["p4d", "p4d", "a100-40-sxm"]], "azure_sku": {}, "azure_alias": {},
           "alibaba_family_gpu": {}, "tencent_family_gpu": {}}

    def test_a_failed_request_keeps_the_last_rows_in_its_scope_with_their_dates(self):
        prior = {"rows": [_row("us-east-1", "p4d.24xlarge"), _row("eu-west-1", "p4d.24xlarge"),
                          _row("eu-west-1", "p4d.24xlarge", "reserved", term_months=12, payment="all", upfront="50000",
                               hourly="0")]}
        out = FeedOutput("aws-ec2", "aws")
        out.rows = [_row("us-east-1", "p4d.24xlarge", as_of="2026-12-01", hourly="9")]
        out.fail("HTTP 500 after retries", region="eu-west-1", model="reserved")
        rows, flags, kept = refresh.check_feed(out, prior, {}, self.MAP)
        self.assertEqual([row_id(r) for r in kept], ["aws:eu-west-1:p4d.24xlarge/reserved/12/all"])
        self.assertEqual(kept[0]["price"]["as_of"], "2026-01-01")
        # eu-west-1's on-demand was not in the failed scope: its loss is gated, never silently carried
        self.assertIn(("fewer-offers", "aws-ec2/aws:eu-west-1/on_demand", "billing model gone, 1 last time"), flags)
        out.fail("timeout", region="eu-west-1")
        rows, flags, kept = refresh.check_feed(out, prior, {}, self.MAP)
        self.assertEqual(len(kept), 2)
        self.assertEqual([f for f in flags if f[0] == "fewer-offers"], [])

    def test_a_feed_with_no_row_and_failed_requests_fails_as_a_whole(self):
        def fn(tr, ctx):
            o = FeedOutput("aws-spot", "aws")
            o.fail("boom", region="us-east-1")
            return o
        out = run_as_feed(fn)
        self.assertEqual(out.status, "failed")
        self.assertIn("all 1 request(s) failed", out.why)

    def test_an_sdk_error_class_fails_the_feed_in_one_line(self):
        class SDKError(Exception):
            pass

        def fn(tr, ctx):
            raise SDKError("ClientNetworkError: boom")
        out = run_as_feed(fn)
        self.assertEqual((out.status, out.why), ("failed", "SDKError: ClientNetworkError: boom"))

    def test_a_nan_reaching_decimal_arithmetic_in_a_parser_fails_the_feed_in_one_line(self):
        from decimal import Decimal

        def fn(tr, ctx):  # what a parser's median over a NaN SpotPrice did: InvalidOperation, a traceback
            sorted([Decimal("NaN"), Decimal(1)])
        out = run_as_feed(fn)
        self.assertEqual(out.status, "failed")
        self.assertIn("InvalidOperation", out.why)

    def test_a_spot_minimum_takes_its_maximum_from_history_or_is_not_carried(self):
        r = row("aws", "us-east-1", "p4d.24xlarge", "spot", "USD", "aws-spot-file", "2026-12-01",
                hourly_min="9.5", hourly_max="9.5")
        r["price"]["hourly_max_unknown"] = True
        hist = row("aws", "us-east-1", "p4d.24xlarge", "spot", "USD", "aws-spot-hist-us-east-1", "2026-11-20",
                   hourly_min="9.1", hourly_max="12.3")
        out = FeedOutput("aws-spot", "aws")
        out.rows = [copy.deepcopy(r)]
        rows, flags, _ = refresh.check_feed(out, None, {}, self.MAP, {row_id(hist): hist})
        self.assertEqual((rows[0]["price"]["hourly_min"], rows[0]["price"]["hourly_max"]), ("9.5", "12.3"))
        self.assertNotIn("hourly_max_unknown", rows[0]["price"])
        self.assertIn("maximum from aws-spot-hist-us-east-1 of 2026-11-20", rows[0]["price"]["note"])
        out = FeedOutput("aws-spot", "aws")
        out.rows = [copy.deepcopy(r)]
        rows, flags, _ = refresh.check_feed(out, None, {}, self.MAP, {})
        self.assertEqual(rows, [])
        self.assertTrue(any("not carried" in n for n in out.notes))
        low = copy.deepcopy(hist)
        low["price"]["hourly_max"] = "9.0"  # a history maximum under the file's minimum bounds nothing
        out = FeedOutput("aws-spot", "aws")
        out.rows = [copy.deepcopy(r)]
        rows, _, _ = refresh.check_feed(out, None, {}, self.MAP, {row_id(hist): low})
        self.assertEqual(rows, [])

    def test_a_capacity_block_price_is_gated_like_an_hourly_price_and_a_zero_is_never_one(self):
        """capacity_block (the reservation fee per instance-hour, paid up front for the block): one price
        per offer (model key capacity_block), its hourly figure read by the move and first-seen gates, and
        the bad-price gate leaves out a figure ≤ 0 or unreadable. (Before: "unknown model".)"""
        ok = {"model": "capacity_block", "hourly": "41.528", "currency": "USD", "source": "s", "as_of": "2026-11-30"}
        self.assertIsNone(refresh.bad_value(ok))
        self.assertEqual(refresh.headline(ok), Decimal("41.528"))
        self.assertEqual(refresh.per_gpu_hour({"gpu_count": 8}, ok), Decimal("5.191"))
        self.assertEqual(row_id({"provider": "aws", "region": "us-east-1", "instance_type": "p5.48xlarge", "price": ok}),
                         "aws:us-east-1:p5.48xlarge/capacity_block")
        for bad, why in (("0", "hourly 0 ≤ 0"), ("0.00", "hourly 0.00 ≤ 0"), ("-1", "hourly -1 ≤ 0"),
                         ("NaN", "hourly 'NaN' is not a number"), (None, "hourly None is not a number")):
            self.assertEqual(refresh.bad_value(dict(ok, hourly=bad)), why)
        out = FeedOutput("aws-capacity-blocks", "aws")
        out.rows = [row("aws", "us-east-1", "p4d.24xlarge", "capacity_block", "USD", "s", "2026-11-30", hourly="0")]
        rows, flags, _ = refresh.check_feed(out, None, {}, self.MAP)
        self.assertEqual((rows, flags[0]), ([], ("bad-price", "aws:us-east-1:p4d.24xlarge/capacity_block", "hourly 0 ≤ 0")))

    def test_first_seen_siblings_are_the_same_gpu_model_and_currency(self):
        prior = {"offers": [
            {"id": f"aws:r{i}:p4d.24xlarge", "provider": "aws", "gpu": "a100-40-sxm", "gpu_count": 8,
             "prices": [{"model": "on_demand", "hourly": h, "currency": "USD", "source": "s"}]}
            for i, h in enumerate(("30", "32", "34"))]}
        new = copy.deepcopy(prior)
        new["offers"].append({"id": "aws:new:p4d.24xlarge", "provider": "aws", "gpu": "a100-40-sxm", "gpu_count": 8,
                              "prices": [{"model": "on_demand", "hourly": "3.2", "currency": "USD", "source": "feed"}]})
        new["offers"].append({"id": "aws:new2:p4d.24xlarge", "provider": "aws", "gpu": "a100-40-sxm", "gpu_count": 8,
                              "prices": [{"model": "on_demand", "hourly": "50", "currency": "USD", "source": "feed"}]})
        fl = refresh.first_seen(prior, new, refresh.current(prior), {"feed"})
        self.assertEqual([f[1] for f in fl], ["aws:new:p4d.24xlarge/on_demand"])  # 0.1× flagged, 1.56× passes


if __name__ == "__main__":
    unittest.main()
