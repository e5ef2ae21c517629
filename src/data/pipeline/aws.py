"""AWS offers: on-demand, dated spot, reservations (effective rates), savings plans, AWS China."""

from __future__ import annotations

from decimal import Decimal

from common import (DROPPED, SKY_ASOF, SKY_NOTE, TSAOL_ASOF, Inputs, dec, fmt, log, mappings, od, offer,
                    price, read_csv, ri, spot, spot_artefact, src_of_ref)

AWS_PREFER = {"mr-book": 0, "s-term": 1, "pr45": 2, "tsaol-g4dn": 3, "tsaol": 3, "tsaol-raw": 4, "sky-aws": 5, "sky-aws2": 6}
RI_PAY = {"no_upfront": "no", "partial_upfront": "partial", "all_upfront": "all"}


def aws_family(table: list, itype: str):
    for pre, fam, gpu in table:
        if itype.startswith(pre):
            return fam, gpu
    return None


def sky_src(row) -> str:
    return "sky-aws2" if "27f67dd4" in row["source"] else "sky-aws"


def build(inp: Inputs, gpus_by_id: dict) -> list[dict]:
    m = mappings(inp)
    table, regions = m["aws_family_gpu"], m["aws_regions"]
    inst = [r for r in read_csv(inp.ref / "instances.csv") if r["cloud"] == "AWS"]
    supp = read_csv(inp.ref / "supplement" / "prices_found.csv")
    new = read_csv(inp.s26 / "aws_new_2026.csv")
    spot26 = [r for r in read_csv(inp.s26 / "spot_2026.csv") if r["provider"] == "AWS"]
    specs = {}
    for r in inst:
        if r["vcpus"] and r["memory_gib"] and r["gpu_count"]:
            specs.setdefault(r["instance_type"], (int(r["gpu_count"]), r["vcpus"], r["memory_gib"], ["sky-aws"]))
    # vCPU/RAM: prefer the raw AWS-API dump (S-RAW, per supplement-2026 NOTES), then the JS files and S-TERM;
    # the gpuhunt book (mr-book) has no vCPU/RAM of its own, so it comes last.
    spec_pref = {"tsaol-raw": 0, "tsaol": 1, "s-term": 2}
    for r in sorted(new, key=lambda r: spec_pref.get(src_of_ref(r["source_ref"]), 9)):
        if r["vcpu"] and r["memory_gib"] and r["accelerator_count"] and r["instance_type"] not in specs:
            specs[r["instance_type"]] = (int(r["accelerator_count"]), r["vcpu"], r["memory_gib"],
                                         [src_of_ref(r["source_ref"])])
    sky, pr = {}, {}
    for r in inst:
        if aws_family(table, r["instance_type"]) is None or r["region"] not in regions:
            continue
        key = (r["region"], r["instance_type"])
        (sky if "skypilot" in r["source"] else pr).setdefault(key, []).append(r)
    ts = {}
    for r in supp:
        if r["provider"] == "AWS" and "tsaol" in r["source"]:
            ts.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    od26, ri26, sp26, cb26 = {}, {}, {}, {}
    for r in new:
        key = (r["region"], r["instance_type"])
        if r["region"] not in regions or aws_family(table, r["instance_type"]) is None or not r["value"]:
            continue
        if r["price_type"] == "on_demand":
            od26.setdefault(key, []).append(r)
        elif r["price_type"] == "reserved_instance":
            ri26.setdefault(key, []).append(r)
        elif r["price_type"] == "savings_plan":
            sp26.setdefault(key, []).append(r)
        elif r["price_type"] == "capacity_block":
            cb26.setdefault(key, []).append(r)
    # Newer dated rows read for the review (research/aws_tsaol_g4dn.csv; absent in the test fixtures).
    g4dn = {}
    if (inp.research / "aws_tsaol_g4dn.csv").exists():
        for r in read_csv(inp.research / "aws_tsaol_g4dn.csv"):
            g4dn.setdefault((r["region"], r["instance_type"]), []).append(r)
    sp_rows = {}
    for r in spot26:
        if r["region"] in regions and aws_family(table, r["instance_type"]) is not None:
            sp_rows[(r["region"], r["instance_type"])] = r
    keys = sorted(set(sky) | set(ts) | set(od26) | set(sp_rows))
    offers = []
    for key in keys:
        region, itype = key
        fam, gpu = aws_family(table, itype)
        if itype not in specs:
            log(f"aws: skip {region} {itype}: vCPU/RAM not in sources read")
            continue
        count, vcpu, ram, spec_src = specs[itype]
        prices, hist, notes = [], [], []
        if gpu == "b300":
            notes.append("GPU memory: AWS lists 262 GB per GPU (8 × 262 = 2096, the figure stored, since gpu_memory_gb is "
                         "GPU count × per-GPU memory); vantage's raw data gives 2100 GB per instance and NVIDIA's B300 has "
                         "288 GB per GPU.")
        # on-demand candidates: (as_of, preference, price)
        cands = []
        t = ts.get(key, {})
        if "on-demand" in t:
            cands.append((TSAOL_ASOF, od(t["on-demand"]["price"], "USD", "tsaol", TSAOL_ASOF)))
        for r in od26.get(key, []):
            src = src_of_ref(r["source_ref"])
            note = "per-GPU list × 8 (instance inferred by the source's GPU label and count)" if src == "mr-book" else None
            cands.append((r["as_of"], od(r["value"], "USD", src, r["as_of"], note=note)))
        sr = sp_rows.get(key)
        if sr and sr["ondemand_usd_per_hour_same_snapshot"]:
            src = src_of_ref(sr["source_ref"])
            note = ("per-GPU list × GPU count (instance inferred)" if src == "mr-book"
                    else "Linux on-demand, same snapshot as the spot price")
            cands.append((sr["as_of"], od(sr["ondemand_usd_per_hour_same_snapshot"], "USD", src, sr["as_of"], note=note)))
        for r in g4dn.get(key, []):
            cands.append((r["as_of"], od(r["on_demand_usd_hr"], "USD", "tsaol-g4dn", r["as_of"],
                                         note="Linux on-demand, region listed in the vantage-derived file")))
        for r in pr.get(key, []):
            if r["price_ondemand_usd_hr"]:
                cands.append(("2026-07-29", od(r["price_ondemand_usd_hr"], "USD", "pr45", "2026-07-29",
                                               note="AWS Price List API value quoted in the PR")))
        for r in sky.get(key, []):
            if r["price_ondemand_usd_hr"]:
                cands.append((SKY_ASOF, od(r["price_ondemand_usd_hr"], "USD", sky_src(r), SKY_ASOF,
                                           note=SKY_NOTE + ("; pre-June-2025 list" if fam in ("p4d", "p4de", "p5", "p5en") else ""))))
        cands.sort(key=lambda c: (c[0], -AWS_PREFER[c[1]["source"]]), reverse=True)
        cur_od = None
        seen = set()
        for i, (_, p) in enumerate(cands):
            v = dec(p["hourly"])
            if i == 0:
                prices.append(p)
                cur_od = v
                seen.add(v)
            elif v not in seen and not any(abs(v - x) < Decimal("0.0001") for x in seen):
                seen.add(v)
                hist.append(p)
        # spot: the newest dated snapshot is current; older snapshots are history
        scands = []
        if sr:
            lo, hi = dec(sr["spot_min_usd_per_hour"]), dec(sr["spot_max_usd_per_hour"])
            same = dec(sr["ondemand_usd_per_hour_same_snapshot"]) if sr["ondemand_usd_per_hour_same_snapshot"] else None
            why = spot_artefact(lo, hi, same, sr["note"])
            src = src_of_ref(sr["source_ref"])
            snote = ("per-GPU spot × GPU count; one value per region (min = max)"
                     if src == "mr-book" else "min/max across the region's AZs")
            if why:
                DROPPED.append(f"aws {region} {itype} spot {fmt(lo)}..{fmt(hi)} ({sr['as_of']}): {why}")
            else:
                scands.append((sr["as_of"], spot(lo, hi, "USD", src, sr["as_of"], note=snote)))
        for r in pr.get(key, []):
            if r["price_spot_min_usd_hr"] and "dstack" in r["source"]:
                scands.append(("2026-08-06", spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", "dstack4110", "2026-08-06")))
        for r in sorted(sky.get(key, []), key=lambda r: sky_src(r)):
            if r["price_spot_min_usd_hr"] and r["price_spot_max_usd_hr"]:
                scands.append((SKY_ASOF, spot(r["price_spot_min_usd_hr"], r["price_spot_max_usd_hr"], "USD", sky_src(r), SKY_ASOF,
                                              note=SKY_NOTE)))
        scands.sort(key=lambda c: c[0], reverse=True)
        for _, p in scands:
            hi = dec(p["hourly_max"])
            fresh = p["source"] in ("mr-book", "tsaol-raw", "dstack4110")
            if not any(x["model"] == "spot" for x in prices) and fresh and (cur_od is None or hi <= cur_od):
                prices.append(p)
            else:
                if cur_od is not None and hi > cur_od and fresh:
                    DROPPED.append(f"aws {region} {itype} spot max {fmt(hi)} > on-demand {fmt(cur_od)}: kept as history only")
                hist.append(p)
        # reservations (effective hourly rates from vantage) and savings plans
        prices += aws_reservations(key, t, ri26.get(key, []))
        for r in sorted(sp26.get(key, []), key=lambda r: r["term_years"]):
            cls = r["offering_class"]
            n = f"{cls}, {r['term_years']}-yr, No Upfront"
            if "Compute" in cls:
                n += "; AWS publishes no 1-yr EC2 Instance Savings Plan or RI for this type (per source)"
            prices.append(price("savings_plan", "USD", "s-term", r["as_of"], note=n,
                                term_months=12 * int(r["term_years"]), payment=RI_PAY[r["payment_option"]],
                                hourly=dec(r["value"])))
        # EC2 Capacity Blocks for ML: the reservation fee per instance-hour (the newest dated row)
        for r in sorted(cb26.get(key, []), key=lambda r: r["as_of"])[-1:]:
            prices.append(price("capacity_block", "USD", src_of_ref(r["source_ref"]), r["as_of"],
                                note=r["note"] or None, hourly=dec(r["value"])))
        if not prices:
            continue
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, spec_src, hist, note=" ".join(notes) or None))
    # AWS China (CNY)
    cn = {}
    for r in supp:
        if r["provider"].startswith("AWS China"):
            cn.setdefault((r["region"], r["instance_type_or_item"]), {})[r["billing"]] = r
    for (region, itype), t in sorted(cn.items()):
        fam, gpu = aws_family(table, itype)
        count, vcpu, ram, _ = specs[itype]
        prices = [od(t["on-demand"]["price"], "CNY", "tsaol", TSAOL_ASOF)]
        if "1y-ri" in t:
            prices.append(ri(12, "no", 0, t["1y-ri"]["price"], "CNY", "tsaol", TSAOL_ASOF,
                             note=f"{t['1y-ri']['notes']} (effective rate); the only reservation option the source "
                                  "gives for the China regions"))
        offers.append(offer("aws", region, itype, fam, gpu, count, gpus_by_id[gpu]["memory_gb"], vcpu, ram,
                            prices, ["sky-aws"], note="AWS China region (operated by Sinnet/NWCD), billed in CNY; specs per instance type from the global catalog."))
    return offers


