"""Tests for benchmarks.py on small synthetic inputs (temporary folder)."""

import tempfile
import unittest
from pathlib import Path

import benchmarks
import common
from common import Inputs

HEAD = "benchmark_suite,gpu,gpu_count,workload,precision,metric,value,unit,system_or_config,data_date,source,notes\n"
SRC = "lambdal/deeplearning-benchmark pytorch/pytorch-train-throughput-fp16.csv @4e11f6891ada05d1b317309d9b72c6072aa166d1"


def row(gpu, count, workload, value, precision="fp16 (mixed)", system="sys", suite=benchmarks.SUITE, source=SRC):
    return f'{suite},{gpu},{count},{workload},{precision},training throughput,{value},samples/s,{system},d,{source},n\n'


class BenchmarksTest(unittest.TestCase):
    def setUp(self):
        self._d = tempfile.TemporaryDirectory()
        self.dir = Path(self._d.name)
        self.inp = Inputs(ref=self.dir, research=self.dir, curated=self.dir)
        common.DROPPED.clear()

    def tearDown(self):
        self._d.cleanup()

    def build(self, *rows, gpus=("a100-80-sxm", "a10", "v100-16-sxm2")):
        (self.dir / "benchmarks.csv").write_text(HEAD + "".join(rows), encoding="utf-8")
        return benchmarks.build(self.inp, {g: {} for g in gpus})

    def test_keeps_fp16_resnet_and_bert_large_mapped_rows(self):
        out = self.build(
            row("A100 80GB SXM4", 8, "ResNet-50 training", 11439, system="8x A100 80GB SXM4"),
            row("A10", 1, "BERT-large SQuAD fine-tune", 42),
            row("A10", 1, "BERT-base SQuAD fine-tune", 135),  # other workload
            row("A10", 1, "ResNet-50 training", 300, precision="fp32 (TF32 math probably used)"),  # fp32
            row("A100 80GB SXM4", 8, "ResNet-50 v1.5 (MXNet)", 1, suite="MLPerf"),  # other suite
        )
        self.assertEqual(out, [
            {"gpu": "a100-80-sxm", "gpu_count": 8, "workload": "resnet50", "precision": "fp16_mixed",
             "samples_per_sec": "11439", "system": "8x A100 80GB SXM4", "source": "lambda-bench",
             "as_of": "2024-07-24"},
            {"gpu": "a10", "gpu_count": 1, "workload": "bert_large", "precision": "fp16_mixed",
             "samples_per_sec": "42", "system": "sys", "source": "lambda-bench", "as_of": "2024-07-24"},
        ])

    def test_unmapped_gpu_is_dropped_not_guessed(self):
        out = self.build(row("RTX 4090", 1, "ResNet-50 training", 1000),
                         row("H100 80GB SXM5", 1, "ResNet-50 training", 2616))  # mapped id absent from gpus
        self.assertEqual(out, [])
        self.assertEqual(len(common.DROPPED), 2)

    def test_exact_duplicates_collapse_distinct_systems_stay(self):
        r = row("V100 16GB", 1, "ResNet-50 training", 833)
        out = self.build(r, r, row("V100 16GB", 1, "ResNet-50 training", 840, system="other"))
        self.assertEqual([(b["gpu"], b["samples_per_sec"]) for b in out], [("v100-16-sxm2", "833"),
                                                                          ("v100-16-sxm2", "840")])

    def test_bad_rows_stop_the_build(self):
        with self.assertRaises(SystemExit):
            self.build(row("A10", 1, "ResNet-50 training", 0))
        with self.assertRaises(SystemExit):
            self.build(row("A10", 1, "ResNet-50 training", 10, source="someone else"))


if __name__ == "__main__":
    unittest.main()


class ServingBenchmarksTest(unittest.TestCase):
    def test_mlperf_rows_are_read_with_their_source_and_date(self):
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            (d / "benchmarks.csv").write_text(HEAD, encoding="utf-8")
            (d / "mlperf_inference.json").write_text(
                '{"rows": [{"gpu": "h200", "gpu_count": 8, "tokens_per_s": "31302.7", "system": "s"}]}',
                encoding="utf-8")
            inp = Inputs(ref=d, research=d, curated=d)
            [b] = benchmarks.build(inp, {"h200": {}})
            self.assertEqual((b["workload"], b["samples_per_sec"], b["source"], b["as_of"]),
                             ("llama2_70b_offline", "31302.7", "mlperf-inf41", "2024-08-28"))
            (d / "mlperf_inference.json").write_text(
                '{"rows": [{"gpu": "h999", "gpu_count": 8, "tokens_per_s": "1", "system": "s"}]}', encoding="utf-8")
            with self.assertRaises(SystemExit):
                benchmarks.build(inp, {"h200": {}})
