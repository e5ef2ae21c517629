"""azure-retail's usage rates, through the feed's real HTTP code: the boot-disk storage rate (usage kind
storage_per_gb_month) and the Standard public IPv4 address rate (public_ipv4_per_hour). Every case replays a
copy of the recorded set (feeds.transport.Replay answers urllib from the recording, so the status, the
retries, the JSON check and the paging run as live), with the disk or IP query's pages edited.

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
- The public IPv4 meters, as recorded Retail Prices answers and their collectors name them: serviceName
  "Virtual Network", serviceFamily "Networking", serviceId "DZH314HC0WV9", productName "IP Addresses" (productId
  "DZH318Z0BNXN"), armSkuName ""; meters "Standard IPv4 Static Public IP" (skuName Standard), "Basic IPv4 Static
  Public IP" and "Basic IPv4 Dynamic Public IP" (skuName Basic), "Global IPv4 Static Public IP" (skuName Global),
  all unitOfMeasure "1 Hour"; answers read through the API (uksouth on 2026-09-16, australiaeast and eastus in
  2026) give the Standard meter 0.005 USD/hour. The recorded IP pages are written in that shape (written
  figures: japaneast 0.006 so a region's own meter shows).
"""

import unittest
import urllib.parse

from feedtestkit import Copy, ctx, replay
from feeds import azure_retail
from feeds.base import PUBLIC_IPV4, STORAGE
from feeds.transport import Replay

P1, P2 = "azure/disk_e30_lrs_page1.json", "azure/disk_e30_lrs_page2.json"
IP1, IP2 = "azure/ip_addresses_page1.json", "azure/ip_addresses_page2.json"
MODEL = "usage:storage_per_gb_month"
IP_MODEL = "usage:public_ipv4_per_hour"
PRICED = ["eastus", "japaneast", "westeurope"]  # the regions the recording prices a GPU offer in
STORAGE_RATES = {"eastus": "0.075", "westeurope": "0.08", "japaneast": "0.08625"}
IP_RATES = {"eastus": "0.005", "westeurope": "0.005", "japaneast": "0.006"}
IP_METER = "Standard IPv4 Static Public IP"


def rates(out, kind=STORAGE) -> dict:
    return {u["region"]: u["tiers"][0]["price"] for u in out.usage if u["kind"] == kind}


def usage_failures(out, model=MODEL) -> dict:
    return {f["scope"]["region"]: f for f in out.failures if f["scope"].get("model") == model}



def broken_query(first: str, second: str, prefix: str, price: str) -> tuple:
    """(edit of a copied recording, what it breaks) for one paged query whose pages are `first` and `second`
    and whose recorded files start with `prefix`: HTTP 500 on page 1, 429 on page 2, a body that is not JSON,
    a page without Items, the request missing from the recording, a page billed in EUR."""
    def status(rel, code):
        return lambda c: c.edit(lambda e: e.update(status=code) if e["file"] == rel else None)

    def unrecorded(c):
        m = c.json("azure/manifest.json")
        m["responses"] = [e for e in m["responses"] if not e["file"].startswith(prefix)]
        c.put("azure/manifest.json", m)

    return ((status(first, 500), "HTTP 500"), (status(second, 429), "HTTP 429"),
            (lambda c: c.put(first, '{"BillingCurrency": "USD", "Items": [{"retailPrice": ' + price), "not JSON"),
            (lambda c: c.put(first, {"error": {"code": "Throttled"}}), "without an Items list"),
            (unrecorded, "not in the recording"),
            (lambda c: c.put(first, dict(c.json(first), BillingCurrency="EUR")), "BillingCurrency 'EUR'"))

