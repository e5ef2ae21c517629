"""aws-ec2 / aws-ec2-cn usage rates: each region's EBS gp3 volume storage rate per GB-month, read from the
regional offer file the feed already fetches (no other request), in its JSON and its CSV form.

Documents used:
- The offer file's shape: the real recording tests/fixtures/feeds/real/
  aws_pricelist_AmazonEC2_region_cn-northwest-1_gp3_opencost.json (product productFamily "Storage",
  attributes volumeApiName "gp3" and regionCode; terms.OnDemand[sku][code].priceDimensions[*] with unit
  "GB-Mo" and pricePerUnit {"CNY": "0.5312000000"}), and the CSV form's columns as in
  real/aws_pricelist_AmazonEC2_global_sample.csv ("Product Family", "Region Code", "Volume API Name",
  "TermType", "Unit", "PricePerUnit", "Currency").
- gp3's provisioned IOPS and throughput are other products and other units (IOPS-Mo, throughput per
  month): Amazon EBS User Guide, "Understand codes for Amazon EBS in billing and usage reports"
  (EBS:VolumeUsage.gp3 GB-Month; EBS:VolumeP-IOPS.gp3 "over 3,000"; EBS:VolumeP-Throughput.gp3 "over
  125 MB/s"); the baseline (gp3 IOPS default 3,000, throughput from 125 MiB/s): the EC2 API model
  (botocore 1.44.18, CreateVolume Iops / Throughput).
- The Price List bulk API documents no error body for an offer file; a failed download is tested by its
  HTTP status, as the feed reports it.
"""

import csv
import io
import json
import unittest
import urllib.error
from unittest import mock

import refresh
from feedtestkit import FIX, Urlopened, ctx, replay
from feeds import aws_pricelist as apl
from feeds.base import FeedOutput
from feeds.transport import Live

REAL = FIX / "real"
TABLE = ctx()["mappings"]["aws_family_gpu"]
GP3_CN = REAL / "aws_pricelist_AmazonEC2_region_cn-northwest-1_gp3_opencost.json"
APN1_CSV = FIX / "aws" / "ec2_ap-northeast-1.csv"


def disk(products, terms, version, region, currency="USD"):
    return apl.parse_disk(products, terms, version, region=region, currency=currency, sid="s", as_of="x")


def price(u):
    return (u["region"], u["kind"], u["currency"], [t["price"] for t in u["tiers"]])


