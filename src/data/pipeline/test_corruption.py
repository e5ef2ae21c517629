"""34 corrupted recordings, each replayed by the whole refresh (make refresh FROM=copy OUT=state): every
one either trips a gate, with the state byte-identical and the gate and row named, or is published
correctly — the failed request named in the report and the rows it would have renewed kept with their
last values and dates (the catalog byte-identical here, since nothing else changed). Never a wrong
price, never a traceback. Kinds: zeroed, NaN, negative, renamed, re-unit-ed, re-currencied, duplicated,
paged in a loop, page repeated, HTML instead of JSON/XML/CSV, truncated, HTTP 500 / 429 / 403 / 401."""

import re
import shutil
import unittest

from feedtestkit import Copy

GATE, KEPT = "gate", "kept"
ND1, ND2 = "azure/nd96isr_h100_v5_page1.json", "azure/nd96isr_h100_v5_page2.json"
HTML = "<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body>busy</body></html>"


class Corruption(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = Copy()
        rc, out, err = cls.base.run()
        assert rc == 0, out[-2000:] + err
        cls.before = cls.base.state()

    @classmethod
    def tearDownClass(cls):
        cls.base.close()

    def fresh(self) -> Copy:
        c = Copy()
        shutil.copytree(self.base.out, c.out)
        return c

    def case(self, mutate, expect, *named):
        """expect GATE: exit 3, the state byte-identical, each of `named` in a refused line; expect KEPT:
        exit 0, the catalog byte-identical, each of `named` in the report."""
        c = self.fresh()
        try:
            mutate(c)
            rc, out, err = c.run()
            self.assertNotIn("Traceback", out + err)
            if expect == GATE:
                self.assertEqual(rc, 3, out[-3000:] + err)
                self.assertEqual(c.state(), self.before)
                refused = [l for l in err.splitlines() if l.startswith("refused: ")]
                for n in named:
                    self.assertTrue(any(n in l for l in refused), (n, refused))
            else:
                self.assertEqual(rc, 0, out[-3000:] + err)
                self.assertEqual(c.state()["catalog.json"], self.before["catalog.json"])
                for n in named:
                    self.assertIn(n, out)
        finally:
            c.close()

    # helpers that corrupt one recorded file
    @staticmethod
    def sub(rel, old, new, count=1):
        def f(c):
            t = (c.rec / rel).read_text(encoding="utf-8")
            t2 = t.replace(old, new, count) if not isinstance(old, re.Pattern) else old.sub(new, t, count)
            assert t2 != t, (rel, old)
            (c.rec / rel).write_text(t2, encoding="utf-8")
        return f

    @staticmethod
    def body(rel, text):
        return lambda c: (c.rec / rel).write_text(text, encoding="utf-8")

    @staticmethod
    def status(file_part, code, feed=None):
        def f(c):
            def e(x):
                if file_part in x["file"] and (feed is None or x["feed"] == feed):
                    x["status"] = code
            c.edit(e)
        return f

    # -------------------------------------------------------------- Azure Retail Prices (public HTTP)

    def test_01_azure_zeroed(self):
        self.case(self.sub(ND1, '"retailPrice": 96.5', '"retailPrice": 0'), GATE, "bad-price: azure:eastus:Standard_ND96isr_H100_v5/on_demand")

    def test_02_azure_nan(self):
        self.case(self.sub(ND1, '"retailPrice": 96.5', '"retailPrice": NaN'), GATE, "bad-price: azure:eastus:Standard_ND96isr_H100_v5/on_demand")

    def test_03_azure_renamed_field(self):
        self.case(self.sub(ND1, '"retailPrice": 96.5', '"retail_price": 96.5'), GATE, "schema: azure:eastus:Standard_ND96isr_H100_v5")

    def test_04_azure_re_unit_ed(self):
        self.case(self.sub(ND1, '"unitOfMeasure": "1 Hour"', '"unitOfMeasure": "1/Month"', 3), GATE, "unit: azure:")

    def test_05_azure_re_currencied(self):
        self.case(self.sub(ND1, '"currencyCode": "USD"', '"currencyCode": "EUR"', 3), GATE, "currency: azure:")

    def test_06_azure_duplicated_with_another_price(self):
        def dup(c):
            p = c.json(ND1)
            p["Items"].append(dict(p["Items"][2], retailPrice=97.0, meterId="another"))
            c.put(ND1, p)
        self.case(dup, GATE, "duplicate: azure:eastus:Standard_ND96isr_H100_v5/on_demand")

    def test_07_azure_paged_in_a_loop(self):
        def loop(c):
            p1, p2 = c.json(ND1), c.json(ND2)
            p2["NextPageLink"] = [e for e in c.manifest_entries() if e["file"] == ND1][0]["request"]
            c.put(ND2, p2)
            assert p1["NextPageLink"]
        self.case(loop, KEPT, "NextPageLink loops", "| azure-retail | `azure:")

    def test_08_azure_page_repeated(self):
        self.case(lambda c: c.put(ND2, dict(c.json(ND1), NextPageLink=None)), KEPT, "repeats page 1")

    def test_09_azure_html_instead_of_json(self):
        self.case(self.body(ND1, HTML), KEPT, "| azure-retail | `azure:")

    def test_10_azure_http_500(self):
        self.case(self.status(ND1, 500), KEPT, "HTTP 500", "| azure-retail | `azure:")

    def test_11_azure_http_429(self):
        self.case(self.status(ND2, 429), KEPT, "HTTP 429", "| azure-retail | `azure:")

    # -------------------------------------------------------------- AWS Price List (public HTTP)

    def test_12_aws_offer_zeroed(self):
        self.case(self.sub("aws/ec2_ap-northeast-1.csv", '"Hrs","66.0000000000"', '"Hrs","0.0000000000"'), GATE,
                  "bad-price: aws:ap-northeast-1:p5.48xlarge/on_demand")

    def test_13_aws_offer_negative(self):
        self.case(self.sub("aws/ec2_eu-central-1.json", '"USD": "24.0000000000"', '"USD": "-24.0000000000"'), GATE,
                  "bad-price: aws:eu-central-1:p4d.24xlarge/on_demand")

    def test_14_aws_offer_renamed_attribute(self):
        self.case(self.sub("aws/ec2_eu-central-1.json", '"instanceType"', '"instance_type"', 9), GATE, "schema: ")

    def test_15_aws_offer_re_currencied(self):
        self.case(self.sub("aws/ec2_eu-central-1.json", '"USD": "24.0000000000"', '"CNY": "24.0000000000"'), GATE,
                  "currency: aws:eu-central-1:p4d.24xlarge/on_demand")

    def test_16_aws_offer_duplicated_term_with_another_price(self):
        def dup(c):
            p = c.rec / "aws/ec2_ap-northeast-1.csv"
            lines = p.read_text().splitlines(keepends=True)
            [od] = [l for l in lines if '"FIXP5APN1LINUX01","JRTCKXETXF"' in l]
            lines.append(od.replace('"JRTCKXETXF"', '"OTHERTERM1"', 1).replace('"66.0000000000"', '"67.0000000000"'))
            p.write_text("".join(lines))
        self.case(dup, GATE, "duplicate: aws:ap-northeast-1:p5.48xlarge/on_demand")

    def test_17_aws_offer_html_instead_of_csv(self):
        self.case(self.body("aws/ec2_ap-northeast-1.csv", HTML), KEPT, "| aws-ec2 | `aws:ap-northeast-1`")

    def test_18_aws_offer_http_500(self):
        self.case(self.status("ec2_eu-central-1", 500), KEPT, "| aws-ec2 | `aws:eu-central-1`")

    def test_19_aws_index_http_403(self):
        self.case(self.status("sp_region_index", 403), KEPT, "aws-savings-plans: FAILED (")

    def test_20_aws_reservations_gone(self):
        def gone(c):
            p = c.rec / "aws/ec2_ap-northeast-1.csv"
            p.write_text("".join(l for l in p.read_text().splitlines(keepends=True) if '"Reserved"' not in l))
        self.case(gone, GATE, "fewer-offers: aws-ec2/aws:ap-northeast-1/reserved")

    # -------------------------------------------------------------- AWS spot (public) and spot history (boto3)

    def test_21_aws_spot_nan(self):
        self.case(self.sub("aws/spot.json", '"USD": "16.5"', '"USD": "NaN"'), GATE, "bad-price: aws:us-east-1:p4d.24xlarge/spot")

    def test_22_aws_spot_truncated(self):
        self.case(lambda c: (c.rec / "aws/spot.json").write_text((c.rec / "aws/spot.json").read_text()[:300]), KEPT,
                  "aws-spot: FAILED (")

    def test_23_aws_spot_http_429(self):
        self.case(self.status("aws/spot.json", 429), KEPT, "aws-spot: FAILED (", "HTTP 429")

    def test_24_aws_spot_history_zeroed(self):
        self.case(self.sub("aws/spot_history_us-east-1_p1.xml", re.compile(r"<spotPrice>[0-9.]+"), "<spotPrice>0", 99), GATE,
                  "bad-price: aws:us-east-1:")

    def test_25_aws_spot_history_html(self):
        self.case(self.body("aws/spot_history_us-east-1_p1.xml", HTML), KEPT, "| aws-spot-history | `aws:us-east-1`")

    # -------------------------------------------------------------- Alibaba (public file; SDK at the wire)

    def test_26_alibaba_price_re_currencied(self):
        self.case(self.sub("alibaba/sdk_DescribePrice_Hour.json", '"Currency": "CNY"', '"Currency": "USD"'), GATE,
                  "currency: alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge/on_demand")

    def test_27_alibaba_price_zeroed(self):
        self.case(self.sub("alibaba/sdk_DescribePrice_Hour.json", '"OriginalPrice": 9.27', '"OriginalPrice": 0'), GATE,
                  "bad-price: alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge/on_demand")

    def test_28_alibaba_price_renamed(self):
        self.case(self.sub("alibaba/sdk_DescribePrice_Hour.json", '"PriceInfo"', '"Price_Info"'), GATE,
                  "schema: alibaba:cn-shanghai:ecs.gn7i-c8g1.2xlarge/on_demand")

    def test_29_alibaba_spot_paged_in_a_loop(self):
        def loop(c):
            p = c.json("alibaba/sdk_DescribeSpotPriceHistory_Offset2.json")
            p["NextOffset"] = 2  # the page asks for itself again
            c.put("alibaba/sdk_DescribeSpotPriceHistory_Offset2.json", p)
        self.case(loop, KEPT)

    def test_30_alibaba_price_file_html(self):
        self.case(self.body("alibaba/instancePrice.json", HTML), KEPT, "alibaba-public: FAILED (")

    # -------------------------------------------------------------- Tencent (SDK at the wire)

    def test_31_tencent_zeroed(self):
        self.case(self.sub("tencent/InquiryPriceRunInstances_GN7.2XLARGE32_on_demand.json", '"OriginalInstanceTypePrice": 8.2',
                           '"OriginalInstanceTypePrice": 0'), GATE, "bad-price: tencent:ap-guangzhou:GN7.2XLARGE32/on_demand")

    def test_32_tencent_renamed(self):
        self.case(self.sub("tencent/InquiryPriceRunInstances_GN7.2XLARGE32_on_demand.json", '"InstancePrice"', '"Instance_Price"'),
                  GATE, "schema: tencent:ap-guangzhou:GN7.2XLARGE32/on_demand")

    def test_33_tencent_html_instead_of_json(self):
        self.case(self.body("tencent/InquiryPriceRunInstances_GN7.2XLARGE32_subscription.json", HTML), KEPT,
                  "| tencent-sdk | `tencent:ap-guangzhou/GN7.2XLARGE32/subscription`")

    def test_34_tencent_regions_http_500(self):
        self.case(self.status("tencent/DescribeRegions", 500), KEPT, "tencent-sdk: FAILED (")


if __name__ == "__main__":
    unittest.main()
