"""azure-retail's boot-disk storage rate (usage kind storage_per_gb_month), through the feed's real HTTP code:
every case replays a copy of the recorded set (feeds.transport.Replay answers urllib from the recording, so
the status, the retries, the JSON check and the paging run as live), with the disk query's pages edited.

Documents and real samples used:
- Azure Retail Prices overview (https://learn.microsoft.com/rest/api/cost-management/retail-prices/
  azure-retail-prices; MicrosoftDocs source ms.date 2021-09-27, current page checked for the 2023-01-01-preview
  version): item fields (serviceName, productName, skuName, meterName, unitOfMeasure, type Consumption /
  Reservation / DevTestConsumption, reservationTerm, armRegionName, isPrimaryMeterRegion), $filter on
  serviceName / productName / skuName, 100 items a page and NextPageLink; filter values case-sensitive from
  2023-01-01-preview. The page documents no error body: a failed request is an HTTP status, replayed as such.
- A recorded managed-disk item (a public Go client's test, a live answer): serviceName "Storage", serviceFamily
  "Storage", serviceId "DZH317F1HKN0", productName "Premium SSD Managed Disks", skuName "P6 LRS", meterName
  "P6 LRS Disk", unitOfMeasure "1/Month", type "Consumption".
- Public collectors of the API name the Standard SSD meters "E30 LRS Disk" (1/Month), "E30 LRS Disk Operations"
  (10K) and "E30 LRS Disk Mount" under productName "Standard SSD Managed Disks", skuName "E30 LRS"; infracost
  (internal/resources/azure/managed_disk.go) asks the same product, SKU and meter; its golden file gives eastus
  E30 LRS 76.80 USD/disk-month, the research row of src/data/pipeline/usage.py (76.80 / 1024 = 0.075).
"""

import unittest
import urllib.parse

from feedtestkit import Copy, ctx, replay
from feeds import azure_retail
from feeds.transport import Replay

P1, P2 = "azure/disk_e30_lrs_page1.json", "azure/disk_e30_lrs_page2.json"
MODEL = "usage:storage_per_gb_month"
PRICED = ["eastus", "japaneast", "westeurope"]  # the regions the recording prices a GPU offer in


def rates(out) -> dict:
    return {u["region"]: u["tiers"][0]["price"] for u in out.usage}


def usage_failures(out) -> dict:
    return {f["scope"]["region"]: f for f in out.failures if f["scope"].get("model") == MODEL}


class AzureStorageRateTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = azure_retail.run(replay(), ctx())

    def run_edited(self, edit) -> object:
        c = Copy()
        self.addCleanup(c.close)
        edit(c)
        return azure_retail.run(Replay(c.rec), ctx())

    def prices_untouched(self, out):
        self.assertEqual(out.rows, self.base.rows)
        self.assertFalse([f for f in out.failures if f["scope"].get("model") != MODEL])

    def edit_items(self, c, rel, fn):
        page = c.json(rel)
        page["Items"] = fn(page["Items"])
        page["Count"] = len(page["Items"])
        c.put(rel, page)

    # ------------------------------------------------------------ the query and the happy path

    def test_one_documented_query_for_every_region(self):
        url = azure_retail.disk_query_url()
        self.assertTrue(url.startswith("https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview&$filter="))
        self.assertEqual(urllib.parse.unquote(url.split("$filter=")[1]),
                         "serviceName eq 'Storage' and productName eq 'Standard SSD Managed Disks' and skuName eq 'E30 LRS'")

    def test_each_priced_region_gets_its_e30_price_per_gib(self):
        """Worked by hand from the recording (page 1: eastus, westeurope; page 2: japaneast, brazilsouth):
        eastus 76.80 / 1024 = 0.075, westeurope 81.92 / 1024 = 0.08, japaneast 88.32 / 1024 = 0.08625 USD per
        GiB-month; the Disk Operations meters (10K) are left out; brazilsouth has no GPU offer: no rate."""
        out = self.base
        self.assertEqual(rates(out), {"eastus": "0.075", "westeurope": "0.08", "japaneast": "0.08625"})
        self.assertEqual(sorted({r["region"] for r in out.rows}), PRICED)
        self.assertEqual((out.failures, out.problems), ([], []))
        for u in out.usage:
            self.assertEqual((u["provider"], u["kind"], u["currency"], u["as_of"]), ("azure", "storage_per_gb_month", "USD", out.fetched))
            self.assertIn(u["source"], out.sources)
        src = out.sources["fixture-az-retail-disk"]  # a written fixture is never presented as a provider figure
        self.assertIn("WRITTEN TEST FIXTURE", src["title"])
        [east] = [u for u in out.usage if u["region"] == "eastus"]
        self.assertIn("76.80 USD/disk-month / 1,024 = 0.075 USD/GiB-month", east["note"])
        self.assertIn("smaller disks cost more per GiB", east["note"])

    # ------------------------------------------------------------ a failed query: every region's usage, no price

    def test_a_failed_disk_query_fails_each_regions_usage_and_keeps_the_vm_prices(self):
        """HTTP 500 (retried, then failed), 429 on page 2 (a partial answer cannot tell an absent region from a
        lost one), a body that is not JSON, a page without Items, a disk request the recording lacks (a folder
        recorded before this query existed), a page billed in another currency."""
        def status(rel, code):
            return lambda c: c.edit(lambda e: e.update(status=code) if e["file"] == rel else None)

        def unrecorded(c):
            m = c.json("azure/manifest.json")
            m["responses"] = [e for e in m["responses"] if not e["file"].startswith("disk_")]
            c.put("azure/manifest.json", m)

        cases = ((status(P1, 500), "HTTP 500"), (status(P2, 429), "HTTP 429"),
                 (lambda c: c.put(P1, '{"BillingCurrency": "USD", "Items": [{"retailPrice": 76.8'), "not JSON"),
                 (lambda c: c.put(P1, {"error": {"code": "Throttled"}}), "without an Items list"),
                 (unrecorded, "not in the recording"),
                 (lambda c: c.put(P1, dict(c.json(P1), BillingCurrency="EUR")), "BillingCurrency 'EUR'"))
        for edit, why in cases:
            with self.subTest(why):
                out = self.run_edited(edit)
                self.assertEqual(out.usage, [])
                fails = usage_failures(out)
                self.assertEqual(sorted(fails), PRICED)
                for reg, f in fails.items():
                    self.assertEqual((f["unit"], f["expected"]), (f"azure:{reg}/{MODEL}", False))
                    self.assertIn(why, f["why"])
                self.prices_untouched(out)
                self.assertNotIn("fixture-az-retail-disk", out.sources)

    # ------------------------------------------------------------ one region without a usable figure

    def test_an_unusable_figure_fails_its_region_only(self):
        """0, a missing or non-finite retailPrice, another unit or currency: that region has no rate and a
        failure; the others keep theirs. Failed before (no check): a 0 or NaN would have been a rate."""
        def east(**over):
            def edit(c):
                def fn(items):
                    for it in items:
                        if it["armRegionName"] == "eastus" and it["meterName"] == "E30 LRS Disk":
                            it.update(over)
                            for k in [k for k, v in over.items() if v is None]:
                                del it[k]
                    return items
                self.edit_items(c, P1, fn)
            return edit

        def nan(c):  # the API's JSON as text: a NaN the parser keeps as the string "NaN"
            c.put(P1, (c.rec / P1).read_text().replace('"retailPrice": 76.8', '"retailPrice": NaN'))

        for edit, why in ((east(retailPrice=0), "retailPrice 0"), (east(retailPrice=-76.8), "not a positive figure"),
                          (east(retailPrice=None), "retailPrice None"), (nan, "retailPrice 'NaN'"),
                          (east(unitOfMeasure="1 Hour"), "unitOfMeasure '1 Hour'"),
                          (east(currencyCode="EUR"), "currencyCode 'EUR'")):
            with self.subTest(why):
                out = self.run_edited(edit)
                self.assertEqual(rates(out), {"westeurope": "0.08", "japaneast": "0.08625"})
                fails = usage_failures(out)
                self.assertEqual(list(fails), ["eastus"])
                self.assertIn(why, fails["eastus"]["why"])
                self.assertFalse(fails["eastus"]["expected"])
                self.prices_untouched(out)

    def test_a_region_absent_from_the_answer_fails_its_usage(self):
        out = self.run_edited(lambda c: self.edit_items(c, P2, lambda its: [i for i in its if i["armRegionName"] != "japaneast"]))
        self.assertEqual(rates(out), {"eastus": "0.075", "westeurope": "0.08"})
        fails = usage_failures(out)
        self.assertEqual(list(fails), ["japaneast"])
        self.assertIn("no primary Consumption meter 'E30 LRS Disk' for japaneast", fails["japaneast"]["why"])
        self.prices_untouched(out)

    def test_two_conflicting_e30_prices_fail_the_region_and_a_repeated_one_does_not(self):
        def second(price):
            def edit(c):
                def fn(items):
                    [it] = [i for i in items if i["armRegionName"] == "eastus" and i["meterName"] == "E30 LRS Disk"]
                    return items + [dict(it, retailPrice=price, unitPrice=price, meterId="fixture-second-meter")]
                self.edit_items(c, P1, fn)
            return edit
        out = self.run_edited(second(80.0))
        fails = usage_failures(out)
        self.assertEqual(list(fails), ["eastus"])
        self.assertIn("conflicting prices (76.80, 80.00 USD/disk-month)", fails["eastus"]["why"])
        self.assertNotIn("eastus", rates(out))
        self.prices_untouched(out)
        out = self.run_edited(second(76.8))
        self.assertEqual((rates(out)["eastus"], out.failures), ("0.075", []))

    def test_other_meters_of_the_answer_are_never_read(self):
        """Each with a price that would show if it were read: a reservation meter (type Reservation, a term),
        a DevTest meter, the Disk Mount and Disk Operations meters (1/Month here, so only the name keeps them
        out), a ZRS disk, the Premium SSD P30 disk, and a non-primary meter region. None moves eastus's 0.075."""
        def edit(c):
            def fn(items):
                [it] = [i for i in items if i["armRegionName"] == "eastus" and i["meterName"] == "E30 LRS Disk"]
                return items + [
                    dict(it, type="Reservation", reservationTerm="1 Year", retailPrice=700.0),
                    dict(it, type="DevTestConsumption", retailPrice=50.0),
                    dict(it, meterName="E30 LRS Disk Mount", retailPrice=1.5),
                    dict(it, meterName="E30 LRS Disk Operations", retailPrice=0.002),
                    dict(it, skuName="E30 ZRS", meterName="E30 ZRS Disk", retailPrice=96.0),
                    dict(it, productName="Premium SSD Managed Disks", skuName="P30 LRS", meterName="P30 LRS Disk", retailPrice=135.17),
                    dict(it, isPrimaryMeterRegion=False, retailPrice=99.0),
                    dict(it, armRegionName=["eastus"]), "not an item"]  # malformed items: skipped, never a crash
            self.edit_items(c, P1, fn)
        out = self.run_edited(edit)
        self.assertEqual(rates(out), rates(self.base))
        self.assertEqual((out.failures, out.problems), ([], []))

    def test_a_failed_vm_query_leaves_the_usage_of_the_regions_it_unpriced_failed_not_gone(self):
        """The ND96isr_H100_v5 query (eastus and westeurope's only prices) answering HTTP 500: japaneast is still
        priced and gets its rate; every other region of the table (the VM failure spans them all) has its usage
        named failed, unread, so the last accepted eastus and westeurope rates stand as their VM prices do.
        Failed before: eastus and westeurope's rates went missing with no failure to keep them."""
        out = self.run_edited(lambda c: c.edit(lambda e: e.update(status=500) if e["file"] == "azure/nd96isr_h100_v5_page1.json" else None))
        self.assertEqual(rates(out), {"japaneast": "0.08625"})
        table = sorted(c for (p, c) in ctx()["regions"] if p == "azure")
        fails = usage_failures(out)
        self.assertEqual(sorted(fails), [r for r in table if r != "japaneast"])
        self.assertIn("whether the feed prices a GPU offer here this run is unknown", fails["eastus"]["why"])
        self.assertFalse(fails["eastus"]["expected"])
        # and when the disk query fails too, japaneast is named with the disk query's error
        out = self.run_edited(lambda c: c.edit(lambda e: e.update(status=500) if e["file"] in ("azure/nd96isr_h100_v5_page1.json", P1) else None))
        self.assertEqual((out.usage, sorted(usage_failures(out))), ([], table))
        self.assertIn("disk query (Standard SSD E30 LRS) failed", usage_failures(out)["japaneast"]["why"])

    def test_no_priced_region_no_disk_request(self):
        """Every VM query answering no item: no region to price, so the disk query is not made."""
        def empty(c):
            for e in c.manifest_entries():
                if e["feed"] == "azure-retail" and not e["file"].startswith("azure/disk_"):
                    c.put(e["file"], {"BillingCurrency": "USD", "Items": [], "NextPageLink": None, "Count": 0})
        c = Copy()
        self.addCleanup(c.close)
        empty(c)
        tr = Replay(c.rec)
        out = azure_retail.run(tr, ctx())
        self.assertEqual((out.rows, out.usage, out.failures), ([], [], []))
        self.assertFalse([e for e in tr.used if e["file"].startswith("azure/disk_")])


if __name__ == "__main__":
    unittest.main()
