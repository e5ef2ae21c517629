"""Tests for gpus.py, promotions.py and facts.py on small synthetic inputs (temporary folders)."""

import json
import tempfile
import unittest
from pathlib import Path

import facts
import gpus
import promotions
from common import Inputs

GPU_CSV = ("name,memory_bandwidth_gbs,fp32_tflops,tf32_tflops_dense,tf32_tflops_sparse,"
           "fp16_bf16_tensor_tflops_dense,fp16_bf16_tensor_tflops_sparse,fp8_tflops_dense,fp8_tflops_sparse,"
           "int8_tops_dense,int8_tops_sparse\n"
           "A100 40GB PCIe,1555,19.5,156,312,312,624,,,624,1248\n")


def gpu(**kw):
    g = {"id": "a100-40-pcie", "csv": "A100 40GB PCIe", "name": "x", "vendor": "NVIDIA", "form_factor": "PCIe",
         "memory_gb": 40, "memory_type": "HBM2", "memory_bandwidth_gbs": 1555, "fp32": 19.5, "tf32": [156, 312],
         "fp16": [312, 624], "fp8": [None, None], "int8": [624, 1248], "sparse2": True, "interconnect": "PCIe",
         "tdp_w": 250, "release_year": 2020, "kind": "gpu", "stack": "cuda", "uses": ["training", "inference"],
         "architecture": "ampere", "sources": ["gm"]}
    g.update(kw)
    return g


class Tmp(unittest.TestCase):
    def setUp(self):
        self._d = tempfile.TemporaryDirectory()
        self.dir = Path(self._d.name)
        self.inp = Inputs(ref=self.dir, research=self.dir, curated=self.dir)

    def tearDown(self):
        self._d.cleanup()

    def write(self, name, text):
        (self.dir / name).write_text(text if isinstance(text, str) else json.dumps(text), encoding="utf-8")


class GpusTest(Tmp):
    def test_curated_figures_must_appear_in_the_reference_cell(self):
        self.write("gpus.csv", GPU_CSV)
        self.write("gpus.json", [gpu()])
        [g] = gpus.build(self.inp)
        self.assertEqual((g["fp16_tflops_dense"], g["fp16_tflops_sparse"], g["fp32_tflops"]), (312, 624, 19.5))
        self.assertIsNone(g["fp8_tflops_dense"])  # absent stays absent, never 0
        self.write("gpus.json", [gpu(fp16=[300, 624])])
        with self.assertRaises(SystemExit):
            gpus.build(self.inp)

    def test_a_document_cited_for_a_field_overrides_the_reference_cell(self):
        # the vendor's exact 989.4 is not in a cell that says 989: refused, unless a
        # document is cited for that field (and the source is known)
        self.write("gpus.csv", GPU_CSV)
        self.write("sources.json", [{"id": "doc", "title": "t", "reference": "r", "as_of": "2024", "kind": "primary"}])
        self.write("gpus.json", [gpu(fp16=[312.5, 625])])
        with self.assertRaises(SystemExit):
            gpus.build(self.inp)
        self.write("gpus.json", [gpu(fp16=[312.5, 625], field_sources={"fp16": "doc"})])
        [g] = gpus.build(self.inp)
        self.assertEqual((g["fp16_tflops_dense"], g["field_sources"]), (312.5, [{"field": "fp16", "source": "doc"}]))
        for bad in ({"fp16": "nope"}, {"colour": "doc"}):
            self.write("gpus.json", [gpu(fp16=[312.5, 625], field_sources=bad)])
            with self.assertRaises(SystemExit):
                gpus.build(self.inp)

    def test_accelerator_kind_stack_and_uses(self):
        self.write("gpus.csv", GPU_CSV)
        self.write("gpus.json", [gpu(id="inferentia2", csv=None, kind="inferentia", stack="neuron",
                                     uses=["inference"], kind_source="neuron-setup", frameworks=["fw:pytorch"],
                                     frameworks_source="neuron-fw")])
        [g] = gpus.build(self.inp)
        self.assertEqual((g["kind"], g["stack"], g["uses"], g["frameworks"]),
                         ("inferentia", "neuron", ["inference"], ["fw:pytorch"]))
        # not a GPU without a source for it, an unknown kind or use: refused
        for bad in ({"kind": "inferentia"}, {"kind": "tpu", "kind_source": "s"}, {"uses": ["gaming"]}, {"uses": []}):
            self.write("gpus.json", [gpu(**bad)])
            with self.assertRaises(SystemExit):
                gpus.build(self.inp)

    def test_unknown_csv_row_and_csv_less_records(self):
        self.write("gpus.csv", GPU_CSV)
        self.write("gpus.json", [gpu(csv="nope")])
        with self.assertRaises(SystemExit):
            gpus.build(self.inp)
        self.write("gpus.json", [gpu(id="b300", csv=None, fp16=[2250, 4500], note="n")])
        [g] = gpus.build(self.inp)
        self.assertEqual((g["id"], g["note"]), ("b300", "n"))