class AwsDiskRateParseTest(unittest.TestCase):
    def test_real_cn_northwest_1_recording_gives_its_gp3_rate(self):
        """The recording's one gp3 product: 0.5312000000 CNY per GB-Mo (OnDemand) → 0.5312 CNY per
        GB-month, one tier with no upper bound; the note names the disk, the unit and the offer version."""
        u, why = disk(*apl.records_from_json(json.loads(GP3_CN.read_text())), "cn-northwest-1", "CNY")
        self.assertIsNone(why)
        self.assertEqual(price(u), ("cn-northwest-1", "storage_per_gb_month", "CNY", ["0.5312"]))
        self.assertEqual(u["tiers"], [{"up_to": None, "price": "0.5312"}])
        self.assertIn("offer version 20230314154740", u["note"])
        self.assertIn("EBS General Purpose SSD (gp3) volume storage", u["note"])
        self.assertIn("unit GB-Mo", u["note"])
        # another region's file (or the USD list) does not yield it
        self.assertIsNone(disk(*apl.records_from_json(json.loads(GP3_CN.read_text())), "cn-north-1", "CNY")[0])
        u, why = disk(*apl.records_from_json(json.loads(GP3_CN.read_text())), "cn-northwest-1", "USD")
        self.assertIsNone(u)
        self.assertIn("0.5312000000 CNY in a price list billed in USD", why)

    def test_the_csv_form_gives_the_same_rate_as_the_json_form(self):
        """The recording's gp3 product and term written as the CSV form's row (the real CSV sample's
        header and metadata lines), read through the streaming reader with the feed's product filter:
        the same usage row as from the JSON."""
        offer = json.loads(GP3_CN.read_text())
        [(sku, p)] = offer["products"].items()
        [(code, term)] = offer["terms"]["OnDemand"][sku].items()
        [(rate, dim)] = term["priceDimensions"].items()
        [(cur, val)] = dim["pricePerUnit"].items()
        sample = REAL.joinpath("aws_pricelist_AmazonEC2_global_sample.csv").read_text().splitlines(keepends=True)
        header = next(csv.reader([sample[5]]))
        a = p["attributes"]
        cells = {"SKU": sku, "OfferTermCode": term["offerTermCode"], "RateCode": rate, "TermType": "OnDemand",
                 "PriceDescription": dim["description"], "StartingRange": dim["beginRange"], "EndingRange": dim["endRange"],
                 "Unit": dim["unit"], "PricePerUnit": val, "Currency": cur, "Product Family": p["productFamily"],
                 "serviceCode": a["servicecode"], "Location": a["location"], "Location Type": a["locationType"],
                 "Storage Media": a["storageMedia"], "Volume Type": a["volumeType"], "usageType": a["usagetype"],
                 "operation": a["operation"], "Region Code": a["regionCode"], "serviceName": a["servicename"],
                 "Volume API Name": a["volumeApiName"]}
        self.assertFalse(set(cells) - set(header))  # every field has its column in the real CSV form
        buf = io.StringIO()
        csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\n").writerow([cells.get(h, "") for h in header])
        text = "".join(sample[:6]) + buf.getvalue()
        from_csv = disk(*apl.records_from_csv(io.StringIO(text), want=apl._want(TABLE)), "cn-northwest-1", "CNY")
        from_json = disk(*apl.records_from_json(offer), "cn-northwest-1", "CNY")
        self.assertEqual(from_csv[1], None)
        self.assertEqual({**from_csv[0], "note": ""}, {**from_json[0], "note": ""})  # only the offer version differs
        self.assertEqual(from_csv[0]["tiers"][0]["price"], "0.5312")

    def test_csv_stream_keeps_gp3_storage_only_and_the_regions_own_product_wins(self):
        """The written Tokyo CSV has gp3 storage for ap-northeast-1 (0.096 USD), for its Taipei Local Zone
        (regionCode ap-northeast-1-tpe-1, 0.1152, listed first) and gp2 storage (0.12): the streaming filter
        keeps the two gp3 products (not gp2, not the non-GPU m6i), and the region's own one is the rate."""
        with open(APN1_CSV, newline="") as f:
            products, terms, version = apl.records_from_csv(f, want=apl._want(TABLE))
        self.assertIn("FIXGP3APN1STOR01", products)
        self.assertIn("FIXGP3TPE1STOR01", products)
        self.assertNotIn("FIXGP2APN1STOR01", products)
        self.assertNotIn("FIXM6IAPN1LINUX1", products)
        u, why = disk(products, terms, version, "ap-northeast-1")
        self.assertEqual((price(u), why), (("ap-northeast-1", "storage_per_gb_month", "USD", ["0.096"]), None))
        # the Local Zone is not a region of the table: asking for it by its code would be the only way to get 0.1152
        self.assertEqual(disk(products, terms, version, "ap-northeast-1-tpe-1")[0]["tiers"][0]["price"], "0.1152")

    def test_gp3_iops_product_is_never_the_storage_rate(self):
        """eu-central-1 (written JSON) has gp3 storage (0.0952 per GB-Mo) and gp3 provisioned IOPS (System
        Operation, 0.006 per IOPS-Mo, same volumeApiName): the rate is 0.0952; without the storage product
        the region's rate fails, the IOPS figure is not taken."""
        offer = json.loads((FIX / "aws" / "ec2_eu-central-1.json").read_text())
        u, _ = disk(*apl.records_from_json(offer), "eu-central-1")
        self.assertEqual(u["tiers"][0]["price"], "0.0952")
        del offer["products"]["FIXGP3EUC1STOR1"]
        u, why = disk(*apl.records_from_json(offer), "eu-central-1")
        self.assertIsNone(u)
        self.assertIn("no EBS gp3 storage product", why)

    def test_unusable_missing_or_ambiguous_figures_fail_the_rate(self):
        """0, negative, not a number, NaN/Infinity, empty: no row, a reason. No GB-Mo dimension, or two
        different GB-Mo figures for the region: no row either."""
        base = json.loads(GP3_CN.read_text())
        dim = lambda o: next(iter(next(iter(o["terms"]["OnDemand"]["R83VXG9NAPDASEGN"].values()))["priceDimensions"].values()))
        for bad in ("0", "0.0000000000", "-0.5312", "NaN", "Infinity", "", "n/a"):
            o = json.loads(json.dumps(base))
            dim(o)["pricePerUnit"]["CNY"] = bad
            u, why = disk(*apl.records_from_json(o), "cn-northwest-1", "CNY")
            self.assertIsNone(u, bad)
            self.assertIn("unusable GB-Mo figure", why)
        o = json.loads(json.dumps(base))
        dim(o)["unit"] = "GB-Hrs"
        u, why = disk(*apl.records_from_json(o), "cn-northwest-1", "CNY")
        self.assertEqual((u, why), (None, "EBS gp3 storage (R83VXG9NAPDASEGN): no OnDemand GB-Mo price dimension (units: GB-Hrs)"))
        o = json.loads(json.dumps(base))
        o["terms"]["OnDemand"]["R83VXG9NAPDASEGN"] = {}
        self.assertIn("no OnDemand GB-Mo price dimension (units: none)", disk(*apl.records_from_json(o), "cn-northwest-1", "CNY")[1])
        o = json.loads(json.dumps(base))
        o["products"]["SECONDGP3SKU"] = json.loads(json.dumps(o["products"]["R83VXG9NAPDASEGN"]))
        o["terms"]["OnDemand"]["SECONDGP3SKU"] = json.loads(json.dumps(o["terms"]["OnDemand"]["R83VXG9NAPDASEGN"]).replace("0.5312", "0.6000"))
        u, why = disk(*apl.records_from_json(o), "cn-northwest-1", "CNY")
        self.assertIsNone(u)
        self.assertIn("2 different OnDemand GB-Mo figures", why)


