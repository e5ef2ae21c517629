"""The alibaba feeds on the recorded responses (tests/fixtures/feeds), including their broken forms and
failing units.

Documents: DescribePrice (AlibabaCloudDocs/ecs intl.en-US/API Reference/Others/DescribePrice.md @3ccfde14:
OriginalPrice "the original price", TradePrice "the original price minus the discount"; error codes
InvalidInstanceType.ValueNotSupported, PriceNotFound, ...); DescribeSpotPriceHistory.md @443d56d4 (Offset,
NextOffset); the price file's fields ("publicationDate": the time the file was generated, "version"):
developer.aliyun.com/article/629033. DescribeSpotAdvice (help centre api-ecs-2014-05-26-describespotadvice,
2025-02-24 revision): InterruptionRate, "the average release rate of spot instances in the previous 30 days.
Unit: %", InterruptRateDesc one of 0-3%, 3-5%, 5-10%, 10-100%; errors OperationDenied.RegionIdNotSupported and
OperationDenied.FlavorNotSupported.
"""

import json
import tempfile
import unittest
from decimal import Decimal
from pathlib import Path

from feedtestkit import FIX, Copy, ctx, replay
from feeds import alibaba
from feeds.http import FeedError
from feeds.transport import Replay

REAL = FIX / "real"
ALI = FIX / "alibaba"
URL = alibaba.PRICE_FILE.format
GN7I = "ecs.gn7i-c8g1.2xlarge"


def advice(*entries, region="cn-shanghai"):
    """A DescribeSpotAdvice body in the documented shape: entries (zone or None, InstanceType, InterruptionRate,
    InterruptRateDesc, AverageSpotDiscount); a None zone or field is left out."""
    zones = []
    for z, it, rate, desc, disc in entries:
        res = {k: v for k, v in (("InterruptRateDesc", desc), ("AverageSpotDiscount", disc), ("InstanceType", it),
                                 ("InterruptionRate", rate)) if v is not None}
        zones.append(dict({"ZoneId": z} if z else {}, AvailableSpotResources={"AvailableSpotResource": [res]}))
    return {"RegionId": region, "RequestId": "W-SA", "AvailableSpotZones": {"AvailableSpotZone": zones}}


def by(rows):
    return {(r["region"], r["instance_type"], r["price"]["model"], r["price"].get("term_months"), r["price"].get("payment")): r["price"] for r in rows}


def public_recording(files: dict) -> tuple[Replay, tempfile.TemporaryDirectory]:
    """A recorded folder with the price file (a dict) under each URL of `files`."""
    d = tempfile.TemporaryDirectory(prefix="gpucost-alipub-")
    entries = []
    for i, (url, data) in enumerate(files.items()):
        (Path(d.name) / f"{i}.json").write_text(json.dumps(data), encoding="utf-8")
        entries.append({"feed": alibaba.FEED_PUBLIC, "request": url, "file": f"{i}.json", "status": 200,
                        "kind": "written", "recorded": "2026-11-30", "source": "test"})
    (Path(d.name) / "manifest.json").write_text(json.dumps({"recorded": "2026-11-30", "responses": entries}))
    return Replay(Path(d.name)), d


