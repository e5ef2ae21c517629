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

    def test_public_ipv4_rates_and_where_a_zero_is_carried(self):
        import feedmerge
        ip = {(u["provider"], u["region"]): u for u in usage.build(FIXTURES) if u["kind"] == "public_ipv4_per_hour"}
        self.assertEqual((ip[("aws", "us-east-1")]["tiers"], ip[("aws", "us-east-1")]["source"]),
                         ([{"up_to": None, "price": "0.005"}], "aws-ipv4"))
        self.assertEqual(ip[("azure", "eastus")]["source"], "az-ip")
        # Tencent's fee is not read: no rate (the charge is missing, never 0)
        self.assertFalse([k for k in ip if k[0] == "tencent"])
        # Alibaba's no-fee page covers ECS in every region: a zero in each region the tables know, in its
        # billing currency, each with a note (the engine takes a zero for this kind only with one)
        ali = {k[1]: u for k, u in ip.items() if k[0] == "alibaba"}
        self.assertEqual(set(ali), {c for (p, c) in feedmerge.regions_table(FIXTURES) if p == "alibaba"})
        self.assertEqual((ali["cn-shanghai"]["currency"], ali["ap-southeast-1"]["currency"]), ("CNY", "USD"))
        self.assertTrue(all(u["tiers"] == [{"up_to": None, "price": "0"}] and u["note"] for u in ali.values()))
        # only the regions the catalog lists an offer in are carried
        rates, _ = feedmerge.apply_usage(usage.build(FIXTURES), {"feeds": {}}, {("alibaba", "cn-shanghai")})
        self.assertEqual({(u["provider"], u["region"]) for u in rates}, {("alibaba", "cn-shanghai")})

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
