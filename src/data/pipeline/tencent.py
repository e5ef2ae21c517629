"""Tencent Cloud offers: mainland CNY list (as_of = lower bound 2021)."""

from __future__ import annotations

from common import DROPPED, Inputs, availability, dec, log, mappings, od, offer, read_csv, sub


# later, so as_of is that lower bound (the conservative age).
TC_ASOF = "2021"
TC_PRICE_NOTE = ("Mainland-China list price (标准刊例价, compute only), not region-specific. UNDATED: the document "
                 "(价格总览.md @8ec07296) carries no date and its commit date is not visible. as_of 2021 is not a date "
                 "but an unsourced lower bound (the page lists GT4 = A100, which shipped in 2020; nothing read dates "
                 "GT4's launch). The price may be older or newer than it looks; treat it as stale.")


def range_of(cell: str):
    parts = [dec(x) for x in cell.split("-")]
    return (parts[0], parts[-1]) if len(parts) == 2 else (None, parts[0])


def build(inp: Inputs, gpus_by_id: dict) -> list[dict]:
    m = mappings(inp)
    fam_gpu, regions = m["tencent_family_gpu"], m["tencent_regions"]
    rows = read_csv(inp.ref / "cn_instances.csv")
    avail = availability(inp)
    cny = {}
    spec = {}
    for r in rows:
        if r["cloud"] != "Tencent" or r["family"] not in fam_gpu:
            continue
        try:
            count = int(r["gpu_count"])
        except ValueError:
            log(f"tencent: skip {r['instance_type']}: fractional vGPU ({r['gpu_count']})")
            continue
        cny[r["instance_type"]] = r
        spec[r["instance_type"]] = (r["family"], count, r["vcpus"], r["memory_gib"])
    offers = []
    for region in regions:
        for itype in sorted(spec):
            fam, count, vcpu, ram = spec[itype]
            gpu = fam_gpu[fam]
            itype_out = "HCCPNV4h" if fam == "HCCPNV4h" else itype
            sold = avail.get(("tencent", region, itype_out), "unknown")
            if sold != "yes":
                DROPPED.append(f"tencent {region} {itype_out}: availability {sold} (no source says it is sold there)")
                continue
            r = cny[itype]
            notes = []
            prices = []
            if r["price_payg"]:
                lo, hi = range_of(r["price_payg"])
                prices.append(od(hi, "CNY", "tc-price", TC_ASOF, range_min=lo))
                lo, hi = range_of(r["price_monthly"])
                prices.append(sub(hi, "CNY", "tc-price", TC_ASOF, range_min=lo))
                notes.append(TC_PRICE_NOTE)
            elif fam == "PNV4":
                notes.append("Listed in Guangzhou-7/Shanghai-5/Beijing-6 (whitelist family); no sourced price.")
            if itype == "GN10X.4XLARGE80":
                notes.append("Specs from the price page only: the spec doc (计算型实例.md) lists no GN10X.4XLARGE80.")
            mpg = gpus_by_id[gpu]["memory_gb"]
            if r["gpu_mem_per_gpu_gb"] and int(r["gpu_mem_per_gpu_gb"]) != mpg:
                raise SystemExit(f"tencent {itype}: per-GPU memory mismatch")
            offers.append(offer("tencent", region, itype_out, fam, gpu, count, mpg, vcpu, ram, prices,
                                ["tc-spec"], note=" ".join(notes) or None))
    return offers

