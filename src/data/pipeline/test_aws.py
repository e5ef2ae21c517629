import unittest
from decimal import Decimal as D

import aws
import common
from testkit import FIXTURES, GPUS, by_id, current, reset

P4D = "aws:us-east-1:p4d.24xlarge"


class AwsTest(unittest.TestCase):
    def setUp(self):
        reset()
        self.offers = by_id(aws.build(FIXTURES, GPUS))

    def test_newest_dated_on_demand_is_current_older_is_history(self):
        o = self.offers[P4D]
        [p] = current(o, "on_demand")
        self.assertEqual((p["hourly"], p["as_of"]), ("21.957642", "2026-10-10"))
        self.assertIn("32.7726", [h.get("hourly") for h in o["price_history"]])

    def test_spot_is_the_dated_snapshot_and_skypilot_is_history(self):
        o = self.offers[P4D]
        [s] = current(o, "spot")
        self.assertEqual((s["hourly_max"], s["source"], s["as_of"]), ("17.0847", "mr-book", "2026-10-10"))
        self.assertTrue(any(h["model"] == "spot" and h["source"] == "sky-aws" for h in o["price_history"]))
        [g] = current(self.offers["aws:us-east-1:g4dn.xlarge"], "spot")
        self.assertEqual(g["as_of"], "2025-11-30")

    def test_ten_percent_placeholder_spot_is_dropped(self):
        o = self.offers["aws:us-east-1:trn1n.32xlarge"]
        self.assertEqual(current(o, "spot"), [])
        self.assertTrue(any("trn1n.32xlarge" in d and "10 %" in d for d in common.DROPPED))

    def test_reservations_in_upfront_hourly_form(self):
        o = self.offers[P4D]
        [no] = current(o, "reserved", term_months=36, payment="no")
        self.assertEqual((no["upfront"], no["hourly"]), ("0", "9.374219"))
        [al] = current(o, "reserved", term_months=36, payment="all")
        self.assertEqual(al["hourly"], "0")
        self.assertEqual(D(al["upfront"]), (D("8.159056") * 8760 * 3).quantize(D("0.01")))
        [pa] = current(o, "reserved", term_months=12, payment="partial")
        self.assertEqual(pa["upfront"], "0")
        self.assertIn("EFFECTIVE", pa["note"])
        self.assertIs(pa["split_unknown"], True)  # research rows: split not published (cross-issue contract)
        self.assertNotIn("split_unknown", no)
        self.assertNotIn("split_unknown", al)
        # the tsaol 1-yr No Upfront value (2026-01-21) wins over the same S-RAW value
        [n1] = current(o, "reserved", term_months=12, payment="no")
        self.assertEqual(n1["as_of"], "2026-01-21")

    def test_savings_plans_from_the_term_catalog(self):
        o = self.offers["aws:us-east-1:p6-b200.48xlarge"]
        sp = {p["term_months"]: p for p in current(o, "savings_plan")}
        self.assertEqual(sp[12]["hourly"], "89.72208")
        self.assertIn("Compute Savings Plan", sp[12]["note"])
        self.assertEqual(sp[36]["hourly"], "49.21897")
        self.assertEqual(o["gpu_memory_gb"], 1440)


if __name__ == "__main__":
    unittest.main()
