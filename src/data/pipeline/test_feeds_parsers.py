"""Each feed's parser on the recorded responses (real recordings and written fixtures, tests/fixtures/
feeds/manifest.json), including their broken forms."""

import io
import json
import unittest

from feedtestkit import FIX, ctx, replay
from feeds import alibaba, aws_pricelist as apl, aws_spot, azure_retail, tencent
from feeds.http import FeedError
from feeds.transport import Live, Replay

REAL = FIX / "real"
TABLE = ctx()["mappings"]["aws_family_gpu"]


def by(rows):
    return {(r["region"], r["instance_type"], r["price"]["model"], r["price"].get("term_months"), r["price"].get("payment")): r["price"] for r in rows}


class AwsPriceListTest(unittest.TestCase):
    def test_real_us_east_1_recording_keeps_linux_on_demand_and_leaves_the_capacity_block_out(self):
        offer = json.loads((REAL / "aws_pricelist_AmazonEC2_region_us-east-1_p4d_opencost.json").read_text())
        rows, problems, _ = apl.parse_offer(*apl.records_from_json(offer), region="us-east-1", table=TABLE, currency="USD",
                                            sid="aws-pl-us-east-1", as_of="2024-05-28")
        self.assertEqual(problems, [])
        [r] = rows
        self.assertEqual((r["instance_type"], r["price"]["hourly"], r["price"]["as_of"]), ("p4d.24xlarge", "32.7726", "2024-05-28"))
        self.assertEqual(r["spec"], {"vcpu": "96", "ram_gib": "1152", "gpu_count": 8})

    def test_csv_offer_file_reserved_terms_with_the_published_partial_upfront_split(self):
        with open(FIX / "aws" / "ec2_ap-northeast-1.csv", newline="") as f:
            rows, problems, _ = apl.parse_offer(*apl.records_from_csv(f), region="ap-northeast-1", table=TABLE,
                                                currency="USD", sid="s", as_of="2026-11-30")
        self.assertEqual(problems, [])
        got = by(rows)
        self.assertEqual(got[("ap-northeast-1", "p5.48xlarge", "on_demand", None, None)]["hourly"], "66")  # not Windows 75, not Dedicated 72.6
        pa = got[("ap-northeast-1", "p5.48xlarge", "reserved", 12, "partial")]
        self.assertEqual((pa["upfront"], pa["hourly"]), ("218000", "24.9"))  # Quantity and Hrs as published
        self.assertNotIn("split_unknown", pa)
        al = got[("ap-northeast-1", "p5.48xlarge", "reserved", 12, "all")]
        self.assertEqual((al["upfront"], al["hourly"]), ("426000", "0"))
        no = got[("ap-northeast-1", "p5.48xlarge", "reserved", 12, "no")]
        self.assertEqual((no["upfront"], no["hourly"]), ("0", "52"))
        p3 = got[("ap-northeast-1", "p5.48xlarge", "reserved", 36, "partial")]
        self.assertEqual((p3["upfront"], p3["hourly"]), ("334000", "12.7"))  # Standard over Convertible
        n3 = got[("ap-northeast-1", "p5.48xlarge", "reserved", 36, "no")]
        self.assertIn("Convertible (no Standard offer", n3["note"])
        self.assertNotIn(("ap-northeast-1", "m6i.xlarge", "on_demand", None, None), got)  # not a GPU family

    def test_real_csv_sample_reads_hrs_and_quantity_dimensions(self):
        with open(REAL / "aws_pricelist_AmazonEC2_global_sample.csv", newline="") as f:
            products, terms, version = apl.records_from_csv(f)
        self.assertEqual(version, "20250912225308")
        part = [t for t in terms if t[0] == "2223B6PCG6QAUYY6" and t[1] == "38NPMPTW36"]
        [(_, _, tt, ta, dims)] = part
        self.assertEqual((tt, ta["purchase"], ta["lease"]), ("Reserved", "Partial Upfront", "3yr"))
        self.assertEqual(sorted((d["unit"], d["price"]) for d in dims), [("Hrs", "0.1046300000"), ("Quantity", "2750")])
        # Windows, Dedicated and an unused capacity reservation: no row of the sample is a Linux shared GPU price
        rows, _, _ = apl.parse_offer(products, terms, version, region="ap-southeast-2", table=TABLE, currency="USD", sid="s", as_of="x")
        self.assertEqual(rows, [])

    def test_partial_upfront_without_its_quantity_dimension_is_schema_drift(self):
        with open(FIX / "aws" / "ec2_ap-northeast-1.csv", newline="") as f:
            text = "".join(l for l in f if '"Quantity"' not in l or "PART1YSTD1" not in l)
        _, problems, _ = apl.parse_offer(*apl.records_from_csv(io.StringIO(text)), region="ap-northeast-1", table=TABLE,
                                         currency="USD", sid="s", as_of="x")
        self.assertEqual([(p["gate"], p["row"]) for p in problems], [("schema", "aws:ap-northeast-1:p5.48xlarge/reserved/12/partial")])

    def test_renamed_attribute_is_schema_drift(self):
        offer = json.loads((FIX / "errors" / "aws_offer_renamed_field.json").read_text())
        rows, problems, _ = apl.parse_offer(*apl.records_from_json(offer), region="eu-central-1", table=TABLE,
                                            currency="USD", sid="s", as_of="x")
        self.assertEqual(rows, [])
        self.assertEqual(problems[0]["gate"], "schema")
        with self.assertRaises(FeedError):
            apl.records_from_json({"formatVersion": "v1.0"})

    def test_china_partition_is_cny_and_a_usd_figure_there_is_flagged(self):
        out = apl.run_ec2(replay(), ctx(), china=True)
        [od] = [r for r in out.rows if r["price"]["model"] == "on_demand"]
        self.assertEqual((od["region"], od["price"]["currency"], od["price"]["hourly"]), ("cn-north-1", "CNY", "9.88"))
        offer = json.loads((FIX / "aws" / "ec2_cn-north-1.json").read_text().replace('"CNY"', '"USD"'))
        _, problems, _ = apl.parse_offer(*apl.records_from_json(offer), region="cn-north-1", table=TABLE, currency="CNY", sid="s", as_of="x")
        self.assertIn("currency", {p["gate"] for p in problems})
        gp3 = json.loads((REAL / "aws_pricelist_AmazonEC2_region_cn-northwest-1_gp3_opencost.json").read_text())
        self.assertEqual(apl.parse_offer(*apl.records_from_json(gp3), region="cn-northwest-1", table=TABLE, currency="CNY", sid="s", as_of="x")[0], [])

    def test_savings_plans_prefer_the_ec2_instance_plan_and_keep_linux_shared_only(self):
        sp = json.loads((FIX / "aws" / "sp_us-east-1.json").read_text())
        rows, problems = apl.parse_savings_plans(sp, region="us-east-1", table=TABLE, sid="s", as_of="x")
        self.assertEqual(problems, [])
        got = {(r["price"]["term_months"], r["price"]["payment"]): r["price"] for r in rows}
        self.assertEqual(got[(12, "no")]["hourly"], "33.9")
        self.assertIn("EC2 Instance Savings Plan", got[(12, "no")]["note"])
        self.assertEqual(got[(36, "no")]["hourly"], "23.5")
        self.assertIn("Compute Savings Plan", got[(36, "no")]["note"])

    def test_region_index_regions_outside_the_table_are_not_asked(self):
        out = apl.run_ec2(replay(), ctx())
        self.assertTrue(any("us-gov-west-1" in n for n in out.notes))
        self.assertEqual({r["region"] for r in out.rows}, {"us-east-1", "ap-northeast-1", "eu-central-1"})


