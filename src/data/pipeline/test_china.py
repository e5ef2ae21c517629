import unittest

import alibaba
import common
import tencent
from testkit import FIXTURES, GPUS, by_id, current, reset


class AlibabaTest(unittest.TestCase):
    def setUp(self):
        reset()
        self.offers = by_id(alibaba.build(FIXTURES, GPUS))

    def test_only_offers_a_source_places_in_the_region(self):
        self.assertEqual(sorted(self.offers), [
            "alibaba:cn-shanghai:ecs.gn6v-c8g1.2xlarge",
            "alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge",
        ])
        self.assertTrue(any("gn7-c13g1.26xlarge" in d and "unknown" in d for d in common.DROPPED))

    def test_quote_confirmed_list_price_is_dated_by_the_quote(self):
        o = self.offers["alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge"]
        [p] = current(o, "on_demand", source="ali-quote-check")
        self.assertEqual((p["hourly"], p["as_of"], p["currency"]), ("9.53", "2026-09-24", "CNY"))
        [q] = current(o, "on_demand", source="aliquote")
        self.assertTrue(q["indicative"])
        [s] = current(self.offers["alibaba:cn-shanghai:ecs.gn6v-c8g1.2xlarge"], "subscription")
        self.assertEqual(s["as_of"], "2023-06")

    def test_quote_of_unstated_region_places_nothing(self):
        # The only gn8is.2xlarge source is a quote for "Shanghai or Shenzhen": not sold in cn-shanghai per
        # any source, so no offer (and no derived price) is carried.
        self.assertNotIn("alibaba:cn-shanghai:ecs.gn8is.2xlarge", self.offers)
        self.assertTrue(any("gn8is.2xlarge" in d and "unknown" in d for d in common.DROPPED))


class TencentTest(unittest.TestCase):
    def setUp(self):
        reset()
        self.offers = by_id(tencent.build(FIXTURES, GPUS))

    def test_list_dated_at_its_lower_bound_and_unverified_types_dropped(self):
        self.assertEqual(sorted(self.offers), [f"tencent:{r}:GT4.4XLARGE96" for r in
                                               ("ap-beijing", "ap-guangzhou", "ap-shanghai")])
        [p] = current(self.offers["tencent:ap-guangzhou:GT4.4XLARGE96"], "on_demand")
        self.assertEqual((p["as_of"], p["currency"]), ("2021", "CNY"))
        self.assertTrue(any("HCCPNV4h" in d for d in common.DROPPED))


if __name__ == "__main__":
    unittest.main()
