"""Alibaba Cloud offers: cn-shanghai list (2023-06), quote-confirmed and derived prices."""

from __future__ import annotations

from common import DROPPED, Inputs, availability, lead_num, mappings, od, offer, read_csv, sub


# Rows the reference data flags as odd (supplement/NOTES.md "look odd"): carried as indicative only.
ALI_ODD = {
    "ecs.gn6e-c12g1.3xlarge": "Source-flagged as odd: 19.73 CNY/h is below the smaller-memory gn6v-c8g1.2xlarge (26.46) "
                              "with the same V100 count; indicative only.",
    "ecs.gn6i-c40g1.10xlarge": "Source-flagged as odd: 14.81 CNY/h is below the smaller gn6i-c24g1.6xlarge (17.19), and it "
                               "is the only gn6i whose monthly/PAYG ratio is 0.658 instead of 0.394; indicative only.",
}

ALI_CONFIRMED = {"ecs.gn6i-c4g1.xlarge": ("11.84", None), "ecs.gn7i-c8g1.2xlarge": ("9.74", "4675.66")}


def build(inp: Inputs, gpus_by_id: dict) -> list[dict]:
    m = mappings(inp)
    fam_gpu, regions = m["alibaba_family_gpu"], m["alibaba_regions"]
    rows = [r for r in read_csv(inp.ref / "cn_instances.csv") if r["cloud"] == "Aliyun"]
    supp = read_csv(inp.ref / "supplement" / "prices_found.csv")
    avail = availability(inp)
    specs = {}
    quotes = {}
    for r in rows:
        if r["family"] not in fam_gpu:
            continue
        specs[r["instance_type"]] = (r["family"], int(r["gpu_count"]), r["vcpus"], r["memory_gib"],
                                     int(float(r["gpu_mem_per_gpu_gb"])))
        if r["price_payg"]:
            quotes[r["instance_type"]] = r
    blog = {}
    for r in supp:
        if r["provider"].startswith("Alibaba") and r["instance_type_or_item"].startswith("ecs.") and "ArthurChiao" in r["source"]:
            blog.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    offers = []
    for region in regions:
        for itype in sorted(specs):
            sold = avail.get(("alibaba", region, itype), "unknown")
            if sold != "yes":
                if (region, itype) in blog:
                    raise SystemExit(f"alibaba {region} {itype}: priced but availability {sold}")
                DROPPED.append(f"alibaba {region} {itype}: availability {sold} (no source says it is sold there)")
                continue
            fam, count, vcpu, ram, mpg = specs[itype]
            gpu = fam_gpu[fam]
            if gpus_by_id[gpu]["memory_gb"] != mpg:
                raise SystemExit(f"aliyun {itype}: per-GPU memory {mpg} != {gpu}")
            b = blog.get((region, itype), {})
            prices, hist = [], []
            conf = ALI_CONFIRMED.get(itype)
            note = None
            if not b:
                # Sold here per availability.csv but no list price: nothing to carry (no invented price).
                DROPPED.append(f"alibaba {region} {itype}: availability yes but no list price sourced")
                continue
            if int(b["on-demand"]["gpu_count"]) != count:
                raise SystemExit(f"aliyun blog count mismatch {itype}")
            if conf:
                q_od, q_mon = conf
                prices.append(od(b["on-demand"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                 note=f"2023-06 list price confirmed: 2026-09-24 quote {q_od} − 0.21 (100 GiB ESSD PL1 × 0.0021 CNY/GiB-h) = {b['on-demand']['price']}"))
                if q_mon:
                    prices.append(sub(b["subscription-month"]["price"], "CNY", "ali-quote-check", "2026-09-24",
                                      note=f"2023-06 list price confirmed: 2026-09-24 quote {q_mon} − 100 (100 GiB ESSD PL1 × 1.00 CNY/GiB-month) = {b['subscription-month']['price']}"))
                else:
                    prices.append(sub(b["subscription-month"]["price"], "CNY", "arthur", "2023-06"))
            else:
                odd = ALI_ODD.get(itype)
                kw = {"indicative": True, "note": odd} if odd else {}
                prices += [od(b["on-demand"]["price"], "CNY", "arthur", "2023-06", **kw),
                           sub(b["subscription-month"]["price"], "CNY", "arthur", "2023-06", **kw)]
                note = "2023-06 list (secondary), likely an upper bound today; not re-confirmed since."
                if odd:
                    note += " " + odd
            q = quotes.get(itype)
            if q:
                basis = "quote incl. image + 100 GiB ESSD; Shanghai or Shenzhen"
                prices.append(od(q["price_payg"], "CNY", "aliquote", "2026-09-24", indicative=True, note=basis))
                mon = q["price_monthly"]
                if mon and "promotion" not in mon:
                    prices.append(sub(lead_num(mon), "CNY", "aliquote", "2026-09-24", indicative=True, note=basis))
            offers.append(offer("alibaba", region, itype, fam, gpu, count, mpg, vcpu, ram, prices,
                                ["spare", "ad-spec"], hist or None, note=note))
    return offers