class AwsSpotTest(unittest.TestCase):
    def test_spot_file_with_advisor_band_and_its_not_offered_markers(self):
        out = aws_spot.run(replay(), ctx())
        got = by(out.rows)
        p4d = got[("us-east-1", "p4d.24xlarge", "spot", None, None)]
        self.assertEqual((p4d["hourly_min"], p4d["hourly_max"], p4d["as_of"]), ("16.5", "16.5", "2026-11-30"))
        self.assertIn("interruption frequency 10-15%", p4d["note"])
        self.assertNotIn(("us-east-1", "g4dn.xlarge", "spot", None, None), got)  # N/A*
        self.assertNotIn(("us-east-1", "g5.xlarge", "spot", None, None), got)    # 0 = not offered
        self.assertEqual(len([n for n in out.notes if "not offered" in n or "N/A" in n]), 2)

    def test_real_samples_parse(self):
        bands = aws_spot.parse_advisor(json.loads((REAL / "aws_spot_advisor_data_sample.json").read_text()))
        self.assertEqual(bands[("eu-north-1", "r7g.large")], "interruption frequency <5% (Spot Advisor; savings 70 % vs on-demand)")
        rows, problems, _ = aws_spot.parse_spot_file(json.loads((REAL / "aws_spot_json_sample.json").read_text()), table=TABLE,
                                                     regions={"us-east-1"}, sid="s", as_of="x", advisor=bands)
        self.assertEqual((rows, problems), ([], []))  # m6i/m6g: not GPU families
        rows, _, _ = aws_spot.parse_spot_file(json.loads((REAL / "aws_spot_json_sample.json").read_text()),
                                              table=[["m6i.", "m6i", "x"]], regions={"us-east-1"}, sid="s", as_of="x", advisor={})
        self.assertEqual(rows[0]["price"]["hourly_max"], "0.0615")
        with self.assertRaises(ValueError):
            aws_spot.parse_spot_file({"vers": 1}, table=TABLE, regions=set(), sid="s", as_of="x", advisor={})

    def test_history_is_the_range_of_per_az_medians_linux_only(self):
        out = aws_spot.run_history(replay(), ctx())
        [r] = out.rows
        self.assertEqual((r["price"]["hourly_min"], r["price"]["hourly_max"]), ("16.2", "17"))
        self.assertIn("us-east-1a 16.2 (min 16.1)", r["price"]["note"])

    def test_credentialed_feeds_without_credentials_are_skipped_with_one_line(self):
        for fn, feed in ((aws_spot.run_history, "aws-spot-history"), (alibaba.run_sdk, "alibaba-sdk"), (tencent.run, "tencent-sdk")):
            out = fn(Live(env={}), ctx({}))
            self.assertEqual(out.status, "skipped", feed)
            self.assertIn("no credentials", out.why)
            self.assertNotIn("\n", out.why)
            self.assertEqual(out.rows, [])