class AwsDiskRateContractTest(unittest.TestCase):
    def test_live_csv_offer_files_one_rate_a_region_and_a_bad_one_fails_that_rate_only(self):
        """Live, through the feed's real HTTP code (feeds.http, the live transport's streamed CSV), with
        only urllib's urlopen answered:
        - ap-northeast-1: the written CSV: gp3 storage 0.0960000000 USD per GB-Mo → 0.096 USD per
          GB-month (not the Taipei Local Zone's 0.1152, not gp2's 0.12), source aws-pl-ap-northeast-1;
        - eu-central-1: HTTP 403 for its offer file → the region fails as a whole (no model: its rate is
          in the failure's scope), no usage row;
        - us-east-1: the same CSV for us-east-1 with the gp3 figure 0.0000000000 → a failure of the rate
          only (model usage:storage_per_gb_month), its instance prices still there;
        - us-west-2: the same CSV without any gp3 row → the same.
        No request beyond the region index and one offer file a region."""
        base = APN1_CSV.read_text()
        us_east = base.replace("ap-northeast-1", "us-east-1").replace('"0.0960000000"', '"0.0000000000"')
        us_west = "".join(l for l in base.replace("ap-northeast-1", "us-west-2").splitlines(keepends=True) if '"gp3"' not in l)
        bodies = {"ap-northeast-1": base, "us-east-1": us_east, "us-west-2": us_west}
        regions = ("ap-northeast-1", "eu-central-1", "us-east-1", "us-west-2")
        index = {"regions": {r: {"regionCode": r, "currentVersionUrl": f"/offers/v1.0/aws/AmazonEC2/20261128000000/{r}/index.json"}
                             for r in regions}}
        asked = []

        def urlopen(req, timeout):
            url = req.full_url
            asked.append(url)
            if url.endswith("region_index.json"):
                return Urlopened(json.dumps(index).encode())
            region = url.rsplit("/", 2)[1]
            if region == "eu-central-1":
                raise urllib.error.HTTPError(url, 403, "Forbidden", {}, io.BytesIO(b""))
            return Urlopened(bodies[region].encode())

        tr = Live(env={}, fetch_kw={"sleep": lambda s: None})
        with mock.patch("feeds.http.urllib.request.urlopen", side_effect=urlopen):
            out = apl.run_ec2(tr, ctx())
        self.assertEqual(len(asked), 1 + len(regions))
        self.assertTrue(all(u.endswith("/index.csv") for u in asked[1:]))
        [u] = out.usage
        self.assertEqual(price(u), ("ap-northeast-1", "storage_per_gb_month", "USD", ["0.096"]))
        self.assertEqual((u["source"], u["as_of"]), ("aws-pl-ap-northeast-1", tr.date))
        self.assertIn(u["source"], out.sources)
        self.assertEqual(out.sources[u["source"]]["reference"], asked[1])  # the offer file the prices came from
        fails = {f["unit"]: f for f in out.failures}
        self.assertEqual(set(fails), {"aws:eu-central-1", "aws:us-east-1/usage:storage_per_gb_month",
                                      "aws:us-west-2/usage:storage_per_gb_month"})
        self.assertIn("HTTP 403", fails["aws:eu-central-1"]["why"])
        self.assertIn("unusable GB-Mo figure '0.0000000000'", fails["aws:us-east-1/usage:storage_per_gb_month"]["why"])
        self.assertIn("no EBS gp3 storage product", fails["aws:us-west-2/usage:storage_per_gb_month"]["why"])
        self.assertFalse(any(f["expected"] for f in out.failures))
        # the instance prices of the regions whose rate failed are still there
        od = {r["region"]: r["price"]["hourly"] for r in out.rows
              if r["instance_type"] == "p5.48xlarge" and r["price"]["model"] == "on_demand"}
        self.assertEqual(od, {"ap-northeast-1": "66", "us-east-1": "66", "us-west-2": "66"})
        # each failed rate is in a failure's scope (the refresh keeps the last accepted one); the read one is not
        prior = lambda r: {"provider": "aws", "region": r, "kind": "storage_per_gb_month"}
        self.assertEqual({r: any(refresh.usage_in_scope(prior(r), f["scope"]) for f in out.failures) for r in regions},
                         {"ap-northeast-1": False, "eu-central-1": True, "us-east-1": True, "us-west-2": True})

    def test_replayed_offer_files_json_and_csv_give_the_rates_and_the_refresh_accepts_them(self):
        """The recorded set (Replay answers the same fetch code from the recording): ap-northeast-1 (CSV,
        written) 0.096 USD, eu-central-1 (JSON, written) 0.0952 USD; us-east-1's real recording has no gp3
        product → a failure of its rate, its p4d price still there; China: cn-north-1 (written) 0.54 CNY,
        cn-northwest-1 (real) 0.5312 CNY with the recording's date and source. The refresh's usage check
        takes them all (currency of the region, shape), and they survive `make feed` (to_json/from_json)."""
        out = apl.run_ec2(replay(), ctx())
        self.assertEqual(sorted(price(u) for u in out.usage),
                         [("ap-northeast-1", "storage_per_gb_month", "USD", ["0.096"]),
                          ("eu-central-1", "storage_per_gb_month", "USD", ["0.0952"])])
        self.assertEqual({u["source"] for u in out.usage}, {"fixture-aws-pl-ap-northeast-1", "fixture-aws-pl-eu-central-1"})
        self.assertTrue({u["source"] for u in out.usage} <= {s["id"] for s in out.sources.values()})
        self.assertEqual([f["unit"] for f in out.failures], ["aws:us-east-1/usage:storage_per_gb_month"])
        self.assertEqual([r["price"]["hourly"] for r in out.rows if r["region"] == "us-east-1"], ["32.7726"])
        cn = apl.run_ec2(replay(), ctx(), china=True)
        self.assertEqual(sorted((price(u), u["source"], u["as_of"]) for u in cn.usage),
                         [(("cn-north-1", "storage_per_gb_month", "CNY", ["0.54"]), "fixture-aws-pl-cn-north-1", "2026-11-30"),
                          (("cn-northwest-1", "storage_per_gb_month", "CNY", ["0.5312"]), "aws-pl-cn-northwest-1", "2023-03-14")])
        self.assertEqual(cn.failures, [])
        for feed, o in (("aws-ec2", out), ("aws-ec2-cn", cn)):
            again = FeedOutput.from_json(json.loads(json.dumps(refresh.run_feed(feed, replay(), ctx()).to_json())))
            self.assertEqual(again.usage, o.usage)
            rows, flags, kept = refresh.check_usage(again, None, ctx()["regions"])
            self.assertEqual((flags, kept), ([], []))
            self.assertEqual(rows, o.usage)


if __name__ == "__main__":
    unittest.main()
