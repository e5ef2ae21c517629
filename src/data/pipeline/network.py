"""Network, RDMA fabric and in-instance GPU interconnect per offer, from the
reference supplement-2026-12/network.csv (one row per instance type; every
offer must have one). Python 3.11 standard library only.

Each offer gets `net`: baseline bandwidth (Gbit/s, as the provider states it:
AWS baseline, Azure Ethernet NIC, Alibaba baseline, Tencent private network),
the RDMA kind (`efa`, `infiniband`, `none`), the InfiniBand fabric bandwidth
where the source states it (`rdma_fabric_gbps=` in the row's note), the GPU
interconnect as a code, the source id of the provider's rows and the row's
`as_of` (the oldest of its fields' dates); the note (full catalog only)
keeps the row's interconnect text (each field's locator and date stay in the
row of network.csv, which the source entry names)."""

from __future__ import annotations

import re

from common import dec, fmt, read_csv

SOURCES = {"aws": "net-aws", "azure": "net-azure", "alibaba": "net-alibaba", "tencent": "net-tencent"}
RDMA = {"efa", "infiniband", "none"}


def gpu_link(text: str) -> str:
    """The interconnect code of a network.csv `gpu_interconnect` cell. "(no NVLink stated)" is not a
    denial: it reads as `pcie` (no NVLink confirmed), never as NVLink."""
    low = text.lower()
    if low.startswith("n/a"):
        return "single"
    if "no nvlink" in low:
        return "pcie"
    if "nvswitch" in low:
        return "nvswitch"
    if "nvlink" in low:
        return "nvlink"
    if "neuronlink" in low:
        return "neuronlink"
    if "pcie" in low:
        return "pcie"
    return "unknown"


def read(inp) -> dict[tuple[str, str], dict]:
    out = {}
    for r in read_csv(inp.ref / "supplement-2026-12" / "network.csv"):
        key = (r["provider"], r["instance_type"])
        if key in out:
            raise SystemExit(f"network.csv: {key} twice")
        if r["rdma_kind"] not in RDMA:
            raise SystemExit(f"network.csv: {key}: rdma_kind {r['rdma_kind']!r}")
        fabric = re.search(r"rdma_fabric_gbps=(\d+)", r["note"])
        net = {"gbps": fmt(dec(r["network_gbps"])), "rdma": r["rdma_kind"]}
        if fabric:
            net["fabric_gbps"] = fabric.group(1)
        net.update({"gpu_link": gpu_link(r["gpu_interconnect"]), "source": SOURCES[r["provider"]],
                    "as_of": r["as_of"],
                    "note": r["gpu_interconnect"]})
        out[key] = net
    return out


def attach(inp, offers: list[dict]) -> None:
    """Set `net` on every offer; an offer without a row stops the build (the supplement covers every type)."""
    table = read(inp)
    missing = sorted({(o["provider"], o["instance_type"]) for o in offers} - set(table))
    if missing:
        raise SystemExit(f"network.csv has no row for {missing}")
    for o in offers:
        o["net"] = dict(table[(o["provider"], o["instance_type"])])
