import unittest

import azure
import common
from testkit import FIXTURES, GPUS, by_id, current, reset


class AzureTest(unittest.TestCase):
    def setUp(self):
        reset()
        self.offers = by_id(azure.build(FIXTURES, GPUS))

    def test_h200_priced_per_region_without_the_suspect_spot(self):
        o = self.offers["azure:japaneast:Standard_ND96isr_H200_v5"]
        [p] = current(o, "on_demand")
        self.assertEqual((p["hourly"], p["as_of"]), ("106", "2026-10-10"))
        self.assertEqual(current(o, "spot"), [])
        self.assertTrue(any("H200" in d and "japaneast" in d for d in common.DROPPED))
        self.assertEqual((o["gpu_count"], o["gpu_memory_gb"], o["vcpu"]), (8, 1128, 96))

    def test_reservations_are_whole_term_totals(self):
        o = self.offers["azure:eastus2:Standard_ND96isr_H200_v5"]
        res = {p["term_months"]: p for p in current(o, "reserved")}
        self.assertEqual((res[12]["payment"], res[12]["upfront"], res[12]["hourly"]), ("all", "407526", "0"))
        self.assertEqual(res[36]["upfront"], "1109592")
        self.assertIn("Whole 3-year term", res[36]["note"])

    def test_nd_h100_has_8_gpus_not_the_catalog_12(self):
        o = self.offers["azure:eastus:Standard_ND96isr_H100_v5"]
        self.assertEqual((o["gpu_count"], o["gpu_memory_gb"]), (8, 640))


if __name__ == "__main__":
    unittest.main()