class Replayed(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = azure_retail.run(replay(), ctx())

    def run_edited(self, edit) -> object:
        c = Copy()
        self.addCleanup(c.close)
        edit(c)
        return azure_retail.run(Replay(c.rec), ctx())

    def without_items(self, keep: tuple = ()) -> tuple:
        """The feed run on a recording whose every query answers no item
        (but the files under `keep`), with the replay it read."""
        c = Copy()
        self.addCleanup(c.close)
        for e in c.manifest_entries():
            if e["feed"] == "azure-retail" and not e["file"].startswith(keep):
                c.put(e["file"], {"BillingCurrency": "USD", "Items": [], "NextPageLink": None, "Count": 0})
        tr = Replay(c.rec)
        return azure_retail.run(tr, ctx()), tr

    def edit_items(self, c, rel, fn):
        page = c.json(rel)
        page["Items"] = fn(page["Items"])
        page["Count"] = len(page["Items"])
        c.put(rel, page)


class AzureStorageRateTest(Replayed):
    def prices_untouched(self, out):
        self.assertEqual(out.rows, self.base.rows)
        self.assertFalse([f for f in out.failures if f["scope"].get("model") != MODEL])
        self.assertEqual(rates(out, PUBLIC_IPV4), IP_RATES)  # the IP query goes on

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
        self.assertEqual(rates(out), STORAGE_RATES)
        self.assertEqual(sorted({r["region"] for r in out.rows}), PRICED)
        self.assertEqual((out.failures, out.problems), ([], []))
        for u in [u for u in out.usage if u["kind"] == STORAGE]:
            self.assertEqual((u["provider"], u["kind"], u["currency"], u["as_of"]), ("azure", "storage_per_gb_month", "USD", out.fetched))
            self.assertIn(u["source"], out.sources)
        src = out.sources["fixture-az-retail-disk"]  # a written fixture is never presented as a provider figure
        self.assertIn("WRITTEN TEST FIXTURE", src["title"])
        [east] = [u for u in out.usage if u["region"] == "eastus" and u["kind"] == STORAGE]
        self.assertIn("76.80 USD/disk-month / 1,024 = 0.075 USD/GiB-month", east["note"])
        self.assertIn("smaller disks cost more per GiB", east["note"])

    # ------------------------------------------------------------ a failed query: every region's usage, no price

    def test_a_failed_disk_query_fails_each_regions_usage_and_keeps_the_vm_prices(self):
        """HTTP 500 (retried, then failed), 429 on page 2 (a partial answer cannot tell an absent region from a
        lost one), a body that is not JSON, a page without Items, a disk request the recording lacks (a folder
        recorded before this query existed), a page billed in another currency."""
        for edit, why in broken_query(P1, P2, "disk_", "76.8"):
            with self.subTest(why):
                out = self.run_edited(edit)
                self.assertEqual(rates(out), {})
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
        self.assertEqual((rates(out), sorted(usage_failures(out))), ({}, table))
        self.assertIn("disk query (Standard SSD E30 LRS) failed", usage_failures(out)["japaneast"]["why"])

    def test_no_priced_region_no_disk_request(self):
        """Every VM query answering no item: no region to price, so the disk query is not made."""
        out, tr = self.without_items(keep=("azure/disk_",))
        self.assertEqual((out.rows, out.usage, out.failures), ([], [], []))
        self.assertFalse([e for e in tr.used if e["file"].startswith("azure/disk_")])


class AzurePublicIpv4RateTest(Replayed):
    """The Standard public IPv4 address rate (public_ipv4_per_hour): one more query, Virtual Network / IP
    Addresses, for every region at once; its figure per address-hour as published (never x 730)."""

    def untouched(self, out):
        """The VM prices, the storage rates and their failures are as without the edit."""
        self.assertEqual(out.rows, self.base.rows)
        self.assertEqual(rates(out), STORAGE_RATES)
        self.assertFalse([f for f in out.failures if f["scope"].get("model") != IP_MODEL])

    def east(self, **over):
        """An edit of eastus's 'Standard IPv4 Static Public IP' item (a None value deletes the field)."""
        def edit(c):
            def fn(items):
                for it in items:
                    if it["armRegionName"] == "eastus" and it["meterName"] == IP_METER:
                        it.update(over)
                        for k in [k for k, v in over.items() if v is None]:
                            del it[k]
                return items
            self.edit_items(c, IP1, fn)
        return edit

    # ------------------------------------------------------------ the query and the happy path

    def test_one_query_for_every_region(self):
        url = azure_retail.ip_query_url()
        self.assertEqual(url, "https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview&$filter="
                              "serviceName%20eq%20%27Virtual%20Network%27%20and%20productName%20eq%20%27IP%20Addresses%27")
        self.assertEqual(urllib.parse.unquote(url.split("$filter=")[1]),
                         "serviceName eq 'Virtual Network' and productName eq 'IP Addresses'")
        tr = replay()
        azure_retail.run(tr, ctx())
        asked = [e["file"] for e in tr.used if "Virtual%20Network" in e["request"]]
        self.assertEqual(asked, [IP1, IP2])  # its two pages, once each, never a request per region

    def test_each_priced_region_gets_its_standard_ipv4_price_per_address_hour(self):
        """From the recording (page 1: eastus, westeurope; page 2: japaneast, brazilsouth): eastus 0.005 (not its
        Basic dynamic 0.004 or Basic static 0.0036), westeurope 0.005 (not its Global 0.01), japaneast 0.006 (not
        its DevTest 0.004); brazilsouth (0.0075) has no GPU offer: no rate. As published: no x 730."""
        out = self.base
        self.assertEqual(rates(out, PUBLIC_IPV4), IP_RATES)
        self.assertEqual((out.failures, out.problems), ([], []))
        ips = [u for u in out.usage if u["kind"] == PUBLIC_IPV4]
        self.assertEqual(len(ips), 3)
        for u in ips:
            self.assertEqual((u["provider"], u["currency"], u["as_of"], u["source"]),
                             ("azure", "USD", out.fetched, "fixture-az-retail-ip"))
            self.assertEqual(u["tiers"], [{"up_to": None, "price": IP_RATES[u["region"]]}])
        src = out.sources["fixture-az-retail-ip"]  # a written fixture is never presented as a provider figure
        self.assertEqual((src["reference"], src["as_of"], src["kind"]), (azure_retail.ip_query_url(), "2026-11-30", "derived"))
        self.assertIn("WRITTEN TEST FIXTURE", src["title"])
        self.assertIn("IP Addresses", src["title"])
        [east] = [u for u in ips if u["region"] == "eastus"]
        self.assertIn("0.005 USD per address-hour as published", east["note"])
        self.assertIn("meter 'Standard IPv4 Static Public IP', Consumption, effective 2026-11-01", east["note"])
        self.assertIn("billed for every hour the address exists", east["note"])
        # the storage rates are still read, with their own source
        self.assertEqual(rates(out), STORAGE_RATES)
        self.assertIn("fixture-az-retail-disk", out.sources)

    # ------------------------------------------------------------ a failed query: every region's IP rate, nothing else

    def test_a_failed_ip_query_fails_each_regions_ip_rate_only(self):
        """HTTP 500 (retried, then failed), 429 on page 2, a body that is not JSON, a page without Items, an IP
        request the recording lacks, a page billed in another currency: every priced region's IP rate fails,
        the VM prices and the storage rates do not move."""
        for edit, why in broken_query(IP1, IP2, "ip_", "0.005"):
            with self.subTest(why):
                out = self.run_edited(edit)
                self.assertEqual(rates(out, PUBLIC_IPV4), {})
                fails = usage_failures(out, IP_MODEL)
                self.assertEqual(sorted(fails), PRICED)
                for reg, f in fails.items():
                    self.assertEqual((f["unit"], f["expected"]), (f"azure:{reg}/{IP_MODEL}", False))
                    self.assertEqual(f["scope"], {"provider": "azure", "region": reg, "model": IP_MODEL})
                    self.assertIn("Retail Prices IP query (Virtual Network / IP Addresses) failed", f["why"])
                    self.assertIn(why, f["why"])
                self.untouched(out)
                self.assertNotIn("fixture-az-retail-ip", out.sources)

    # ------------------------------------------------------------ one region without a usable figure

    def test_a_region_missing_its_ip_meter_fails_its_ip_rate_only(self):
        """japaneast answering only its DevTest item (its Consumption meter gone): no rate there, a failure;
        eastus and westeurope keep theirs. Failed before (no IP query): no region had an IP rate."""
        out = self.run_edited(lambda c: self.edit_items(
            c, IP2, lambda its: [i for i in its if not (i["armRegionName"] == "japaneast" and i["type"] == "Consumption")]))
        self.assertEqual(rates(out, PUBLIC_IPV4), {"eastus": "0.005", "westeurope": "0.005"})
        fails = usage_failures(out, IP_MODEL)
        self.assertEqual(list(fails), ["japaneast"])
        self.assertEqual(fails["japaneast"]["why"], "Retail Prices IP query: no primary Consumption meter "
                                                    "'Standard IPv4 Static Public IP' for japaneast in the answer")
        self.untouched(out)

    def test_an_unusable_figure_fails_its_region_only(self):
        """0, a negative, a missing or non-finite retailPrice, another currency, the meter only in another unit
        than '1 Hour' (a month figure, 3.65): eastus has no IP rate and a failure; the others keep theirs."""
        def nan(c):
            c.put(IP1, (c.rec / IP1).read_text().replace('"retailPrice": 0.005', '"retailPrice": NaN', 1))

        for edit, why in ((self.east(retailPrice=0), "retailPrice 0: not a positive figure"),
                          (self.east(retailPrice=-0.005), "not a positive figure"),
                          (self.east(retailPrice=None), "retailPrice None"), (nan, "retailPrice 'NaN'"),
                          (self.east(currencyCode="EUR"), "currencyCode 'EUR', not USD"),
                          (self.east(unitOfMeasure="1/Month", retailPrice=3.65),
                           "for eastus in the answer (only in unitOfMeasure '1/Month', not '1 Hour')")):
            with self.subTest(why):
                out = self.run_edited(edit)
                self.assertEqual(rates(out, PUBLIC_IPV4), {"westeurope": "0.005", "japaneast": "0.006"})
                fails = usage_failures(out, IP_MODEL)
                self.assertEqual(list(fails), ["eastus"])
                self.assertIn(why, fails["eastus"]["why"])
                self.assertFalse(fails["eastus"]["expected"])
                self.untouched(out)

    def test_two_conflicting_prices_fail_the_region_and_a_repeated_one_does_not(self):
        def second(price):
            def edit(c):
                def fn(items):
                    [it] = [i for i in items if i["armRegionName"] == "eastus" and i["meterName"] == IP_METER]
                    return items + [dict(it, retailPrice=price, unitPrice=price, meterId="fixture-second-meter")]
                self.edit_items(c, IP1, fn)
            return edit
        out = self.run_edited(second(0.0055))
        fails = usage_failures(out, IP_MODEL)
        self.assertEqual(list(fails), ["eastus"])
        self.assertIn("2 'Standard IPv4 Static Public IP' meters in eastus with conflicting prices "
                      "(0.005, 0.0055 USD/address-hour)", fails["eastus"]["why"])
        self.assertEqual(rates(out, PUBLIC_IPV4), {"westeurope": "0.005", "japaneast": "0.006"})
        self.untouched(out)
        out = self.run_edited(second(0.005))
        self.assertEqual((rates(out, PUBLIC_IPV4), out.failures), (IP_RATES, []))

    def test_other_meters_of_the_answer_are_never_read(self):
        """Each with a price that would show if it were read, in eastus: a reservation meter, a DevTest meter, a
        non-primary meter region, the Standard meter's name under skuName Basic and Global, an IPv6 meter, a
        prefix meter, another product and service, and the same meter in '1/Month' beside the '1 Hour' one.
        None moves eastus's 0.005."""
        def edit(c):
            def fn(items):
                [it] = [i for i in items if i["armRegionName"] == "eastus" and i["meterName"] == IP_METER]
                return items + [
                    dict(it, type="Reservation", reservationTerm="1 Year", retailPrice=40.0),
                    dict(it, type="DevTestConsumption", retailPrice=0.004),
                    dict(it, isPrimaryMeterRegion=False, retailPrice=0.007),
                    dict(it, skuName="Basic", retailPrice=0.0036),
                    dict(it, skuName="Global", retailPrice=0.01),
                    dict(it, meterName="Standard IPv6 Static Public IP", retailPrice=0.0041),
                    dict(it, meterName="Standard IPv4 Static Public IP Prefix", retailPrice=0.0061),
                    dict(it, productName="Public IP Prefix", retailPrice=0.0062),
                    dict(it, serviceName="Load Balancer", retailPrice=0.025),
                    dict(it, unitOfMeasure="1/Month", retailPrice=3.65),
                    dict(it, armRegionName=["eastus"]), "not an item"]  # malformed items: skipped, never a crash
            self.edit_items(c, IP1, fn)
        out = self.run_edited(edit)
        self.assertEqual(rates(out, PUBLIC_IPV4), IP_RATES)
        self.assertEqual((out.failures, out.problems), ([], []))

    def test_a_failed_vm_query_leaves_the_ip_rate_of_the_regions_it_unpriced_failed_not_gone(self):
        """The ND96isr_H100_v5 query (eastus and westeurope's only prices) answering HTTP 500: japaneast is still
        priced and gets its 0.006; every other region of the table has its IP rate named failed, unread."""
        out = self.run_edited(lambda c: c.edit(lambda e: e.update(status=500) if e["file"] == "azure/nd96isr_h100_v5_page1.json" else None))
        self.assertEqual(rates(out, PUBLIC_IPV4), {"japaneast": "0.006"})
        table = sorted(c for (p, c) in ctx()["regions"] if p == "azure")
        fails = usage_failures(out, IP_MODEL)
        self.assertEqual(sorted(fails), [r for r in table if r != "japaneast"])
        self.assertIn("whether the feed prices a GPU offer here this run is unknown", fails["eastus"]["why"])
        self.assertEqual(sorted(usage_failures(out)), sorted(fails))  # the storage rate: the same regions

    def test_no_priced_region_no_ip_request(self):
        out, tr = self.without_items()
        self.assertEqual((out.rows, out.usage, out.failures), ([], [], []))
        self.assertFalse([e for e in tr.used if e["file"].startswith("azure/ip_")])


if __name__ == "__main__":
    unittest.main()