def aws_reservations(key, tsaol_row: dict, rows: list[dict]) -> list[dict]:
    """Reserved prices in the catalog's {upfront, hourly} form.

    No Upfront: hourly = the published rate (no upfront fee exists).
    All Upfront: the hourly fee is 0, so upfront = effective rate × 8760 h × years (derived).
    Partial Upfront: the split is not published; stored as upfront 0 + hourly = effective
    rate, which gives the right total over the term but not the cash-flow timing, and marked
    `split_unknown: true` (rows from the AWS price list feed carry the published split and no flag).
    Standard class preferred; Convertible only where the source has no Standard value.
    """
    by = {}
    for r in rows:
        by.setdefault((int(r["term_years"]), r["payment_option"]), {})[r["offering_class"]] = r
    out = []
    if "1y-ri" in tsaol_row:
        by.setdefault((1, "no_upfront"), {})["tsaol"] = tsaol_row["1y-ri"]
    for (years, pay) in sorted(by):
        cls = by[(years, pay)]
        if "tsaol" in cls:
            r = cls["tsaol"]
            v, src, as_of, kind = dec(r["price"]), "tsaol", TSAOL_ASOF, "Standard"
        elif "standard" in cls:
            r = cls["standard"]
            v, src, as_of, kind = dec(r["value"]), src_of_ref(r["source_ref"]), r["as_of"], "Standard"
        else:
            r = cls["convertible"]
            v, src, as_of, kind = dec(r["value"]), src_of_ref(r["source_ref"]), r["as_of"], "Convertible (no Standard offering in the source)"
        term = 12 * years
        payment = RI_PAY[pay]
        if payment == "no":
            out.append(ri(term, "no", 0, v, "USD", src, as_of, note=f"{kind} RI, No Upfront"))
        elif payment == "all":
            upfront = (v * 8760 * years).quantize(Decimal("0.01"))
            out.append(ri(term, "all", upfront, 0, "USD", src, as_of,
                          note=f"{kind} RI, All Upfront: upfront derived = published effective rate × 8760 h × years"))
        else:
            out.append(ri(term, "partial", 0, v, "USD", src, as_of, split_unknown=True,
                          note=f"{kind} RI, Partial Upfront as upfront 0 + EFFECTIVE hourly rate (split not published: "
                          "term total right, cash-flow timing not)"))
    return out

