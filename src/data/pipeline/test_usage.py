import unittest

import usage
from build_catalog import as_of_date, stats
from testkit import FIXTURES


class UsageTest(unittest.TestCase):
    def test_free_allowance_is_a_zero_first_tier(self):
        rates = {(u["provider"], u["region"], u["kind"]): u for u in usage.build(FIXTURES)}
        az = rates[("azure", "eastus", "egress_per_gb")]
        self.assertEqual(az["tiers"], [{"up_to": 100, "price": "0"}, {"up_to": None, "price": "0.087"}])
        ali = rates[("alibaba", "cn-shanghai", "egress_per_gb")]
        self.assertEqual((ali["currency"], ali["tiers"][0]), ("CNY", {"up_to": 20, "price": "0"}))
        self.assertNotIn(("tencent", "ap-guangzhou", "egress_per_gb"), rates)  # undated: left absent
        aws = rates[("aws", "us-east-1", "egress_per_gb")]
        self.assertEqual(aws["tiers"][:2], [{"up_to": 100, "price": "0"}, {"up_to": 10240, "price": "0.09"}])
        self.assertIn("(aws-free100,", aws["note"])  # the allowance's own source is cited by id

    def test_stats_ages(self):
        self.assertEqual(str(as_of_date("2021")), "2021-01-01")
        self.assertEqual(str(as_of_date("2024-12")), "2024-12-01")
        cat = {"offers": [
            {"provider": "aws", "region": "us-east-1", "prices": [
                {"model": "on_demand", "as_of": "2026-10-10"}, {"model": "spot", "as_of": "2025-11-30"}]},
            {"provider": "aws", "region": "us-east-1", "prices": []},
        ]}
        out = stats(cat)
        self.assertIn("| aws | 2 | 50 % | 208 d | 51 d | 0/2 |", out)


if __name__ == "__main__":
    unittest.main()
