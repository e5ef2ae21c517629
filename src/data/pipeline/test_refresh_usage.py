"""The usage rates a feed reads (storage per GB-month, issue 49), merged by the refresh (`--parsed`, the
workflow's merge step): gated like prices, a failed region keeps its last accepted rate, and only what
passed reaches the catalog. The feed outputs are written here by hand in FeedOutput's shape; the feeds'
own tests read the rates from the providers' responses."""

import copy
import io
import json
import shutil
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import refresh
from feeds.base import FeedOutput, source, usage_row

DATE = "2026-12-01"
SID = "aws-pl-us-east-1"
SID2 = "aws-pl-ap-northeast-1"
KIND = "storage_per_gb_month"


def output(usage=(), failures=()) -> FeedOutput:
    """aws-ec2's output: p4d.24xlarge on demand in us-east-1 (one GPU row: the gates want one) and the
    given usage rates."""
    o = FeedOutput("aws-ec2", "aws", fetched=DATE)
    o.sources = {SID: source(SID, "AWS Price List: AmazonEC2 us-east-1", "https://pricing.us-east-1.amazonaws.com/x.json", DATE, "live"),
                 SID2: source(SID2, "AWS Price List: AmazonEC2 ap-northeast-1", "https://pricing.us-east-1.amazonaws.com/y.json", DATE, "live")}
    o.rows = [{"provider": "aws", "region": "us-east-1", "instance_type": "p4d.24xlarge",
               "price": {"model": "on_demand", "hourly": "21.957642", "currency": "USD", "source": SID, "as_of": DATE}}]
    o.usage = list(usage)
    for region, model in failures:
        o.fail("HTTP 503", region=region, model=model)
    return o


def rate(region, price, currency="USD", sid=SID):
    return usage_row("aws", region, KIND, currency, price, sid, DATE, "EBS gp3 per GB-month.")