class AlibabaTest(unittest.TestCase):
    def test_public_file_keeps_linux_non_mainland_and_leaves_mainland_usd_out(self):
        out = alibaba.run_public(replay(), ctx())
        got = by(out.rows)
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "on_demand", None, None)]["hourly"], "1.65")
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "subscription", None, None)]["monthly"], "800")
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "reserved", 12, "all")]["upfront"], "8160")
        self.assertEqual({r["region"] for r in out.rows}, {"cn-hongkong"})
        self.assertTrue(any("mainland" in n for n in out.notes))

    def test_public_file_the_newest_known_version_that_answers(self):
        """Not pinned to one version folder: the newest known folder that answers is read and named."""
        data = json.loads((ALI / "instancePrice.json").read_text())
        tr, d = public_recording({URL("2.0.375"): data, URL("2.0.275"): dict(data, pricingInfo={})})
        self.addCleanup(d.cleanup)
        out = alibaba.run_public(tr, ctx())
        self.assertEqual(out.sources["ali-price-file"]["reference"], URL("2.0.375"))
        self.assertTrue(out.rows)
        self.assertIn("2.0.421", out.notes[0])  # the newer known folder that did not answer is named
        tr, d2 = public_recording({"https://example.test/instancePrice.json": data})
        self.addCleanup(d2.cleanup)
        out = alibaba.run_public(tr, ctx({"ALIBABA_PRICE_FILE_URL": "https://example.test/instancePrice.json"}))
        self.assertEqual(out.sources["ali-price-file"]["reference"], "https://example.test/instancePrice.json")
        tr, d3 = public_recording({})
        self.addCleanup(d3.cleanup)
        with self.assertRaises(FeedError):  # no folder answers: the feed fails
            alibaba.run_public(tr, ctx())

    def test_public_rows_carry_the_files_publication_date(self):
        data = json.loads((ALI / "instancePrice.json").read_text())
        tr, d = public_recording({URL("2.0.421"): dict(data, publicationDate="2026-11-20T07:00:04Z")})
        self.addCleanup(d.cleanup)
        out = alibaba.run_public(tr, ctx())
        self.assertEqual({r["price"]["as_of"] for r in out.rows}, {"2026-11-20"})
        self.assertEqual(out.sources["ali-price-file"]["as_of"], "2026-11-20")
        self.assertIn("published 2026-11-20T07:00:04Z", out.rows[0]["price"]["note"])
        undated = {k: v for k, v in data.items() if k != "publicationDate"}
        tr, d2 = public_recording({URL("2.0.421"): undated})
        self.addCleanup(d2.cleanup)
        out = alibaba.run_public(tr, ctx())
        self.assertEqual({r["price"]["as_of"] for r in out.rows}, {"2026-11-30"})  # the fetch (recorded) day, said so
        self.assertIn("dated by the fetch day", out.rows[0]["price"]["note"])

    def test_describe_price_on_the_documented_examples(self):
        """The list price (OriginalPrice) is the basis; TradePrice (after promotions) only in the note."""
        ex = json.loads((REAL / "alibaba_describeprice_doc_example_2021.json").read_text())
        val, cur, basis, indicative = alibaba.price_of(ex)
        self.assertEqual((val, cur, indicative), (4368, "CNY", True))  # no DetailInfos: instance + system disk
        self.assertIn("promotion: TradePrice 3712.8", basis)
        ex2 = json.loads((REAL / "alibaba_priceinfo_doc_example_2025_DescribeInstanceModificationPrice.json").read_text())
        self.assertEqual(alibaba.price_of(ex2)[0::3], (4368, False))  # the instance type's own list price
        self.assertIsNone(alibaba.price_of({"PriceInfo": {"Price": {"OriginalPrice": 1}}}))  # no currency: not a price

    def test_sdk_replay_prices_and_spot(self):
        out = alibaba.run_sdk(replay(), ctx())
        got = by(out.rows)
        self.assertEqual(got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "on_demand", None, None)]["hourly"], "9.27")
        self.assertEqual(got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "subscription", None, None)]["monthly"], "4450")
        yr = got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "reserved", 12, "all")]
        self.assertEqual(yr["upfront"], "52200")  # the list price, not the promotion's 45390
        self.assertIn("promotion: TradePrice 45390", yr["note"])
        sp = got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "spot", None, None)]
        self.assertEqual((sp["hourly_min"], sp["hourly_max"], sp["currency"]), ("1.97", "2.4", "CNY"))  # both pages
        self.assertTrue(any("me-east-1" in n for n in out.notes))
        self.assertEqual(out.failures, [])

    def test_sdk_replay_storage_rate(self):
        """The recorded disk answer (written, DescribePrice ResourceType=disk): 0.21 CNY/h for a 100 GiB ESSD PL1
        disk; 0.21 / 100 = 0.0021 CNY/GiB-h, x 730 h = 1.533 CNY per GiB-month."""
        out = alibaba.run_sdk(replay(), ctx())
        [u] = out.usage
        self.assertEqual((u["region"], u["kind"], u["currency"], u["tiers"], u["as_of"]),
                         ("cn-shanghai", "storage_per_gb_month", "CNY", [{"up_to": None, "price": "1.533"}], "2026-11-30"))
        self.assertIn("0.0021 CNY/GiB-h x 730 h", u["note"])
        self.assertEqual(out.sources["ali-sdk-disk-cn-shanghai"]["id"], u["source"])
        self.assertTrue(u["source"].startswith("fixture-"))  # a written answer is never a provider figure

    def test_sdk_spot_row_carries_the_highest_zones_interruption_rate(self):
        out = alibaba.run_sdk(replay(), ctx())
        sp = by(out.rows)[("cn-shanghai", GN7I, "spot", None, None)]
        self.assertEqual(sp["interruption_monthly_pct"], "3.6")
        self.assertIn("highest of 2 zone(s): cn-shanghai-l 1.8 % (0-3%), cn-shanghai-m 3.6 % (3-5%); average spot "
                      "price 21–26 % of pay-as-you-go)", sp["note"])
        self.assertTrue(all("interruption_monthly_pct" not in r["price"] for r in out.rows if r["price"]["model"] != "spot"))
        self.assertIn("DescribeSpotAdvice", out.sources["ali-sdk-cn-shanghai"]["title"])

    def test_spot_advice_highest_zone_every_zone_and_types_not_asked(self):
        T, U = "ecs.gn6i-c4g1.xlarge", "ecs.gn6v-c8g1.2xlarge"
        by_type, problems = alibaba.parse_spot_advice([advice(
            ("cn-shanghai-m", GN7I, "4.1", "3-5%", "30"), ("cn-shanghai-l", GN7I, 2.4, "0-3%", 25),
            (None, T, 7, "5-10%", None), ("cn-shanghai-l", "ecs.c5.large", "x", "?", 5))], [GN7I, T, U], "cn-shanghai")
        self.assertEqual(problems, [])  # ecs.c5.large was not asked: not read
        self.assertEqual(by_type[GN7I], {"rate": Decimal("4.1"), "discount": (25, 30),
                                         "zones": [("cn-shanghai-l", Decimal("2.4"), "0-3%"), ("cn-shanghai-m", Decimal("4.1"), "3-5%")]})
        self.assertEqual(by_type[T], {"rate": 7, "zones": [("zone not stated", 7, "5-10%")], "discount": None})
        self.assertNotIn(U, by_type)  # not stated: no rate, no problem
        self.assertEqual(set(by_type), {GN7I, T})
        self.assertTrue(alibaba.advice_note(by_type[T]).endswith("zone not stated 7 % (5-10%))"))
        # the edges of the range labels: 3 is in both 0-3% and 3-5%; 10-100% up to the catalog's 99.99
        for rate, desc in ((3, "0-3%"), (3, "3-5%"), (0, "0-3%"), ("99.99", "10-100%")):
            got, probs = alibaba.parse_spot_advice([advice(("z", GN7I, rate, desc, 50))], [GN7I], "cn-shanghai")
            self.assertEqual((got[GN7I]["rate"], probs), (Decimal(str(rate)), []))

    def test_spot_advice_an_entry_that_does_not_read_gives_that_type_no_rate(self):
        cases = {"a fraction sent for a percentage": ("z", GN7I, 0.03, "3-5%", 20),
                 "100 %": ("z", GN7I, 100, "10-100%", 20),
                 "above the catalog's bound": ("z", GN7I, "99.995", "10-100%", 20),
                 "negative": ("z", GN7I, -1, "0-3%", 20),
                 "a label not documented": ("z", GN7I, 1, "0-5%", 20),
                 "no label": ("z", GN7I, 1, None, 20),
                 "not a number": ("z", GN7I, "n/a", "0-3%", 20),
                 "no rate": ("z", GN7I, None, "0-3%", 20),
                 "a label that is not text": ("z", GN7I, 1, ["0-3%"], 20),
                 "no InstanceType": ("z", None, 1, "0-3%", 20)}
        for what, entry in cases.items():
            with self.subTest(what):
                # one good zone beside it: every entry of the type must read, else it gets no rate
                good = ("y", GN7I, 1, "0-3%", 20)
                by_type, problems = alibaba.parse_spot_advice([advice(good, entry)], [GN7I], "cn-shanghai")
                self.assertIsNone(by_type[GN7I])
                [p] = problems
                self.assertEqual(p["gate"], "schema")
                want = "alibaba-sdk/spot-advice:cn-shanghai" + ("" if what == "no InstanceType" else f":{GN7I}")
                self.assertEqual(p["row"], want)
        _, [p] = alibaba.parse_spot_advice([advice(cases["a fraction sent for a percentage"])], [GN7I], "cn-shanghai")
        self.assertIn("InterruptionRate 0.03 lies outside its InterruptRateDesc 3-5%", p["detail"])
        # zone ids of mixed types (a number beside text) read as text, never a crash
        got, probs = alibaba.parse_spot_advice([advice((7, GN7I, 1, "0-3%", 20), ("z", GN7I, 2, "0-3%", 20))],
                                               [GN7I], "cn-shanghai")
        self.assertEqual((got[GN7I]["rate"], [z for z, _, _ in got[GN7I]["zones"]], probs), (2, ["7", "z"], []))
        # a body without AvailableSpotZones: one problem, no rate for any type asked
        by_type, [p] = alibaba.parse_spot_advice([{"RequestId": "R"}], [GN7I], "cn-shanghai")
        self.assertEqual((by_type, p["row"]), ({GN7I: None}, "alibaba-sdk/spot-advice:cn-shanghai"))

    def test_sdk_request_keys_and_the_instance_type_list(self):
        self.assertEqual(alibaba.sdk_key("DescribeInstanceTypes", {"InstanceTypes": ["ecs.a", "ecs.b"]}),
                         "alibabacloud-ecs20140526:DescribeInstanceTypes?InstanceTypes=ecs.a,ecs.b")