class AzureTest(unittest.TestCase):
    SKUS = {"Standard_ND96isr_H100_v5": "Standard_ND96isr_H100_v5", "Standard_NC24ads_A100_v4": "Standard_NC24ads_A100_v4",
            "Standard_ND96asr_A100_v4": "Standard_ND96asr_v4", "Standard_NC48ads_A100_v4": "Standard_NC48ads_A100_v4"}

    def test_windows_meter_never_replaces_the_linux_price(self):
        page = json.loads((FIX / "azure" / "nd96isr_h100_v5_page1.json").read_text())
        for items in (page["Items"], list(reversed(page["Items"]))):
            rows, problems, _ = azure_retail.parse_items(items, skus=self.SKUS, regions={"eastus", "westeurope"}, sid="s", as_of="x")
            got = by(rows)
            self.assertEqual(got[("eastus", "Standard_ND96isr_H100_v5", "on_demand", None, None)]["hourly"], "96.5")
            self.assertEqual(got[("westeurope", "Standard_ND96isr_H100_v5", "on_demand", None, None)]["hourly"], "125.9")
            self.assertEqual(len(rows), 2)  # Windows and Low Priority left out
            self.assertEqual(problems, [])

    def test_paging_spot_devtest_and_reservations(self):
        out = azure_retail.run(replay(), ctx())
        got = by(out.rows)
        self.assertEqual(got[("eastus", "Standard_ND96isr_H100_v5", "spot", None, None)]["hourly_max"], "41")  # page 2
        for term, total in ((12, "540000"), (36, "1100000"), (60, "1700000")):
            r = got[("eastus", "Standard_ND96isr_H100_v5", "reserved", term, "all")]
            self.assertEqual((r["upfront"], r["hourly"]), (total, "0"))
        self.assertNotIn("90", [p.get("hourly") for p in got.values()])  # DevTest meter
        self.assertEqual(got[("japaneast", "Standard_NC24ads_A100_v4", "on_demand", None, None)]["hourly"], "4.94")

    def test_real_recordings(self):
        sub = json.loads((REAL / "azure_retail_items_subset_eucri_westeurope_2026-08-22.json").read_text())["items"]
        rows, problems, _ = azure_retail.parse_items(sub, skus=self.SKUS, regions={"westeurope"}, sid="s", as_of="2026-08-22")
        got = by(rows)
        self.assertEqual(got[("westeurope", "Standard_NC24ads_A100_v4", "on_demand", None, None)]["hourly"], "4.775")
        self.assertEqual(got[("westeurope", "Standard_ND96asr_v4", "on_demand", None, None)]["hourly"], "35.357")  # API name → catalog name
        self.assertEqual(problems, [])
        page = json.loads((REAL / "azure_retail_prices_page_sample.json").read_text())
        self.assertEqual(azure_retail.exclusion(page["Items"][0]), "DevTest meter")

    def test_renamed_field_is_schema_drift_and_truncated_page_fails_the_feed(self):
        ren = json.loads((FIX / "errors" / "azure_page_renamed_field.json").read_text())
        rows, problems, _ = azure_retail.parse_items(ren["Items"], skus=self.SKUS, regions={"eastus"}, sid="s", as_of="x")
        self.assertEqual(rows, [])
        self.assertTrue(problems and all(p["gate"] == "schema" and "retailPrice" in p["detail"] for p in problems))
        import shutil, tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as d:
            shutil.copytree(FIX, Path(d) / "r")
            shutil.copy(FIX / "errors" / "azure_page_truncated.json", Path(d) / "r" / "azure" / "nd96isr_h100_v5_page1.json")
            with self.assertRaises(FeedError) as cm:
                azure_retail.run(Replay(Path(d) / "r"), ctx())
            self.assertIn("not JSON", str(cm.exception))

    def test_next_page_link_loop_is_an_error(self):
        class Loop:
            def get(self, feed, url):
                from feeds.transport import Resp
                return Resp(url, json.dumps({"Items": [], "NextPageLink": "https://prices.azure.com/x"}).encode(), "x", "written")
        with self.assertRaises(FeedError):
            list(azure_retail.pages(Loop(), "https://prices.azure.com/x"))


