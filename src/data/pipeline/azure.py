"""Azure offers: dated on-demand and spot, whole-term reservations, SKU inference notes."""

from __future__ import annotations

from common import (DROPPED, SKY_AZ_ASOF, SKY_AZ_NOTE, Inputs, dec, fmt, log, mappings, od, offer, read_csv, ri,
                    spot, spot_artefact, src_of_ref)

AZ_INFERRED = ("SKU inferred by the source: the book has no SKU names (e.g. its label A100_SXM also covers the PCIe "
               "NC A100 v4), so the size is the one whose known on-demand price equals list price × GPU count "
               "(price match, supplement-2026 NOTES).")
AZ_PREFER = {"mr-book": 0, "s-term": 1, "mr-retail": 2, "eucri": 3, "sky-az": 4}


def build(inp: Inputs, gpus_by_id: dict) -> list[dict]:
    m = mappings(inp)
    sku_map, alias, regions, notes_by_sku = m["azure_sku"], m["azure_alias"], m["azure_regions"], m["azure_notes"]
    inst = [r for r in read_csv(inp.ref / "instances.csv") if r["cloud"] == "Azure"]
    supp = read_csv(inp.ref / "supplement" / "prices_found.csv")
    new = read_csv(inp.s26 / "azure_new_2026.csv")
    spot26 = [r for r in read_csv(inp.s26 / "spot_2026.csv") if r["provider"] == "Azure"]
    specs, spec_src = {}, {}
    for r in inst:
        if r["instance_type"] in sku_map and r["region"] == "eastus":
            specs[r["instance_type"]] = (int(r["gpu_count"]), r["vcpus"], r["memory_gib"])
            spec_src[r["instance_type"]] = ["sky-az"]
    for r in new:
        if r["price_type"] == "spec" and r["instance_type"] in sku_map and r["accelerator_memory_gb"]:
            specs[r["instance_type"]] = (int(r["accelerator_count"]), r["vcpu"], r["memory_gb"])
            spec_src[r["instance_type"]] = ["az-docs"]
    specs["Standard_ND96isr_H100_v5"] = (8,) + specs["Standard_ND96isr_H100_v5"][1:]  # catalog says 12
    od_c: dict = {}   # (region, sku) -> [(as_of, price)]
    hist_c: dict = {}
    res: dict = {}
    spots: dict = {}
    for r in inst:
        sku = r["instance_type"]
        if sku not in sku_map or r["region"] != "eastus":
            continue
        key = ("eastus", sku)
        od_c.setdefault(key, []).append((SKY_AZ_ASOF, od(r["price_ondemand_usd_hr"], "USD", "sky-az", SKY_AZ_ASOF, note=SKY_AZ_NOTE)))
        if r["price_spot_min_usd_hr"] and r["price_spot_min_usd_hr"] != r["price_ondemand_usd_hr"]:
            hist_c.setdefault(key, []).append(spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "sky-az", SKY_AZ_ASOF,
                                                   note=SKY_AZ_NOTE + "; superseded or not re-confirmed by a dated snapshot"))
    for r in new:
        sku = alias.get(r["instance_type"], r["instance_type"])
        if sku not in sku_map or r["region"] not in regions or not r["value"]:
            continue
        key = (r["region"], sku)
        src = src_of_ref(r["source_ref"])
        if r["price_type"] == "on_demand":
            if src == "sky-az":
                continue  # same SkyPilot row as instances.csv
            note = None
            if src == "mr-book":
                note = "Per-GPU list price × GPU count. " + AZ_INFERRED
            elif src == "eucri":
                note = "Azure Retail Prices API, Linux item"
            od_c.setdefault(key, []).append((r["as_of"], od(r["value"], "USD", src, r["as_of"], note=note)))
        elif r["price_type"].startswith("reservation_"):
            years = int(r["price_type"].split("_")[1].rstrip("y"))
            res.setdefault(key, []).append(ri(12 * years, "all", dec(r["value"]), 0, "USD", src, r["as_of"],
                note=f"Whole {years}-year term per VM (Retail API), stored as an all-upfront total, not an hourly rate; "
                     "monthly payment costs the same per the source."))
    for r in supp:
        if r["provider"] != "Azure" or r["region"] != "westeurope":
            continue
        sku = r["instance_type_or_item"]
        key = ("westeurope", sku)
        count = specs[sku][0]
        b, unit, p = r["billing"], r["unit"], dec(r["price"])
        if b == "on-demand":
            od_c.setdefault(key, []).append(("2026-09-08", od(p, "USD", "mr-retail", "2026-09-08")))
        elif b == "1y-ri" and unit.startswith("USD upfront"):
            res.setdefault(key, []).append(ri(12, "all", p, 0, "USD", "mr-retail", "2026-09-08",
                                              note="1-yr total upfront; source converts to 10.23 USD/GPU-h"))
        elif b.startswith("3y-ri") or b.startswith("5y-ri"):
            term = 36 if b.startswith("3y") else 60
            total = p * count * 730 * term
            res.setdefault(key, []).append(ri(term, "all", total, 0, "USD", "mr-retail", "2026-09-08", indicative=True,
                note=f"Derived whole-term total {fmt(p)} USD/GPU-h effective × {count} GPUs × {730 * term} h, stored as an "
                     "all-upfront total like every other Azure reservation; the source quotes only the effective rate "
                     "(payment option and upfront not stated), hence indicative."))
    for r in spot26:
        sku = r["instance_type"]
        key = (r["region"], sku)
        lo, hi = dec(r["spot_min_usd_per_hour"]), dec(r["spot_max_usd_per_hour"])
        same = dec(r["ondemand_usd_per_hour_same_snapshot"])
        why = spot_artefact(lo, hi, same, r["note"])
        if why:
            DROPPED.append(f"azure {r['region']} {sku} spot {fmt(hi)} ({r['as_of']}): {why}")
            continue
        spots[key] = spot(lo, hi, "USD", src_of_ref(r["source_ref"]), r["as_of"],
                          note="Per-GPU spot price × GPU count; one value per region (min = max). " + AZ_INFERRED)
    offers = []
    for key in sorted(set(od_c) | set(res)):
        region, sku = key
        if sku not in specs:
            log(f"azure: skip {region} {sku}: vCPU/RAM not in sources read")
            continue
        fam, gpu = sku_map[sku]
        count, vcpu, ram = specs[sku]
        # a field the vendor's own document states differently: the document wins (cited)
        spec_sources = list(spec_src[sku])
        fix = m.get("azure_spec_overrides", {}).get(sku)
        if fix:
            ram = fix["ram_gib"]
            spec_sources.append(fix["source"])
        cands = sorted(od_c.get(key, []), key=lambda c: (c[0], -AZ_PREFER[c[1]["source"]]), reverse=True)
        prices, hist = [], list(hist_c.get(key, []))
        seen = set()
        for i, (_, p) in enumerate(cands):
            v = dec(p["hourly"])
            if i == 0:
                prices.append(p)
            elif v not in seen:
                hist.append(p)
            seen.add(v)
        cur_od = dec(prices[0]["hourly"]) if prices else None
        sp = spots.get(key)
        if sp and (cur_od is None or dec(sp["hourly_max"]) <= cur_od):
            prices.append(sp)
        prices += res.get(key, [])
        notes = [notes_by_sku[sku]] if sku in notes_by_sku else []
        if region == "eastus2":
            notes.append("East US 2 carries only the ND H200 v5 (the only region with its sourced reservations).")
        offers.append(offer("azure", region, sku, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, spec_sources, hist, note=" ".join(notes) or None))
    return offers

