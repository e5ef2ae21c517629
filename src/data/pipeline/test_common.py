import unittest
from decimal import Decimal as D

from common import fmt, spot_artefact, src_of_ref


class CommonTest(unittest.TestCase):
    def test_fmt_is_plain_and_trimmed(self):
        self.assertEqual(fmt(D("21.9576420")), "21.957642")
        self.assertEqual(fmt(D("1E+2")), "100")
        self.assertEqual(fmt(D("0.0010")), "0.001")

    def test_spot_artefacts(self):
        self.assertIn("10 %", spot_artefact(D("2.478"), D("2.478"), D("24.78"), ""))
        self.assertIn("equals", spot_artefact(D("106"), D("106"), D("106"), ""))
        self.assertIn("equals", spot_artefact(D("23.6225"), D("23.6225"), D("23.62246"), ""))
        self.assertIsNotNone(spot_artefact(D("32.9"), D("33"), D("40"), "source value suspect"))
        self.assertIsNone(spot_artefact(D("17.0847"), D("17.0847"), D("21.957642"), ""))
        # A min of exactly 10 % of on-demand is the placeholder pattern too (review #13).
        self.assertIn("min is 10 %", spot_artefact(D("2.15"), D("4.3627"), D("21.5"), ""))
        self.assertIn("min is 10 %", spot_artefact(D("1.2981"), D("3"), D("12.98127"), ""))
        self.assertIsNone(spot_artefact(D("2.16"), D("4.3627"), D("21.5"), ""))
        self.assertIsNone(spot_artefact(D("1"), D("2"), None, ""))

    def test_source_ids(self):
        self.assertEqual(src_of_ref("markrusch/Compute-Indices data/intraday/…"), "mr-book")
        self.assertEqual(src_of_ref("markrusch/Compute-Index data/eucri.db @f656"), "eucri")
        self.assertEqual(src_of_ref("tsaol/aws-gpu data/gpu_instances_raw.json @2d01"), "tsaol-raw")
        self.assertEqual(src_of_ref("tsaol/aws-gpu data/p5_instances.js @7412"), "tsaol")
        self.assertEqual(src_of_ref('public file S-TERM ("Published term prices")'), "s-term")
        with self.assertRaises(SystemExit):
            src_of_ref("somewhere else")


if __name__ == "__main__":
    unittest.main()