class AlibabaTest(unittest.TestCase):
    def test_public_file_keeps_linux_non_mainland_and_leaves_mainland_usd_out(self):
        out = alibaba.run_public(replay(), ctx())
        got = by(out.rows)
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "on_demand", None, None)]["hourly"], "1.65")
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "subscription", None, None)]["monthly"], "800")
        self.assertEqual(got[("cn-hongkong", "ecs.gn7i-c8g1.2xlarge", "reserved", 12, "all")]["upfront"], "8160")
        self.assertEqual({r["region"] for r in out.rows}, {"cn-hongkong"})
        self.assertTrue(any("mainland" in n for n in out.notes))

    def test_describe_price_on_the_documented_examples(self):
        ex = json.loads((REAL / "alibaba_describeprice_doc_example_2021.json").read_text())
        self.assertEqual(alibaba.price_of(ex), (3712.8, "CNY", "TradePrice"))
        ex2 = json.loads((REAL / "alibaba_priceinfo_doc_example_2025_DescribeInstanceModificationPrice.json").read_text())
        self.assertEqual(alibaba.price_of(ex2)[0], 3712.8)  # the instance type's own line, not the whole 113.88
        self.assertIsNone(alibaba.price_of({"PriceInfo": {"Price": {"TradePrice": 1}}}))  # no currency: not a price

    def test_sdk_replay_prices_and_spot(self):
        out = alibaba.run_sdk(replay(), ctx())
        got = by(out.rows)
        self.assertEqual(got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "on_demand", None, None)]["hourly"], "9.27")
        self.assertEqual(got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "subscription", None, None)]["monthly"], "4450")
        sp = got[("cn-shanghai", "ecs.gn7i-c8g1.2xlarge", "spot", None, None)]
        self.assertEqual((sp["hourly_min"], sp["hourly_max"], sp["currency"]), ("1.97", "2.4", "CNY"))
        self.assertTrue(any("me-east-1" in n for n in out.notes))


class TencentTest(unittest.TestCase):
    def test_documented_examples(self):
        ex = json.loads((REAL / "tencent_inquirypriceruninstances_doc_examples.json").read_text())
        self.assertEqual(tencent.instance_price(ex["example_1_postpaid_by_hour_S5.16XLARGE256_ap-shanghai-2"]["Response"]),
                         (15.95, "OriginalInstanceTypePrice"))
        self.assertEqual(tencent.instance_price(ex["example_3_prepaid_1_month_S5.16XLARGE256_ap-shanghai-2"]["Response"])[0], 8832)

    def test_sdk_replay_every_billing_mode(self):
        out = tencent.run(replay(), ctx())
        got = by(out.rows)
        g = lambda *k: got[("ap-guangzhou", "GN7.2XLARGE32") + k]
        self.assertEqual(g("on_demand", None, None)["hourly"], "8.2")
        self.assertEqual(g("subscription", None, None)["monthly"], "2390")
        self.assertEqual(g("reserved", 12, "all")["upfront"], "24378")
        self.assertEqual(g("spot", None, None)["hourly_max"], "1.67")
        self.assertEqual({r["region"] for r in out.rows}, {"ap-guangzhou"})  # ap-singapore: not mainland, not asked


class ReplayTest(unittest.TestCase):
    def test_rows_carry_the_manifest_date_never_today(self):
        from feeds.transport import today
        from feeds.registry import FEEDS
        import refresh
        dates = {e["recorded"] for e in json.loads((FIX / "manifest.json").read_text())["responses"]}
        c = ctx()
        for name in FEEDS:
            out = refresh.run_feed(name, replay(), c)
            self.assertEqual(out.status, "ok", (name, out.why))
            self.assertTrue(out.rows, name)
            for r in out.rows:
                self.assertIn(r["price"]["as_of"], dates)
                self.assertNotEqual(r["price"]["as_of"], today())
            for s in out.sources.values():
                if s["id"].startswith("fixture-"):
                    self.assertIn("WRITTEN TEST FIXTURE", s["title"])

    def test_a_request_not_recorded_fails_and_a_recorded_error_status_replays(self):
        tr = replay()
        with self.assertRaises(FeedError) as cm:
            tr.get("azure-retail", "https://prices.azure.com/other")
        self.assertIn("not in the recording", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
