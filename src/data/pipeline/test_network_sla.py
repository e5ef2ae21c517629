"""Tests for network.py and sla.py on small synthetic inputs (temporary folder)."""

import tempfile
import unittest
from pathlib import Path

import common
import network
import sla
from common import Inputs

NET_HEAD = "provider,instance_type,network_gbps,rdma_kind,gpu_interconnect,as_of,source_title,source_locator,note\n"
SLA_HEAD = "provider,scope,sla_pct,as_of,source_title,source_locator,note\n"


class NetworkSlaTest(unittest.TestCase):
    def setUp(self):
        self._d = tempfile.TemporaryDirectory()
        (Path(self._d.name) / "supplement-2026-12").mkdir()
        self.dir = Path(self._d.name) / "supplement-2026-12"
        self.inp = Inputs(ref=Path(self._d.name), research=Path(self._d.name), curated=Path(self._d.name))
        common.DROPPED.clear()

    def tearDown(self):
        self._d.cleanup()

    def test_interconnect_text_to_code(self):
        cases = {
            "n/a (1 GPU; T4 PCIe Gen3)": "single",
            "pcie4 (no NVLink/NVSwitch stated)": "pcie",  # "no NVLink" is not NVLink
            "nvswitch 600 GB/s (NVLink3)": "nvswitch",
            "pcie4 + nvlink (\"NVIDIA NVLink Interconnect: Supported\")": "nvlink",
            "neuronlink-v2 (chip-to-chip)": "neuronlink",
            "something else": "unknown",
        }
        for text, code in cases.items():
            self.assertEqual(network.gpu_link(text), code, text)

    def test_every_offer_needs_a_row_and_fabric_bandwidth_is_read(self):
        (self.dir / "network.csv").write_text(
            NET_HEAD + 'azure,ND96asr_v4,24,infiniband,"nvlink3 600 GB/s",2023-03-13,t,l,"rdma_fabric_gbps=1600; x"\n',
            encoding="utf-8")
        o = {"provider": "azure", "instance_type": "ND96asr_v4"}
        network.attach(self.inp, [o])
        self.assertEqual(o["net"], {"gbps": "24", "rdma": "infiniband", "fabric_gbps": "1600", "gpu_link": "nvlink",
                                    "source": "net-azure", "as_of": "2023-03-13", "note": "nvlink3 600 GB/s"})
        with self.assertRaises(SystemExit):
            network.attach(self.inp, [{"provider": "aws", "instance_type": "p9.huge"}])
        (self.dir / "network.csv").write_text(NET_HEAD + 'aws,x,1,roce,n/a,2024,t,l,n\n', encoding="utf-8")
        with self.assertRaises(SystemExit):
            network.read(self.inp)

    def test_sla_scopes_undated_kept_marked_superseded_dropped(self):
        (self.dir / "sla.csv").write_text(
            SLA_HEAD
            + 'tencent,single CVM instance (monthly),99.975,2023-06-30,t,l,text\n'
            + 'tencent,"single CVM instance, older version (superseded)",99.95,2019-06-13,t,l,history\n'
            + 'alibaba,single ECS instance (monthly),99.975,undated,t,l,SECONDARY/UNDATED: x\n',
            encoding="utf-8")
        out = sla.build(self.inp)
        self.assertEqual([(x["scope"], x["pct"], x["as_of"]) for x in out["tencent"]],
                         [("single_instance", "99.975", "2023-06-30")])
        [ali] = out["alibaba"]
        self.assertEqual((ali["as_of"], ali["undated"], ali["secondary"]), (None, True, True))
        self.assertEqual(len(common.DROPPED), 1)


if __name__ == "__main__":
    unittest.main()
