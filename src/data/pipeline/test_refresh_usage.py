"""The usage rates a feed reads (storage per GB-month, issue 49; a public IPv4 address per address-hour), merged by the refresh (`--parsed`, the
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
IPV4 = "public_ipv4_per_hour"


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


def ip(region, price, currency="USD", sid=SID):
    return usage_row("aws", region, IPV4, currency, price, sid, DATE, "Public IPv4 address, per address-hour.")


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
            self.assertIn(f"{bad} USD per GB-month, outside 0.01–2", err)
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

    # ------------------------------------------------------------ a second kind: public IPv4 per address-hour

    def test_gate_unit_public_ipv4(self):
        """0.005 USD per address-hour (AWS's and Azure's fee) passes as published; a month figure (0.005 x 730 =
        3.65) or a day figure (0.12) is another unit; the bounds themselves pass. A storage bound is no IP bound:
        0.08 (a GB-month figure) would pass as storage, not as an address-hour."""
        self.written(output([rate("us-east-1", "0.08")]))
        for bad in ("3.65", "0.12", "0.08", "0.0005"):
            err = self.refused(output([rate("us-east-1", "0.08"), ip("us-east-1", bad)]), "unit", "aws:us-east-1/usage:public_ipv4_per_hour")
            self.assertIn(f"{bad} USD per address-hour, outside 0.001–0.05: a figure in another unit?", err)
        cat, _ = self.written(output([rate("us-east-1", "0.08"), ip("us-east-1", "0.005")]))
        r = self.rates(cat)["us-east-1", IPV4]
        self.assertEqual((r["tiers"], r["currency"], r["source"], r["as_of"]), ([{"up_to": None, "price": "0.005"}], "USD", SID, DATE))
        self.assertEqual(self.rates(cat)["us-east-1", KIND]["tiers"][0]["price"], "0.08")

    def test_unit_ranges_per_kind_and_currency(self):
        o = output()

        def gate(kind, cur, price):
            why = refresh.bad_usage(usage_row("aws", "us-east-1", kind, cur, price, SID, DATE), o)
            return why and why[0]
        self.assertEqual([gate(IPV4, "USD", v) for v in ("0.0009", "0.001", "0.005", "0.031", "0.05", "0.051", "3.65")],
                         ["unit", None, None, None, None, "unit", "unit"])
        self.assertEqual([gate(IPV4, "CNY", v) for v in ("0.004", "0.005", "0.2", "0.4", "0.41", "146")],
                         ["unit", None, None, None, "unit", "unit"])
        self.assertEqual([gate(KIND, "USD", v) for v in ("0.005", "0.08", "2", "2.01")], ["unit", None, None, "unit"])
        self.assertEqual([gate(KIND, "CNY", v) for v in ("0.04", "1", "15", "15.1")], ["unit", None, None, "unit"])
        self.assertEqual(refresh.bad_usage(usage_row("aws", "us-east-1", IPV4, "EUR", "0.005", SID, DATE), o),
                         ("schema", "currency 'EUR': not one of USD, CNY"))
        self.assertEqual(refresh.bad_usage(usage_row("aws", "us-east-1", IPV4, "CNY", "146", SID, DATE), o),
                         ("unit", "146 CNY per address-hour, outside 0.005–0.4: a figure in another unit?"))

    def test_a_storage_and_an_ip_rate_of_one_region_are_two_keys(self):
        """No duplicate: both are written, kept and failed apart. A failure of the IP rate keeps the last IP rate
        and not the storage rate; the IP rate it replaces goes to the history under its own key."""
        cat, out = self.written(output([rate("us-east-1", "0.08"), ip("us-east-1", "0.005"), rate("ap-northeast-1", "0.096", sid=SID2)]))
        r = self.rates(cat)
        self.assertEqual((r["us-east-1", KIND]["tiers"][0]["price"], r["us-east-1", IPV4]["tiers"][0]["price"]), ("0.08", "0.005"))
        acc = json.loads((self.out / "accepted.json").read_text(encoding="utf-8"))
        self.assertEqual([(u["region"], u["kind"]) for u in acc["feeds"]["aws-ec2"]["usage"]],
                         [("ap-northeast-1", KIND), ("us-east-1", IPV4), ("us-east-1", KIND)])
        # us-east-1's IP rate request failed, its storage rate was not read: the IP rate stands, the storage rate is gone
        cat, out = self.written(output([rate("ap-northeast-1", "0.096", sid=SID2)], failures=[("us-east-1", "usage:" + IPV4)]))
        r = self.rates(cat)
        self.assertEqual((r["us-east-1", IPV4]["tiers"][0]["price"], r["us-east-1", IPV4]["source"]), ("0.005", SID))
        self.assertEqual(r["us-east-1", KIND]["source"], "ic-aws-ebs")  # the research rate returns
        self.assertIn("| aws-ec2 | `aws:us-east-1/usage:public_ipv4_per_hour` | **no** | HTTP 503 | 1 |", out)
        # an IP rate renewed: the one it replaced is in the history under the IP key
        cat, out = self.written(output([rate("us-east-1", "0.08"), ip("us-east-1", "0.006")]))
        self.assertEqual(self.rates(cat)["us-east-1", IPV4]["tiers"][0]["price"], "0.006")
        self.assertIn("| `aws:us-east-1/public_ipv4_per_hour` | 0.005 USD (2026-12-01) | 0.006 USD (2026-12-01) | +20.0 % | aws-pl-us-east-1 |", out)
        hist = json.loads((self.out / "history.json").read_text(encoding="utf-8"))
        self.assertEqual([(e["rate"]["tiers"][0]["price"], e["by"]) for e in hist if e.get("usage") == "aws:us-east-1:public_ipv4_per_hour"],
                         [("0.005", SID)])

    def test_first_seen_judges_a_rate_against_its_own_kind_only(self):
        """A provider's first IP rate (0.005) beside its storage rates (0.08) is not 0.06× anything: it passes; a
        later IP rate is judged against the IP rates, a storage rate against the storage rates only.
        Through the merge: the catalog has aws storage rates and no aws IP rate."""
        self.written(output([rate("us-east-1", "0.08")]))
        cat, _ = self.written(output([rate("us-east-1", "0.08"), ip("ap-northeast-1", "0.005", sid=SID2)]))
        self.assertEqual(self.rates(cat)["ap-northeast-1", IPV4]["tiers"][0]["price"], "0.005")

        def u(region, kind, price, sid):
            return usage_row("aws", region, kind, "USD", price, sid, DATE)
        before = [u("us-east-1", KIND, "0.08", "s0"), u("us-east-1", IPV4, "0.005", "s0")]
        new = [u("ap-northeast-1", KIND, "0.096", "s"), u("ap-northeast-1", IPV4, "0.0055", "s")]
        self.assertEqual(refresh.usage_moves({"usage_rates": before}, {"usage_rates": before + new}, {"s"}), [])
        dear = [u("ap-northeast-1", KIND, "0.08", "s"), u("ap-northeast-1", IPV4, "0.05", "s")]
        self.assertEqual(refresh.usage_moves({"usage_rates": before}, {"usage_rates": before + dear}, {"s"}),
                         [("first-seen", "aws:ap-northeast-1/usage:public_ipv4_per_hour",
                           "0.05 USD, 10.00× the median 0.005 of 1 public_ipv4_per_hour rate(s) at aws")])
        # move: a rate against its own key's last value (0.005 → 0.02 is 4×; the storage rate at 0.02 would be 0.25×)
        moved = [u("us-east-1", KIND, "0.08", "s"), u("us-east-1", IPV4, "0.02", "s")]
        self.assertEqual([f[:2] for f in refresh.usage_moves({"usage_rates": before}, {"usage_rates": moved}, {"s"})],
                         [("move", "aws:us-east-1/usage:public_ipv4_per_hour")])

    def test_gate_fewer_rates_counts_each_kind(self):
        """Three storage and three IP rates, then the three storage rates alone with no failure: the IP kind gone
        whole is flagged. Failed before: 3 of 6 rates is not fewer than half, so a lost kind passed."""
        regions = (("us-east-1", SID), ("ap-northeast-1", SID2), ("ap-southeast-1", SID2))
        self.written(output([rate(r, "0.096", sid=s) for r, s in regions] + [ip(r, "0.005", sid=s) for r, s in regions]))
        err = self.refused(output([rate(r, "0.096", sid=s) for r, s in regions]), "fewer-offers", "aws-ec2/usage")
        self.assertIn("fewer-offers: aws-ec2/usage: 3 public_ipv4_per_hour rate(s) last time, 0 now", err)
        # the IP rates kept for failed requests count as present
        self.written(output([rate(r, "0.096", sid=s) for r, s in regions], failures=[(r, "usage:" + IPV4) for r, _ in regions]))

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