class AlibabaUnits(unittest.TestCase):
    """One failing call costs its unit only (FeedOutput.fail); DescribeRegions failing fails the feed."""

    def setUp(self):
        self.c = Copy()
        self.addCleanup(self.c.close)

    def set_error(self, file_part, status, code, message, c=None):
        c = c or self.c
        c.put(f"alibaba/{file_part}", {"RequestId": "R", "HostId": "ecs.aliyuncs.com", "Code": code, "Message": message})

        def st(e):
            if e["file"].endswith(file_part):
                e["status"] = status
        c.edit(st)

    def test_a_refused_month_price_is_an_expected_failure_of_that_unit(self):
        self.set_error("sdk_DescribePrice_Month.json", 400, "InvalidInstanceType.ValueNotSupported",
                       "The specified InstanceType does not exist or beyond the permitted range.")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual(out.status, "ok")
        [f] = out.failures
        self.assertEqual((f["unit"], f["expected"]), ("alibaba:cn-shanghai/ecs.gn7i-c8g1.2xlarge/subscription", True))
        self.assertIn("InvalidInstanceType.ValueNotSupported (HTTP 400)", f["why"])
        self.assertEqual(sorted(r["price"]["model"] for r in out.rows), ["on_demand", "reserved", "spot"])

    def test_a_server_error_is_an_unexpected_failure_of_that_unit(self):
        self.set_error("sdk_DescribeSpotPriceHistory.json", 500, "InternalError",
                       "The request processing has failed due to some unknown error.")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        [f] = out.failures
        self.assertEqual((f["unit"], f["expected"]), ("alibaba:cn-shanghai/ecs.gn7i-c8g1.2xlarge/spot", False))
        self.assertEqual(len(out.rows), 3)

    def test_a_spot_advice_error_costs_the_rate_only_and_never_sinks_the_refresh(self):
        """A DescribeSpotAdvice request failing: the spot price still goes out, without a rate (the last one is
        not carried over), and its unit's failure is named: expected for the documented "not offered there"
        codes, not for a server error; the refresh writes all the same (exit 0)."""
        for status, code, expected in ((500, "InternalError", False), (403, "OperationDenied.FlavorNotSupported", True),
                                       (403, "OperationDenied.RegionIdNotSupported", True)):
            with self.subTest(code):
                c = Copy()
                self.addCleanup(c.close)
                self.set_error("sdk_DescribeSpotAdvice_cn-shanghai.json", status, code, "spot advice refused", c)
                out = alibaba.run_sdk(Replay(c.rec), ctx())
                self.assertEqual(out.status, "ok")
                [f] = out.failures
                self.assertEqual((f["unit"], f["expected"]), (f"alibaba:cn-shanghai/{GN7I}/spot", expected))
                self.assertTrue(f["why"].startswith(f"DescribeSpotAdvice: {code} (HTTP {status})"), f["why"])
                self.assertTrue(f["why"].endswith("the spot price goes out without a published interruption rate"))
                [sp] = [r["price"] for r in out.rows if r["price"]["model"] == "spot"]
                self.assertEqual((sp["hourly_min"], sp["hourly_max"]), ("1.97", "2.4"))
                self.assertNotIn("interruption_monthly_pct", sp)
                self.assertEqual(len(out.rows), 4)
        # the whole refresh: a first run with the rate, then one whose advice fails (a server error)
        c = Copy()
        self.addCleanup(c.close)
        rc, o, e = c.run()
        self.assertEqual(rc, 0, o[-2000:] + e)
        spot = lambda: [p for o in json.loads((c.out / "catalog.json").read_text())["offers"]
                        if o["id"] == f"alibaba:cn-shanghai:{GN7I}" for p in o["prices"] if p["model"] == "spot"]
        self.assertEqual([p.get("interruption_monthly_pct") for p in spot()], ["3.6"])
        self.set_error("sdk_DescribeSpotAdvice_cn-shanghai.json", 500, "InternalError", "unknown error", c)
        rc, o, e = c.run()
        self.assertEqual(rc, 0, o[-2000:] + e)
        self.assertIn(f"| alibaba-sdk | `alibaba:cn-shanghai/{GN7I}/spot` | **no** | DescribeSpotAdvice: InternalError", o)
        self.assertEqual([p.get("interruption_monthly_pct") for p in spot()], [None])

    def test_a_type_the_spot_advice_does_not_state_is_noted(self):
        self.c.put("alibaba/sdk_DescribeSpotAdvice_cn-shanghai.json", advice(("cn-shanghai-l", "ecs.c5.large", 1, "0-3%", 20)))
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual((out.failures, out.problems), ([], []))
        [sp] = [r["price"] for r in out.rows if r["price"]["model"] == "spot"]
        self.assertNotIn("interruption_monthly_pct", sp)
        self.assertIn(f"alibaba cn-shanghai: DescribeSpotAdvice states no interruption rate for {GN7I}: their spot is "
                      "priced on the default assumption (labelled)", out.notes)

    def test_an_unreadable_rate_is_noted_never_flagged_and_the_spot_price_still_goes_out(self):
        self.c.put("alibaba/sdk_DescribeSpotAdvice_cn-shanghai.json", advice(("cn-shanghai-l", GN7I, 0.03, "3-5%", 20)))
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        # no flag: a flag would refuse the whole refresh until accepted
        self.assertEqual((out.problems, out.failures), ([], []))
        [sp] = [r["price"] for r in out.rows if r["price"]["model"] == "spot"]
        self.assertNotIn("interruption_monthly_pct", sp)
        [n] = [n for n in out.notes if "DescribeSpotAdvice" in n]
        self.assertIn("InterruptionRate 0.03 lies outside its InterruptRateDesc 3-5%", n)
        self.assertIn(f"[alibaba-sdk/spot-advice:cn-shanghai:{GN7I}]", n)

    def test_a_region_failing_costs_that_region_only(self):
        self.set_error("sdk_DescribeAvailableResource_cn-shanghai.json", 404, "Unavailable.Regions",
                       "The available regions does not exists")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual(out.status, "ok")
        self.assertEqual([(f["scope"], f["expected"]) for f in out.failures],
                         [({"provider": "alibaba", "region": "cn-shanghai"}, False)])
        self.assertEqual(out.rows, [])

    def test_a_disk_price_error_costs_the_storage_rate_only(self):
        self.set_error("sdk_DescribePrice_disk_cn-shanghai.json", 400, "Throttling",
                       "Request was denied due to request throttling.")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual((out.status, out.usage), ("ok", []))
        [f] = out.failures
        self.assertEqual((f["unit"], f["expected"]), ("alibaba:cn-shanghai/usage:storage_per_gb_month", False))
        self.assertIn("Throttling (HTTP 400)", f["why"])
        self.assertEqual(len(out.rows), 4)

    def test_a_region_that_fails_is_not_asked_its_disk_price(self):
        self.set_error("sdk_DescribeAvailableResource_cn-shanghai.json", 404, "Unavailable.Regions",
                       "The available regions does not exists")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual((out.usage, [f["unit"] for f in out.failures]), ([], ["alibaba:cn-shanghai"]))

    def test_describe_regions_failing_fails_the_feed(self):
        self.set_error("sdk_DescribeRegions.json", 403, "Unauthorized.EmptyRegion",
                       "The specified account has no access authority to any region.")
        with self.assertRaises(FeedError) as cm:
            alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertIn("DescribeRegions: Unauthorized.EmptyRegion", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