class UsageMergeTest(unittest.TestCase):
    def setUp(self):
        self._d = tempfile.TemporaryDirectory(prefix="gpucost-usage-")
        self.root = Path(self._d.name)
        self.out = self.root / "out"

    def tearDown(self):
        self._d.cleanup()

    def run_with(self, o: FeedOutput, *extra):
        parsed = self.root / "parsed"
        shutil.rmtree(parsed, ignore_errors=True)
        parsed.mkdir()
        (parsed / "aws-ec2.json").write_text(json.dumps(o.to_json()), encoding="utf-8")
        so, se = io.StringIO(), io.StringIO()
        with redirect_stdout(so), redirect_stderr(se):
            rc = refresh.main(["--parsed", str(parsed), "--out", str(self.out), "--feeds", "aws-ec2", *extra])
        return rc, so.getvalue(), se.getvalue()

    def written(self, o: FeedOutput, *extra) -> tuple[dict, str]:
        rc, out, err = self.run_with(o, *extra)
        self.assertEqual(rc, 0, out + err)
        return json.loads((self.out / "catalog.json").read_text(encoding="utf-8")), out

    def state(self) -> dict:
        return {f: (self.out / f).read_bytes() for f in ("catalog.json", "accepted.json", "history.json")}

    def refused(self, o: FeedOutput, gate: str, row: str):
        before = self.state()
        rc, out, err = self.run_with(o)
        self.assertEqual(rc, 3, out + err)
        self.assertIn(f"refused: {gate}: {row}: ", err)
        self.assertEqual(self.state(), before)  # nothing written
        return err

    @staticmethod
    def rates(cat) -> dict:
        return {(u["region"], u["kind"]): u for u in cat["usage_rates"] if u["provider"] == "aws"}

    def test_a_feed_rate_replaces_the_research_rate_and_adds_a_region(self):
        cat, out = self.written(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "0.096", sid=SID2)]))
        r = self.rates(cat)
        self.assertEqual((r["us-east-1", KIND]["tiers"], r["us-east-1", KIND]["source"], r["us-east-1", KIND]["as_of"]),
                         ([{"up_to": None, "price": "0.08"}], SID, DATE))  # was ic-aws-ebs of 2024-07-01
        self.assertEqual((r["ap-northeast-1", KIND]["tiers"][0]["price"], r["ap-northeast-1", KIND]["source"]), ("0.096", SID2))
        self.assertEqual(r["us-east-1", "egress_per_gb"]["source"], "ic-aws-dt")  # the feed read no egress: untouched
        ids = {s["id"] for s in cat["sources"]}
        self.assertTrue({SID, SID2} <= ids)
        self.assertNotIn("ic-aws-ebs", ids)  # cited by nothing any more
        self.assertIn("| `aws:ap-northeast-1/storage_per_gb_month` | — | 0.096 USD (2026-12-01) | — | aws-pl-ap-northeast-1 |", out)
        acc = json.loads((self.out / "accepted.json").read_text(encoding="utf-8"))
        self.assertEqual([u["region"] for u in acc["feeds"]["aws-ec2"]["usage"]], ["ap-northeast-1", "us-east-1"])
        # the same again: nothing changed
        rc, out, err = self.run_with(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "0.096", sid=SID2)]))
        self.assertEqual(rc, 0, err)
        self.assertIn("nothing changed", out)

    def test_a_failed_region_keeps_its_last_rate_and_source(self):
        self.written(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "0.096", sid=SID2)]))
        o = output([rate("us-east-1", "0.08")], failures=[("ap-northeast-1", "usage:" + KIND)])
        del o.sources[SID2]
        cat, out = self.written(o)
        r = self.rates(cat)["ap-northeast-1", KIND]
        self.assertEqual((r["tiers"][0]["price"], r["source"], r["as_of"]), ("0.096", SID2, DATE))
        self.assertIn(SID2, {s["id"] for s in cat["sources"]})
        self.assertIn("| aws-ec2 | `aws:ap-northeast-1/usage:storage_per_gb_month` | **no** | HTTP 503 | 1 |", out)
        # a failure of one instance type in the region does not hold the rate
        o = output([rate("us-east-1", "0.08")], failures=[("ap-northeast-1", None)])
        o.failures[0]["scope"]["instance_type"] = "p5.48xlarge"
        cat, out = self.written(o)
        self.assertNotIn(("ap-northeast-1", KIND), self.rates(cat))
        self.assertIn("| 0.096 USD (2026-12-01) | — | — | aws-pl-ap-northeast-1 (gone) |", out)

    def test_a_kept_rate_keeps_the_source_record_it_was_read_with(self):
        # the region's offer file answered again (a newer record under the same id) without the rate
        self.written(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "0.096", sid=SID2)]))
        o = output([rate("us-east-1", "0.08")], failures=[("ap-northeast-1", "usage:" + KIND)])
        o.fetched = "2027-01-15"
        o.sources[SID2] = source(SID2, "AWS Price List: AmazonEC2 ap-northeast-1", "https://pricing.us-east-1.amazonaws.com/z.json",
                                 "2027-01-15", "live")
        cat, _ = self.written(o)
        r = self.rates(cat)["ap-northeast-1", KIND]
        self.assertEqual((r["tiers"][0]["price"], r["as_of"], r["source"]), ("0.096", DATE, SID2 + "@" + DATE))
        recs = {s["id"]: s for s in cat["sources"]}
        self.assertEqual((recs[r["source"]]["reference"], recs[r["source"]]["as_of"]),
                         ("https://pricing.us-east-1.amazonaws.com/y.json", DATE))
        acc = json.loads((self.out / "accepted.json").read_text(encoding="utf-8"))["feeds"]["aws-ec2"]["sources"]
        self.assertEqual(acc[SID2]["as_of"], "2027-01-15")  # this run's record stays for this run's rows
        # and again: the kept rate still cites the record it was read with
        cat, _ = self.written(o)
        self.assertEqual(self.rates(cat)["ap-northeast-1", KIND]["source"], SID2 + "@" + DATE)

    def test_a_rate_no_longer_read_without_a_failure_is_gone_and_the_research_rate_returns(self):
        self.written(output([rate("us-east-1", "0.09")]))
        cat, out = self.written(output([rate("ap-northeast-1", "0.096", sid=SID2)]))
        r = self.rates(cat)["us-east-1", KIND]
        self.assertEqual((r["tiers"][0]["price"], r["source"]), ("0.08", "ic-aws-ebs"))
        self.assertIn("| `aws:us-east-1/storage_per_gb_month` | 0.09 USD (2026-12-01) | 0.08 USD (2024-07-01) | -11.1 % | ic-aws-ebs |", out)
        hist = json.loads((self.out / "history.json").read_text(encoding="utf-8"))
        self.assertEqual([(e["rate"]["tiers"][0]["price"], e["by"]) for e in hist if e.get("usage") == "aws:us-east-1:storage_per_gb_month"],
                         [("0.08", SID), ("0.09", "ic-aws-ebs")])  # research → feed, feed → research

    def test_gate_bad_price(self):
        self.written(output([rate("us-east-1", "0.08")]))
        for bad in ("0", "-0.08", "NaN", "Infinity", "abc", None):
            u = rate("us-east-1", "0.08")
            u["tiers"][0]["price"] = bad
            self.refused(output([u]), "bad-price", "aws:us-east-1/usage:storage_per_gb_month")

    def test_gate_schema(self):
        self.written(output([rate("us-east-1", "0.08")]))
        u = rate("us-east-1", "0.08")
        u["tiers"] = [{"up_to": 100, "price": "0"}, {"up_to": None, "price": "0.08"}]
        self.refused(output([u]), "schema", "aws:us-east-1/usage:storage_per_gb_month")
        u = rate("us-east-1", "0.08")
        u["kind"] = "ipv4_per_hour"  # a kind the catalog does not know
        self.refused(output([u]), "schema", "aws:us-east-1/usage:ipv4_per_hour")
        self.refused(output([rate("us-east-1", "0.08", sid="aws-unlisted")]), "schema", "aws:us-east-1/usage:storage_per_gb_month")
        for bad in ("yesterday", "2026-12-01-junk", "2026-1-1", 20261201):
            u = rate("us-east-1", "0.08")
            u["as_of"] = bad
            self.refused(output([u]), "schema", "aws:us-east-1/usage:storage_per_gb_month")
        u = rate("us-east-1", "0.08")
        del u["currency"]  # never a crash: the refresh names it
        self.refused(output([u]), "schema", "aws:us-east-1/usage:storage_per_gb_month")

    def test_gate_unit(self):
        # a disk-month price (E30 76.80 USD) or a GB-hour price is not a GB-month rate
        self.written(output([rate("us-east-1", "0.08")]))
        for bad in ("76.8", "0.00011"):
            err = self.refused(output([rate("us-east-1", bad)]), "unit", "aws:us-east-1/usage:storage_per_gb_month")
            self.assertIn("outside 0.01–2", err)
        cat, _ = self.written(output([rate("us-east-1", "2")]), "--accept", "move:aws:us-east-1/usage:storage_per_gb_month",
                              "--why", "the bound itself passes the unit gate")
        self.assertEqual(self.rates(cat)["us-east-1", KIND]["tiers"][0]["price"], "2")

    def test_gate_currency_and_duplicate(self):
        self.written(output([rate("us-east-1", "0.08")]))
        self.refused(output([rate("us-east-1", "0.55", "CNY")]), "currency", "aws:us-east-1/usage:storage_per_gb_month")
        self.refused(output([rate("us-east-1", "0.08"), rate("us-east-1", "0.09")]), "duplicate",
                     "aws:us-east-1/usage:storage_per_gb_month")

    def test_gate_move_and_its_acceptance(self):
        self.written(output([rate("us-east-1", "0.08")]))
        err = self.refused(output([rate("us-east-1", "0.25")]), "move", "aws:us-east-1/usage:storage_per_gb_month")
        self.assertIn("0.08 USD (aws-pl-us-east-1, 2026-12-01) → 0.25 USD (3.12×)", err)
        cat, _ = self.written(output([rate("us-east-1", "0.25")]), "--accept", "move:aws:us-east-1/usage:storage_per_gb_month",
                              "--why", "checked on the console")
        self.assertEqual(self.rates(cat)["us-east-1", KIND]["tiers"][0]["price"], "0.25")
        # the rate it replaced is kept in the history, with the reason
        hist = json.loads((self.out / "history.json").read_text(encoding="utf-8"))
        [e] = [e for e in hist if e.get("usage") == "aws:us-east-1:storage_per_gb_month"]
        self.assertEqual((e["rate"]["tiers"], e["rate"]["source"], e["by"], e["why"]),
                         ([{"up_to": None, "price": "0.08"}], SID, SID, "checked on the console"))

    def test_gate_first_seen(self):
        self.written(output([rate("us-east-1", "0.08")]))
        # a new region at 1 USD/GB-month: 12.5× the provider's one rate (0.08)
        err = self.refused(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "1", sid=SID2)]), "first-seen",
                           "aws:ap-northeast-1/usage:storage_per_gb_month")
        self.assertIn("12.50× the median 0.08 of 1 storage_per_gb_month rate(s) at aws", err)

    def test_a_providers_first_rate_is_not_held_to_another_providers(self):
        def u(provider, region, price, sid):
            return usage_row(provider, region, KIND, "CNY", price, sid, DATE)
        ali = u("alibaba", "cn-shanghai", "1", "ali-disk")  # ESSD PL1: another product than Tencent's disk
        tc = u("tencent", "ap-guangzhou", "0.3066", "t")
        self.assertEqual(refresh.usage_moves({"usage_rates": [ali]}, {"usage_rates": [ali, tc]}, {"t"}), [])
        # held to the provider's own rates: 0.3066 against Tencent's 1 is 0.31×
        [(gate, row, _)] = refresh.usage_moves({"usage_rates": [ali, u("tencent", "ap-beijing", "1", "t0")]},
                                               {"usage_rates": [ali, tc]}, {"t"})
        self.assertEqual((gate, row), ("first-seen", "tencent:ap-guangzhou/usage:storage_per_gb_month"))

    def test_gate_fewer_rates(self):
        self.written(output([rate("us-east-1", "0.08"), rate("ap-northeast-1", "0.096", sid=SID2),
                             rate("ap-southeast-1", "0.096", sid=SID2)]))
        self.refused(output([rate("us-east-1", "0.08")]), "fewer-offers", "aws-ec2/usage")
        # rates kept for a failed request count as present
        o = output([rate("us-east-1", "0.08")], failures=[("ap-northeast-1", None), ("ap-southeast-1", None)])
        del o.sources[SID2]
        self.written(o)

    def test_a_region_without_offers_is_not_carried(self):
        cat, out = self.written(output([rate("us-east-1", "0.08"), rate("eu-west-3", "0.0928", sid=SID2)]))
        self.assertNotIn(("eu-west-3", KIND), self.rates(cat))
        self.assertIn("aws-ec2 aws:eu-west-3/usage:storage_per_gb_month: no offer in the region: not carried", out)

    def test_a_failed_feed_keeps_its_rates(self):
        self.written(output([rate("us-east-1", "0.09")]))
        before = copy.deepcopy(json.loads((self.out / "accepted.json").read_text(encoding="utf-8")))
        o = FeedOutput("aws-ec2", "aws", "failed", "index unreachable")
        cat, out = self.written(o)
        self.assertEqual(self.rates(cat)["us-east-1", KIND]["tiers"][0]["price"], "0.09")
        acc = json.loads((self.out / "accepted.json").read_text(encoding="utf-8"))
        self.assertEqual(acc["feeds"]["aws-ec2"]["usage"], before["feeds"]["aws-ec2"]["usage"])


if __name__ == "__main__":
    unittest.main()
