"""The alibaba feeds on the recorded responses (tests/fixtures/feeds), including their broken forms and
failing units.

Documents: DescribePrice (AlibabaCloudDocs/ecs intl.en-US/API Reference/Others/DescribePrice.md @3ccfde14:
OriginalPrice "the original price", TradePrice "the original price minus the discount"; error codes
InvalidInstanceType.ValueNotSupported, PriceNotFound, ...); DescribeSpotPriceHistory.md @443d56d4 (Offset,
NextOffset); the price file's fields ("publicationDate": the time the file was generated, "version"):
developer.aliyun.com/article/629033.
"""

import json
import tempfile
import unittest
from pathlib import Path

from feedtestkit import FIX, Copy, ctx, replay
from feeds import alibaba
from feeds.http import FeedError
from feeds.transport import Replay

REAL = FIX / "real"
ALI = FIX / "alibaba"
URL = alibaba.PRICE_FILE.format


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

    def test_sdk_request_keys_and_the_instance_type_list(self):
        self.assertEqual(alibaba.sdk_key("DescribeInstanceTypes", {"InstanceTypes": ["ecs.a", "ecs.b"]}),
                         "alibabacloud-ecs20140526:DescribeInstanceTypes?InstanceTypes=ecs.a,ecs.b")


class AlibabaUnits(unittest.TestCase):
    """One failing call costs its unit only (FeedOutput.fail); DescribeRegions failing fails the feed."""

    def setUp(self):
        self.c = Copy()
        self.addCleanup(self.c.close)

    def set_error(self, file_part, status, code, message):
        self.c.put(f"alibaba/{file_part}", {"RequestId": "R", "HostId": "ecs.aliyuncs.com", "Code": code, "Message": message})

        def st(e):
            if e["file"].endswith(file_part):
                e["status"] = status
        self.c.edit(st)

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

    def test_a_region_failing_costs_that_region_only(self):
        self.set_error("sdk_DescribeAvailableResource_cn-shanghai.json", 404, "Unavailable.Regions",
                       "The available regions does not exists")
        out = alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertEqual(out.status, "ok")
        self.assertEqual([(f["scope"], f["expected"]) for f in out.failures],
                         [({"provider": "alibaba", "region": "cn-shanghai"}, False)])
        self.assertEqual(out.rows, [])

    def test_describe_regions_failing_fails_the_feed(self):
        self.set_error("sdk_DescribeRegions.json", 403, "Unauthorized.EmptyRegion",
                       "The specified account has no access authority to any region.")
        with self.assertRaises(FeedError) as cm:
            alibaba.run_sdk(Replay(self.c.rec), ctx())
        self.assertIn("DescribeRegions: Unauthorized.EmptyRegion", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