class PromotionsTest(Tmp):
    ROW = "provider,name,as_of\nalibaba,Quote,2026-09-24 (quote)\n"

    def test_promotion_must_match_a_dated_research_row(self):
        self.write("promotions.csv", self.ROW)
        p = {"provider": "alibaba", "name": "P", "research_name": "Quote", "as_of": "2026-09-24",
             "expiry": "not stated", "cap": None, "source": "s"}
        self.write("promotions.json", [p])
        [out] = promotions.build(self.inp)
        self.assertNotIn("research_name", out)
        self.assertNotIn("cap", out)  # None fields are left out
        self.assertEqual(out["expiry"], "not stated")
        self.write("promotions.json", [dict(p, as_of="2026-09-25")])
        with self.assertRaises(SystemExit):
            promotions.build(self.inp)


def offer(prov, fam, itype, region, od, monthly, **kw):
    return {"id": f"{prov}:{region}:{itype}", "provider": prov, "family": fam, "instance_type": itype,
            "region": region, "prices": [
                {"model": "on_demand", "hourly": od, "currency": "CNY", "source": "arthur", "as_of": "2023-06", **kw},
                {"model": "subscription", "monthly": monthly, "currency": "CNY", "source": "arthur",
                 "as_of": "2023-06", **kw}]}


class FactsTest(Tmp):
    def test_subscription_ratio_per_family_from_catalog_prices(self):
        offers = [offer("alibaba", "gn6i", "ecs.gn6i-c4g1.xlarge", "cn-shanghai", "11.63", "3348"),
                  offer("alibaba", "gn7", "ecs.gn7-c12g1.3xlarge", "cn-shanghai", "31.58", "15160"),
                  offer("alibaba", "gn7", "ecs.gn7-odd", "cn-shanghai", "1", "1", indicative=True)]
        out = facts.subscription_facts(offers)["alibaba"]
        self.assertEqual([f["topic"] for f in out], ["subscription_discount"] * 2)
        gn6i, gn7 = out
        self.assertIn("3348 / (11.63 × 730) = 0.394", gn6i["text_en"])
        self.assertIn("(−61 %)", gn6i["text_en"])
        self.assertIn("= 0.658 (−34 %) over 1 size", gn7["text_en"])  # indicative row excluded
        self.assertEqual((gn7["source"], gn7["as_of"]), ("catalog-derived", "2023-06"))

    def test_same_type_in_several_regions_counts_once_and_regional_prices_widen_the_range(self):
        a = offer("tencent", "GN7", "GN7.2XLARGE32", "ap-beijing", "8.68", "2500")
        b = offer("tencent", "GN7", "GN7.2XLARGE32", "ap-shanghai", "8.68", "2500")
        [f] = facts.subscription_facts([a, b])["tencent"]
        self.assertIn("over 1 size", f["text_en"])
        self.assertIn("= 0.395 (", f["text_en"])
        b["prices"][1]["monthly"] = "2400"  # a feed's regional price: one size, two ratios
        [f] = facts.subscription_facts([a, b])["tencent"]
        self.assertIn("= 0.379–0.395 (", f["text_en"])
        self.assertIn("over 1 size", f["text_en"])
        c = offer("tencent", "GN7", "GN7.2XLARGE32", "na-ashburn", "1.2", "350")
        for p in c["prices"]:
            p["currency"] = "USD"
        got = facts.subscription_facts([a, c])["tencent"]
        self.assertEqual(len(got), 2)  # CNY and USD rates are never mixed in one fact

    def test_azure_reservation_ratio_uses_whole_term_totals(self):
        o = {"id": "azure:eastus:Standard_X", "provider": "azure", "family": "f", "instance_type": "Standard_X",
             "region": "eastus", "prices": [
                 {"model": "on_demand", "hourly": "10", "currency": "USD", "source": "a", "as_of": "2026-10-10"},
                 {"model": "reserved", "term_months": 12, "payment": "all", "upfront": "43800", "hourly": "0",
                  "currency": "USD", "source": "b", "as_of": "2026-09-27", "indicative": True}]}
        [f] = facts.azure_reservation_facts([o])
        self.assertIn("X eastus: 1-yr −50 %*", f["text_en"])  # 43800 / (10 × 730 × 12) = 0.5
        self.assertEqual(f["as_of"], "2026-09-27")

    def test_curated_facts_need_a_date(self):
        prov = {"id": "aws", "name_en": "A", "name_zh": "A", "billing": {},
                "facts": [["t", "en", "zh", "s", "2015-01-05"]]}
        self.write("providers.json", [prov])
        self.assertEqual(facts.curated(self.inp)[0]["facts"][0]["as_of"], "2015-01-05")
        prov["facts"][0][4] = "undated"
        self.write("providers.json", [prov])
        with self.assertRaises(SystemExit):
            facts.curated(self.inp)


if __name__ == "__main__":
    unittest.main()
