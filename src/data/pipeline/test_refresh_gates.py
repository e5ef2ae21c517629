"""The refresh end to end on copies of the recorded set: a clean replay is written, the same replay
again changes nothing, and each gate refuses a corrupted recording with exit 3, naming the gate and the
row, leaving the catalog (and the accepted rows and the history) byte-identical."""

import json
import shutil
import unittest

import build_catalog
import feedmerge
from feedtestkit import FIX, Copy

ND = "azure/nd96isr_h100_v5_page1.json"
OD_EU, OD_EU_NEW = '"USD": "24.0000000000"', '"USD": "23.5000000000"'


class RefreshTest(unittest.TestCase):
    def setUp(self):
        self.c = Copy()
        rc, out, err = self.c.run()
        self.assertEqual(rc, 0, out + err)
        self.before = self.c.state()

    def tearDown(self):
        self.c.close()

    def refused(self, gate, row_part, *extra):
        rc, out, err = self.c.run(*extra)
        self.assertEqual(rc, 3, out + err)
        self.assertIn(f"refused: {gate}: ", err)
        lines = [l for l in err.splitlines() if l.startswith(f"refused: {gate}: ")]
        self.assertTrue(any(row_part in l for l in lines), lines)
        self.assertEqual(self.c.state(), self.before)  # nothing written
        self.assertIn("| " + gate + " |", out)
        return out, err

    def page1(self, fn):
        p = self.c.json(ND)
        fn(p["Items"])
        self.c.put(ND, p)

    # -------------------------------------------------------------- clean runs

    def test_second_replay_reports_nothing_changed(self):
        rc, out, err = self.c.run()
        self.assertEqual(rc, 0, err)
        self.assertIn("nothing changed", out)
        self.assertEqual(self.c.state(), self.before)

    def test_written_catalog_is_what_build_makes_from_the_written_state(self):
        acc = json.loads((self.c.out / "accepted.json").read_text())
        hist = json.loads((self.c.out / "history.json").read_text())
        from common import Inputs
        self.assertEqual(build_catalog.dump(build_catalog.build(Inputs.default(), (acc, hist))),
                         (self.c.out / "catalog.json").read_text())
        cat = json.loads((self.c.out / "catalog.json").read_text())
        self.assertEqual(cat["as_of"], "2026-11-30")
        by = {o["id"]: o for o in cat["offers"]}
        pa = [p for p in by["aws:ap-northeast-1:p5.48xlarge"]["prices"] if p["model"] == "reserved" and p["payment"] == "partial" and p["term_months"] == 12]
        self.assertEqual([(p["upfront"], p["hourly"], "split_unknown" in p) for p in pa], [("218000", "24.9", False)])
        self.assertIn({"offer": "aws:ap-northeast-1:p5.48xlarge", "price": {k: v for k, v in pa[0].items()}} in hist, [False])
        old = [e for e in hist if e.get("offer") == "aws:ap-northeast-1:p5.48xlarge" and e.get("changed")]
        self.assertTrue(any(e["price"]["model"] == "on_demand" and e["price"]["hourly"] == "68.8" for e in old))
        self.assertIn("eu-central-1", {r["code"] for r in cat["regions"]})

    def failed_feed_is_skipped(self, feed):
        """One failed feed never sinks a refresh: the others are gated and written, the failed one keeps
        its last accepted rows (the catalog is byte-identical here: nothing else changed), the report
        names it, and its failing streak is kept; --strict refuses instead (gate 'feed')."""
        rc, out, err = self.c.run()
        self.assertEqual(rc, 0, out + err)
        self.assertIn(f"{feed}: FAILED (", out)
        self.assertIn("failing 1 run(s) in a row", out)
        after = self.c.state()
        self.assertEqual(after["catalog.json"], self.before["catalog.json"])
        self.assertEqual(after["history.json"], self.before["history.json"])
        acc = json.loads(after["accepted.json"])
        prior = json.loads(self.before["accepted.json"])
        self.assertEqual(acc["feeds"][feed]["rows"], prior["feeds"][feed]["rows"])
        self.assertEqual(acc["feeds"][feed]["failing"]["runs"], 1)
        return out

    def test_a_failed_feed_keeps_its_rows_the_others_are_written_and_a_streak_is_raised(self):
        def err(e):
            if e["feed"] == "aws-spot":
                e["status"] = 500
        self.c.edit(err)
        self.failed_feed_is_skipped("aws-spot")
        self.before = self.c.state()
        self.refused("feed", "aws-spot", "--strict")
        rc, out, err2 = self.c.run()
        self.assertEqual(rc, 0, out + err2)
        rc, out, err2 = self.c.run()
        self.assertEqual(rc, 4, out + err2)  # third run in a row: written, then raised loudly
        self.assertIn("failing: aws-spot: failing 3 runs in a row", err2)
        self.assertIn("**Failing 3 or more runs in a row**", out)
        acc = json.loads(self.c.state()["accepted.json"])
        self.assertEqual(acc["feeds"]["aws-spot"]["failing"]["runs"], 3)
        shutil.copy(FIX / "aws" / "manifest.json", self.c.rec / "aws" / "manifest.json")
        rc, out, err2 = self.c.run()
        self.assertEqual(rc, 0, out + err2)
        self.assertNotIn("failing", json.loads(self.c.state()["accepted.json"])["feeds"]["aws-spot"])

    def test_a_failed_feed_does_not_hold_back_another_feeds_change(self):
        def err(e):
            if e["feed"] == "aws-spot":
                e["status"] = 500
        self.c.edit(err)
        f = self.c.rec / "aws" / "ec2_eu-central-1.json"
        t = f.read_text()
        self.assertIn(OD_EU, t)
        f.write_text(t.replace(OD_EU, OD_EU_NEW))
        rc, out, err2 = self.c.run()
        self.assertEqual(rc, 0, out + err2)
        self.assertIn("aws-spot: FAILED (", out)
        cat = json.loads(self.c.state()["catalog.json"])
        [o] = [o for o in cat["offers"] if o["id"] == "aws:eu-central-1:p4d.24xlarge"]
        self.assertEqual([p["hourly"] for p in o["prices"] if p["model"] == "on_demand"], ["23.5"])

    def test_feed_http_429_recorded_is_skipped(self):
        def err(e):
            if e["feed"] == "aws-spot":
                e["status"], e["file"] = 429, "errors/http_429.txt"
        self.c.edit(err)
        self.failed_feed_is_skipped("aws-spot")

    def test_feed_truncated_json_is_skipped(self):
        (self.c.rec / "aws" / "spot.json").write_text((self.c.rec / "aws" / "spot.json").read_text()[:200])
        self.failed_feed_is_skipped("aws-spot")

    def test_one_query_truncated_keeps_its_rows_with_their_dates_and_is_named(self):
        """The unit of failure is the smallest request: Azure's ND H100 query (page 1 truncated) fails
        alone; its rows keep their last accepted values and dates, the report names it."""
        shutil.copy(FIX / "errors" / "azure_page_truncated.json", self.c.rec / ND)
        rc, out, err = self.c.run()
        self.assertEqual(rc, 0, out[-2000:] + err)
        self.assertIn("## Requests that failed (", out)
        self.assertIn("| azure-retail | `azure:", out)
        self.assertEqual(self.c.state()["catalog.json"], self.before["catalog.json"])
        acc, prior = (json.loads(self.c.state()["accepted.json"]), json.loads(self.before["accepted.json"]))
        nd = lambda a: [r for r in a["feeds"]["azure-retail"]["rows"] if r["instance_type"] == "Standard_ND96isr_H100_v5"]
        self.assertTrue(nd(prior))
        self.assertEqual(nd(acc), nd(prior))

    def test_gate_no_gpu_rows(self):
        shutil.copy(FIX / "real" / "aws_spot_json_sample.json", self.c.rec / "aws" / "spot.json")
        self.refused("no-gpu-rows", "aws-spot")

    def test_gate_fewer_offers(self):
        p = self.c.rec / "aws" / "ec2_ap-northeast-1.csv"
        p.write_text("".join(l for l in p.read_text().splitlines(keepends=True) if "FIXG5X" not in l and "FIXP5APN1LINUX01" not in l))
        self.refused("fewer-offers", "aws-ec2/aws:ap-northeast-1")

    def test_gate_bad_price_zero_and_not_a_number(self):
        def zero(items):
            items[2]["retailPrice"] = 0
        self.page1(zero)
        self.refused("bad-price", "azure:eastus:Standard_ND96isr_H100_v5/on_demand")
        def nan(items):
            items[2]["retailPrice"] = "NaN"
        self.page1(nan)
        out, _ = self.refused("bad-price", "azure:eastus:Standard_ND96isr_H100_v5/on_demand")
        self.assertIn("not a number", out)

    def test_gate_currency(self):
        p = self.c.json("alibaba/sdk_DescribePrice_Hour.json")
        p["PriceInfo"]["Price"]["Currency"] = "USD"
        self.c.put("alibaba/sdk_DescribePrice_Hour.json", p)
        self.refused("currency", "alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge/on_demand")

    def test_gate_schema_renamed_field(self):
        shutil.copy(FIX / "errors" / "azure_page_renamed_field.json", self.c.rec / ND)
        self.refused("schema", "azure:eastus:Standard_ND96isr_H100_v5")

    def test_gate_duplicate(self):
        def dup(items):
            items.append(dict(items[2], retailPrice=97.0, meterId="other"))
        self.page1(dup)
        self.refused("duplicate", "azure:eastus:Standard_ND96isr_H100_v5/on_demand")

    def test_gate_spot_above_on_demand_and_its_acceptance(self):
        p = self.c.json("azure/nd96isr_h100_v5_page2.json")
        p["Items"][0]["retailPrice"] = 120.0
        self.c.put("azure/nd96isr_h100_v5_page2.json", p)
        row = "azure:eastus:Standard_ND96isr_H100_v5/spot"
        self.refused("spot-above-od", row)
        rc, out, err = self.c.run("--accept", f"spot-above-od:{row}", "--why", "checked on the portal: spot is priced above list")
        self.assertEqual(rc, 0, err)
        cat = json.loads((self.c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == row.split("/")[0]]
        [sp] = [q for q in o["prices"] if q["model"] == "spot"]
        self.assertEqual((sp["hourly_max"], sp["spot_exceeds_on_demand_sourced"]), ("120", True))
        hist = json.loads((self.c.out / "history.json").read_text())
        self.assertIn({"accepted": f"spot-above-od:{row}", "on": "2026-11-30", "why": "checked on the portal: spot is priced above list"}, hist)

    def test_gate_move_more_than_3x_and_its_acceptance_kept_in_the_history(self):
        def jump(items):
            items[2]["retailPrice"] = 400.0
        self.page1(jump)
        row = "azure:eastus:Standard_ND96isr_H100_v5/on_demand"
        out, _ = self.refused("move", row)
        self.assertIn("4.15×", out)
        rc, out, err = self.c.run("--accept", f"move:{row}", "--why", "new list price announced")
        self.assertEqual(rc, 0, err)
        hist = json.loads((self.c.out / "history.json").read_text())
        [e] = [e for e in hist if e.get("offer") == row.split("/")[0] and e.get("why")]
        self.assertEqual((e["price"]["hourly"], e["changed"], e["why"]), ("96.5", "2026-11-30", "new list price announced"))
        cat = json.loads((self.c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == row.split("/")[0]]
        self.assertTrue(any("Accepted by the maintainer: new list price announced" in p.get("note", "") for p in o["price_history"]))
        self.assertIn("| Standard_ND96isr_H100_v5 | on_demand | 96.5 USD (2026-11-30) | 400 USD (2026-11-30) | +314.5 % |", out)

    def test_accept_needs_a_reason_and_a_known_gate(self):
        rc, _, err = self.c.run("--accept", "move:x")
        self.assertEqual(rc, 2)
        self.assertIn("--why", err)
        rc, _, err = self.c.run("--accept", "nope:x", "--why", "w")
        self.assertEqual(rc, 2)

    def test_written_fixtures_are_never_written_into_the_repo(self):
        import io
        from contextlib import redirect_stderr, redirect_stdout
        import refresh
        saved = (feedmerge.STATE, build_catalog.OUT)
        feedmerge.STATE, build_catalog.OUT = self.c.root / "repo-state", self.c.root / "repo-catalog.json"
        try:
            e = io.StringIO()
            with redirect_stdout(io.StringIO()), redirect_stderr(e):
                rc = refresh.main(["--from", str(self.c.rec)])
        finally:
            feedmerge.STATE, build_catalog.OUT = saved
        self.assertEqual(rc, 2)
        self.assertIn("written fixtures", e.getvalue())
        self.assertFalse((self.c.root / "repo-catalog.json").exists())


if __name__ == "__main__":
    unittest.main()
