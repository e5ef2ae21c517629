"""The aws feed parsers on the recorded responses (tests/fixtures/feeds), including their broken forms;
the offer files' disk use and per-region failures; DescribeSpotPriceHistory replayed under boto3."""

import errno
import io
import json
import os
import pathlib
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import refresh
from feedtestkit import FIX, Copy, Urlopened, ctx, replay
from feeds import alibaba, aws_pricelist as apl, aws_spot, tencent
from feeds.base import FeedOutput, usage_unit
from feeds.http import FeedError, fetch_to_file, strip_callback
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

    def test_real_capacity_block_sku_is_listed_and_its_zero_os_fee_is_never_a_price(self):
        """The recorded us-east-1 offer file's Capacity Block SKU (YSXJGN78QTXNVGDQ: marketoption
        CapacityBlock, operation RunInstances:CB) has an OnDemand term of "$0.00 per Capacity Block Linux
        p4d.24xlarge Instance Hour": the operating-system fee only (the reservation fee is not in the price
        list). It yields no price, and the feed lists (us-east-1, p4d.24xlarge) as sold as Capacity Blocks.
        (Before: the SKU was only filtered out by its market option, and nothing listed it.)"""
        offer = json.loads((REAL / "aws_pricelist_AmazonEC2_region_us-east-1_p4d_opencost.json").read_text())
        products, terms, version = apl.records_from_json(offer)
        [(_, _, _, _, [fee])] = [t for t in terms if t[0] == "YSXJGN78QTXNVGDQ"]
        self.assertEqual((fee["unit"], fee["price"]), ("Hrs", "0.0000000000"))  # what must never be published
        self.assertTrue(apl.is_capacity_block(products["YSXJGN78QTXNVGDQ"]))
        self.assertFalse(apl.is_capacity_block(products["H7NGEAC6UEHNTKSJ"]))
        rows, problems, _ = apl.parse_offer(products, terms, version, region="us-east-1", table=TABLE, currency="USD",
                                            sid="s", as_of="2024-05-28")
        self.assertEqual(problems, [])
        self.assertEqual([(r["price"]["model"], r["price"]["hourly"]) for r in rows], [("on_demand", "32.7726")])
        self.assertEqual(apl.capacity_blocks(products, region="us-east-1", table=TABLE),
                         [{"region": "us-east-1", "instance_type": "p4d.24xlarge", "sku": "YSXJGN78QTXNVGDQ",
                           "spec": {"vcpu": "96", "ram_gib": "1152", "gpu_count": 8}}])
        self.assertEqual(apl.capacity_blocks(products, region="us-west-2", table=TABLE), [])
        # recognised by either attribute: without its market option, its operation code still says so
        del products["YSXJGN78QTXNVGDQ"]["market"]
        rows, _, _ = apl.parse_offer(products, terms, version, region="us-east-1", table=TABLE, currency="USD", sid="s", as_of="x")
        self.assertEqual([r["price"]["hourly"] for r in rows], ["32.7726"])
        self.assertEqual([x["sku"] for x in apl.capacity_blocks(products, region="us-east-1", table=TABLE)], ["YSXJGN78QTXNVGDQ"])
        # the replayed feed (the same file is the recorded set's us-east-1 offer file) lists it, and the
        # listing survives `make feed` (FeedOutput.to_json / from_json)
        out = apl.run_ec2(replay(), ctx())
        self.assertEqual([(x["region"], x["instance_type"]) for x in out.capacity_blocks], [("us-east-1", "p4d.24xlarge")])
        self.assertFalse([r for r in out.rows if r["price"]["model"] == "on_demand" and r["price"]["hourly"] == "0"])
        self.assertEqual([r["price"]["hourly"] for r in out.rows if r["region"] == "us-east-1"], ["32.7726"])
        again = FeedOutput.from_json(json.loads(json.dumps(out.to_json())))
        self.assertEqual(again.capacity_blocks, out.capacity_blocks)

    def test_capacity_block_listing_keeps_the_last_one_for_a_region_that_failed(self):
        """listing(): this run's, plus the last accepted listing of the regions whose offer file failed;
        a feed that failed as a whole (or did not run) gives the last accepted listing."""
        last = {"capacity_blocks": [{"region": "eu-west-1", "instance_type": "p5.48xlarge"},
                                    {"region": "us-east-1", "instance_type": "p5.48xlarge"}]}
        out = FeedOutput("aws-ec2", "aws")
        out.capacity_blocks = [{"region": "us-east-1", "instance_type": "p4d.24xlarge"}]
        out.fail("HTTP 500", region="eu-west-1")
        self.assertEqual([(x["region"], x["instance_type"]) for x in apl.listing(out, last)],
                         [("eu-west-1", "p5.48xlarge"), ("us-east-1", "p4d.24xlarge")])  # us-east-1 p5 gone this run
        out.status = "failed"
        self.assertEqual(apl.listing(out, last), last["capacity_blocks"])
        self.assertEqual(apl.listing(None, None), [])

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

    def test_a_price_in_another_currency_is_flagged_and_left_out(self):
        """A CNY dimension in the USD list: flagged (currency gate) and the row not emitted, so accepting the
        flag cannot publish a CNY figure labelled USD; a Standard RI left out is not replaced by the
        Convertible one either. (Before: flagged, and still emitted as USD.)"""
        text = (FIX / "aws" / "ec2_ap-northeast-1.csv").read_text()
        lines = text.splitlines(keepends=True)
        for i, l in enumerate(lines):
            if l.startswith('"FIXP5APN1LINUX01","JRTCKXETXF"') or l.startswith('"FIXP5APN1LINUX01","PART3YSTD1"') and '"Quantity"' in l:
                lines[i] = l.replace('"USD"', '"CNY"', 1)
        rows, problems, _ = apl.parse_offer(*apl.records_from_csv(io.StringIO("".join(lines))), region="ap-northeast-1",
                                            table=TABLE, currency="USD", sid="s", as_of="x")
        got = by(rows)
        self.assertNotIn(("ap-northeast-1", "p5.48xlarge", "on_demand", None, None), got)
        self.assertNotIn(("ap-northeast-1", "p5.48xlarge", "reserved", 36, "partial"), got)  # not the Convertible either
        self.assertIn(("ap-northeast-1", "p5.48xlarge", "reserved", 12, "partial"), got)    # the rest goes on
        self.assertEqual(sorted((p["gate"], p["row"]) for p in problems),
                         [("currency", "aws:ap-northeast-1:p5.48xlarge/on_demand"),
                          ("currency", "aws:ap-northeast-1:p5.48xlarge/reserved/36/partial")])
        self.assertTrue(all("CNY in a price list billed in USD" in p["detail"] for p in problems))
        self.assertFalse([r for r in rows if r["price"]["currency"] != "USD"])

    def test_a_region_whose_offer_file_fails_is_that_regions_failure_and_the_others_go_on(self):
        """HTTP error after the retries (eu-central-1, JSON), a truncated CSV (ap-northeast-1): each a
        failure of its region (FeedOutput.fail), us-east-1 still priced; the same for a Savings Plans offer
        file; only the region index failing fails the feed. (Before: the first error sank the feed.)"""
        c = Copy()
        self.addCleanup(c.close)
        def err(e):
            if e["file"].endswith("ec2_eu-central-1.json"):
                e["status"] = 500
        c.edit(err)
        csv_path = c.rec / "aws" / "ec2_ap-northeast-1.csv"
        csv_path.write_text(csv_path.read_text()[:3000])
        sp = c.rec / "aws" / "sp_us-east-1.json"
        sp.write_text(sp.read_text()[:200])
        out = apl.run_ec2(Replay(c.rec), ctx())
        self.assertEqual({r["region"] for r in out.rows}, {"us-east-1"})
        fails = {f["unit"]: f for f in out.failures}
        # (+ the us-east-1 recording's usage rate: it has no EBS gp3 product; test_usage_aws)
        self.assertEqual(set(fails), {"aws:eu-central-1", "aws:ap-northeast-1", "aws:us-east-1/usage:storage_per_gb_month"})
        self.assertIn("HTTP 500", fails["aws:eu-central-1"]["why"])
        self.assertIn("truncated", fails["aws:ap-northeast-1"]["why"])
        self.assertFalse(any(f["expected"] for f in out.failures))
        out = apl.run_savings_plans(Replay(c.rec), ctx())
        self.assertEqual([(f["unit"], "not JSON" in f["why"]) for f in out.failures], [("aws:us-east-1", True)])
        def index_err(e):
            if e["file"].endswith("ec2_region_index.json"):
                e["status"] = 503
        c.edit(index_err)
        with self.assertRaises(FeedError):
            apl.run_ec2(Replay(c.rec), ctx())

    def test_live_offer_files_are_streamed_parsed_and_deleted_one_at_a_time(self):
        """Peak disk: one offer file. While each region's CSV is parsed, the live transport's temporary
        folder holds that file only, and nothing is left after the run. (Before: every region's file,
        hundreds of MB each, stayed until the process ended.)"""
        regions = ("ap-northeast-1", "eu-central-1", "us-east-1")
        index = {"regions": {r: {"regionCode": r, "currentVersionUrl": f"/offers/v1.0/aws/AmazonEC2/20261128000000/{r}/index.json"}
                             for r in regions}}
        body = (FIX / "aws" / "ec2_ap-northeast-1.csv").read_bytes()
        tr = Live(env={})
        got, seen = [], []
        real = apl.records_from_csv

        def parse(f, *a, **kw):
            seen.append(sorted(os.listdir(tr._tmp.name)))
            return real(f, *a, **kw)

        def to_file(url, path, **kw):
            got.append(url)
            Path(path).write_bytes(body)

        with mock.patch("feeds.transport.fetch", return_value=json.dumps(index).encode()), \
                mock.patch("feeds.transport.fetch_to_file", side_effect=to_file), \
                mock.patch.object(apl, "records_from_csv", side_effect=parse):
            out = apl.run_ec2(tr, ctx())
        self.assertEqual([u.rsplit("/", 2)[1] for u in got], list(regions))
        self.assertTrue(all(u.endswith("/index.csv") for u in got))
        self.assertEqual([len(x) for x in seen], [1, 1, 1])
        self.assertEqual(os.listdir(tr._tmp.name), [])
        self.assertEqual({r["region"] for r in out.rows}, {"ap-northeast-1"})
        # the Tokyo body has no EBS gp3 product of the other regions: their usage rates fail (test_usage_aws)
        self.assertEqual([f["unit"] for f in out.failures], ["aws:eu-central-1/usage:storage_per_gb_month",
                                                            "aws:us-east-1/usage:storage_per_gb_month"])

    def test_a_full_disk_is_named_not_retried_and_fails_that_region_only(self):
        """ENOSPC while writing the offer file (at a write, or at the final flush on close) is
        "disk full (...)", raised at once (one request, no sleep), the partial file removed; through the
        live transport it is a failure of that region, the next region is still fetched. (Before:
        "connection failed", retried 5 times, and the feed failed as a whole.)"""
        body = b"x" * 5000
        Resp = Urlopened

        class Full(io.BytesIO):
            def __init__(self, at_close=False):
                super().__init__()
                self.at_close = at_close

            def write(self, b):
                if not self.at_close:
                    raise OSError(errno.ENOSPC, "No space left on device")
                return super().write(b)

            def close(self):
                if self.at_close:
                    self.at_close = False
                    raise OSError(errno.ENOSPC, "No space left on device")
                super().close()

        for at_close in (False, True):
            with tempfile.TemporaryDirectory() as d, \
                    mock.patch("feeds.http.urllib.request.urlopen", side_effect=lambda req, timeout: Resp(body)) as op, \
                    mock.patch("feeds.http.open", create=True, side_effect=lambda *a, **k: Full(at_close)):
                sleeps = []
                path = Path(d) / "offer.csv"
                path.write_bytes(b"partial")
                with self.assertRaises(FeedError) as cm:
                    fetch_to_file("https://example.test/offer.csv", path, sleep=sleeps.append)
                self.assertIn("disk full (", str(cm.exception))
                self.assertNotIn("connection failed", str(cm.exception))
                self.assertEqual((op.call_count, sleeps, path.exists()), (1, [], False))

        regions = ("ap-northeast-1", "eu-central-1", "us-east-1")
        index = {"regions": {r: {"regionCode": r, "currentVersionUrl": f"/offers/v1.0/aws/AmazonEC2/20261128000000/{r}/index.json"}
                             for r in regions}}
        csv_body = (FIX / "aws" / "ec2_ap-northeast-1.csv").read_bytes()
        asked, opened = [], []

        def urlopen(req, timeout):
            asked.append(req.full_url)
            return Resp(json.dumps(index).encode() if req.full_url.endswith("region_index.json") else csv_body)

        def open_(path, mode="r", *a, **k):
            opened.append(path)
            return Full() if len(opened) == 2 else open(path, mode, *a, **k)

        tr = Live(env={}, fetch_kw={"sleep": lambda s: None})
        with mock.patch("feeds.http.urllib.request.urlopen", side_effect=urlopen), \
                mock.patch("feeds.http.open", create=True, side_effect=open_):
            out = apl.run_ec2(tr, ctx())
        [f] = [f for f in out.failures if f["scope"].get("model") != usage_unit()]  # usage: test_usage_aws
        self.assertEqual(f["unit"], "aws:eu-central-1")
        self.assertIn("disk full (", f["why"])
        self.assertEqual([u.rsplit("/", 2)[1] for u in asked[1:]], list(regions))  # each asked once, the next one too
        self.assertEqual({r["region"] for r in out.rows}, {"ap-northeast-1"})

    def test_recording_a_large_offer_file_copies_it_by_streaming(self):
        """RECORD=DIR keeps the offer file with a streamed copy, never reading it whole into memory
        (Before: path.read_bytes())."""
        body = (FIX / "aws" / "ec2_ap-northeast-1.csv").read_bytes()
        url = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/20261128000000/ap-northeast-1/index.csv"
        with tempfile.TemporaryDirectory() as d:
            tr = Live(record=Path(d), env={})
            def whole(self, *a, **k):
                raise AssertionError(f"{self} read whole into memory")
            with mock.patch("feeds.transport.fetch_to_file", side_effect=lambda u, p, **kw: Path(p).write_bytes(body)), \
                    mock.patch.object(pathlib.Path, "read_bytes", whole):
                resp = tr.get_large("aws-ec2", url)
            [e] = json.loads((Path(d) / "manifest.json").read_text())["responses"]
            self.assertEqual(((Path(d) / e["file"]).read_bytes(), e["request"]), (body, url))
            self.assertEqual(resp.path.read_bytes(), body)

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
        """The file's figure is the region's lowest price: the minimum, the maximum marked unknown
        (hourly_max only a placeholder; refresh resolves it). N/A and 0 (the file's "not offered") are
        noted, never rows; a figure that is not a number reaches the bad-price gate. (Before: the figure
        was stored as both min and max.)"""
        out = aws_spot.run(replay(), ctx())
        got = by(out.rows)
        p4d = got[("us-east-1", "p4d.24xlarge", "spot", None, None)]
        self.assertEqual((p4d["hourly_min"], p4d["hourly_max"], p4d["hourly_max_unknown"], p4d["as_of"]),
                         ("16.5", "16.5", True, "2026-11-30"))
        self.assertIn("lowest current Linux price, stored as the minimum", p4d["note"])
        self.assertIn("hourly_max_unknown", p4d["note"])
        self.assertIn("interruption frequency 10-15%", p4d["note"])
        self.assertEqual(p4d["interruption_band"], "10-15")
        self.assertTrue(all(r["price"]["hourly_max_unknown"] is True for r in out.rows))
        self.assertNotIn(("us-east-1", "g4dn.xlarge", "spot", None, None), got)  # N/A*
        self.assertNotIn(("us-east-1", "g5.xlarge", "spot", None, None), got)    # 0 = not offered
        self.assertEqual(sorted(n for n in out.notes if "not offered" in n),
                         ["aws us-east-1 g4dn.xlarge: spot file says N/A (not offered)",
                          "aws us-east-1 g5.xlarge: spot file price 0 = not offered there (the file's convention)"])
        data = json.loads(strip_callback((FIX / "aws" / "spot.json").read_bytes()))
        sizes = data["config"]["regions"][0]["instanceTypes"][0]["sizes"]
        sizes[0]["valueColumns"][0]["prices"]["USD"] = "call us"
        sizes[3]["valueColumns"][0]["prices"]["USD"] = "0.0000"
        rows, _, notes = aws_spot.parse_spot_file(data, table=TABLE, regions={"us-east-1"}, sid="s", as_of="x", advisor={})
        [bad] = [r["price"] for r in rows if r["instance_type"] == "p4d.24xlarge"]
        self.assertEqual(bad["hourly_min"], "call us")
        self.assertIn("not a number", refresh.bad_value(bad))
        self.assertEqual(len([n for n in notes if "not offered" in n]), 2)

    def test_real_samples_parse(self):
        bands = aws_spot.parse_advisor(json.loads((REAL / "aws_spot_advisor_data_sample.json").read_text()))
        self.assertEqual(bands[("eu-north-1", "r7g.large")], {"label": "<5%", "band": "lt5",
                         "note": "interruption frequency <5% (Spot Advisor; savings 70 % vs on-demand)"})
        rows, problems, _ = aws_spot.parse_spot_file(json.loads((REAL / "aws_spot_json_sample.json").read_text()), table=TABLE,
                                                     regions={"us-east-1"}, sid="s", as_of="x", advisor=bands)
        self.assertEqual((rows, problems), ([], []))  # m6i/m6g: not GPU families
        rows, _, _ = aws_spot.parse_spot_file(json.loads((REAL / "aws_spot_json_sample.json").read_text()),
                                              table=[["m6i.", "m6i", "x"]], regions={"us-east-1"}, sid="s", as_of="x", advisor={})
        self.assertEqual(rows[0]["price"]["hourly_max"], "0.0615")
        with self.assertRaises(ValueError):
            aws_spot.parse_spot_file({"vers": 1}, table=TABLE, regions=set(), sid="s", as_of="x", advisor={})

    def test_spot_advisor_bands_are_structured_by_their_label_and_an_unknown_label_gives_none(self):
        """The real advisor sample's ranges (index 0..4: "<5%", "5-10%", "10-15%", "15-20%", ">20%") map to
        the engine's SpotBand codes by their label; each sampled type gets its range's code (r 0 → lt5,
        1 → 5-10, 2 → 10-15, 3 → 15-20), and a spot row carries it as "interruption_band" beside the note.
        A label not among them (a new range, a reworded one) gives no band and one schema problem, never a
        guessed band; the note keeps the label as published. (Before: the band was only in the note.)"""
        adv = json.loads((REAL / "aws_spot_advisor_data_sample.json").read_text())
        self.assertEqual([(r["index"], r["label"], aws_spot.band_code(r["label"])) for r in adv["ranges"]],
                         [(0, "<5%", "lt5"), (1, "5-10%", "5-10"), (2, "10-15%", "10-15"), (3, "15-20%", "15-20"),
                          (4, ">20%", "gt20")])
        self.assertEqual(sorted(aws_spot.BAND_OF_LABEL.values()), sorted(("lt5", "5-10", "10-15", "15-20", "gt20")))
        bands = aws_spot.parse_advisor(adv)
        self.assertEqual({k[1]: v["band"] for k, v in bands.items()},
                         {"r5dn.24xlarge": "10-15", "m7gd.8xlarge": "5-10", "m7a.16xlarge": "15-20", "c6gd.medium": "5-10",
                          "r7g.large": "lt5", "c6gd.8xlarge": "lt5", "r7a.2xlarge": "lt5", "t3.large": "lt5", "m6g.12xlarge": "lt5"})
        self.assertEqual(aws_spot.band_code(" < 5 % "), "lt5")  # whitespace aside, the label's text only
        for label in ("<5", "5–10%", "20-30%", "", None, 0):
            self.assertIsNone(aws_spot.band_code(label), label)
        # a spot row in each real band (the sample's types standing in for GPU families)
        data = json.loads(strip_callback((FIX / "aws" / "spot.json").read_bytes()))
        sizes = data["config"]["regions"][0]["instanceTypes"][0]["sizes"]
        code = data["config"]["regions"][0]["region"]
        fake = {(code, s["size"]): bands[("eu-north-1", t)] for s, t in zip(sizes, ("r7g.large", "m7gd.8xlarge", "r5dn.24xlarge", "m7a.16xlarge"))}
        rows, problems, _ = aws_spot.parse_spot_file(data, table=TABLE, regions={code}, sid="s", as_of="x", advisor=fake)
        self.assertEqual(problems, [])
        [r] = [r for r in rows if r["instance_type"] == sizes[0]["size"]]
        self.assertEqual(r["price"]["interruption_band"], "lt5")
        self.assertTrue(r["price"]["note"].endswith("; interruption frequency <5% (Spot Advisor; savings 70 % vs on-demand)"))
        self.assertTrue(all(r["price"]["interruption_band"] in ("lt5", "5-10", "10-15", "15-20") for r in rows))
        # an unknown label: no band, one schema problem naming the rows; the refresh's bad_band refuses a
        # band that is not a SpotBand code, or a band on another billing model
        adv["ranges"][4]["label"] = "20-30%"
        adv["spot_advisor"]["us-east-1"] = {"Linux": {sizes[0]["size"]: {"s": 50, "r": 4}}}
        rows, problems, _ = aws_spot.parse_spot_file(data, table=TABLE, regions={code}, sid="s", as_of="x",
                                                     advisor=aws_spot.parse_advisor(adv))
        [r] = [r for r in rows if r["instance_type"] == sizes[0]["size"]]
        self.assertNotIn("interruption_band", r["price"])
        self.assertIn("interruption frequency 20-30% (Spot Advisor", r["price"]["note"])
        self.assertEqual([(p["gate"], p["row"]) for p in problems], [("schema", "aws-spot/spot-advisor:20-30%")])
        self.assertIn(f"no interruption_band on 1 spot row(s) (aws:us-east-1:{sizes[0]['size']}/spot)", problems[0]["detail"])
        self.assertIsNone(refresh.bad_band(dict(r["price"], interruption_band="gt20")))
        self.assertIn("is not one of", refresh.bad_band(dict(r["price"], interruption_band=">20%")))
        self.assertEqual(refresh.bad_band({"model": "on_demand", "interruption_band": "lt5"}), "interruption_band on a on_demand price")

    def test_history_is_the_range_of_per_az_medians_linux_only(self):
        """Replayed under boto3 from the raw EC2 XML, two pages (NextToken); the opt-in region visited
        first (ap-east-1, OptInRequired) is an expected failure and the next regions go on. (Before: the
        recording was a JSON dump of boto3's result, and the SDK never ran on a replay.)"""
        out = aws_spot.run_history(replay(), ctx())
        [r] = out.rows
        self.assertEqual((r["price"]["hourly_min"], r["price"]["hourly_max"], r["price"]["as_of"]), ("16.2", "17", "2026-11-30"))
        self.assertIn("us-east-1a 16.2 (min 16.1), us-east-1b 17 (min 17)", r["price"]["note"])
        self.assertEqual(out.failures, [{"unit": "aws:ap-east-1", "scope": {"provider": "aws", "region": "ap-east-1"},
                                         "why": "opt-in region not enabled for this account", "expected": True}])
        self.assertEqual(out.fetched, "2026-11-30")

    def test_history_errors_after_bounded_retries_fail_their_region_only(self):
        """A persistent throttle (RequestLimitExceeded, HTTP 503) is retried by botocore's standard mode,
        3 tries in all, then fails that region (not expected); AuthFailure and UnauthorizedOperation fail
        their regions at once; a region whose recording runs out fails too; us-east-1 is still priced.
        Sleeps are patched here only. (Before: the first error sank the feed.)"""
        err = lambda code, msg: (f'<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error><Code>{code}</Code>'
                                 f'<Message>{msg}</Message></Error></Errors><RequestID>r-1</RequestID></Response>')
        d = wire_folder({
            "ap-south-1": [(503, err("RequestLimitExceeded", "Request limit exceeded."))],
            "eu-west-1": [(401, err("AuthFailure", "AWS was not able to validate the provided access credentials"))],
            "eu-west-2": [(403, err("UnauthorizedOperation", "You are not authorized to perform this operation."))],
            "sa-east-1": [(200, (FIX / "aws" / "spot_history_us-east-1_p1.xml").read_text())],  # has a nextToken, no page 2
            "us-east-1": [(200, (FIX / "aws" / "spot_history_us-east-1_p1.xml").read_text()),
                          (200, (FIX / "aws" / "spot_history_us-east-1_p2.xml").read_text())],
        })
        self.addCleanup(d.cleanup)
        tr = Replay(Path(d.name))
        with mock.patch("time.sleep") as sleep:
            out = aws_spot.run_history(tr, ctx())
        fails = {f["unit"]: f for f in out.failures}
        self.assertEqual(set(fails), {"aws:ap-south-1", "aws:eu-west-1", "aws:eu-west-2", "aws:sa-east-1"})
        self.assertFalse(any(f["expected"] for f in out.failures))
        self.assertIn("RequestLimitExceeded (HTTP 503, after 3 tries)", fails["aws:ap-south-1"]["why"])
        self.assertEqual(sleep.call_count, 2)
        self.assertTrue(fails["aws:eu-west-1"]["why"].startswith("AuthFailure (HTTP 401)"))
        self.assertTrue(fails["aws:eu-west-2"]["why"].startswith("UnauthorizedOperation (HTTP 403)"))
        self.assertIn("exchange 2 not in the recording", fails["aws:sa-east-1"]["why"])
        self.assertEqual([r["region"] for r in out.rows], ["us-east-1"])

    def test_credentialed_feeds_without_credentials_are_skipped_with_one_line(self):
        for fn, feed in ((aws_spot.run_history, "aws-spot-history"), (alibaba.run_sdk, "alibaba-sdk"), (tencent.run, "tencent-sdk")):
            out = fn(Live(env={}), ctx({}))
            self.assertEqual(out.status, "skipped", feed)
            self.assertIn("no credentials", out.why)
            self.assertNotIn("\n", out.why)
            self.assertEqual(out.rows, [])


def wire_folder(by_region: dict, recorded="2026-11-30", kind="written", source="written for the tests") -> tempfile.TemporaryDirectory:
    """A recorded folder of aws-spot-history exchanges: {region: [(status, raw EC2 XML body), ...]}, the
    n-th exchange of a region's call recorded as `KEY` (n = 1) or `KEY #n`."""
    d = tempfile.TemporaryDirectory(prefix="gpucost-awswire-")
    resp = []
    for region, exchanges in by_region.items():
        for n, (status, body) in enumerate(exchanges, 1):
            f = f"{region}_{n}.xml"
            (Path(d.name) / f).write_text(body, encoding="utf-8")
            key = aws_spot.history_key(region)
            resp.append({"feed": "aws-spot-history", "request": key if n == 1 else f"{key} #{n}", "file": f, "status": status,
                         "content_type": "text/xml;charset=UTF-8", "kind": kind, "recorded": recorded, "source": source,
                         "what": f"{region} exchange {n}"})
    (Path(d.name) / "manifest.json").write_text(json.dumps({"recorded": recorded, "responses": resp}), encoding="utf-8")
    return d


if __name__ == "__main__":
    unittest.main()
