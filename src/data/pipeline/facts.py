"""Provider facts: curated, dated facts from providers.json plus facts DERIVED from this catalog's own
prices (subscription vs pay-as-you-go per family, reservation and savings-plan coverage, spot ratios).

Derived facts cite the source id `catalog-derived`; their text names the underlying price sources and
dates, and their as_of is the OLDEST as_of of the prices they use (conservative).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

from common import Inputs, dec, fmt, load_json

HOURS = Decimal(730)
DERIVED = "catalog-derived"


def curated(inp: Inputs) -> list[dict]:
    """providers.json -> provider records; every fact must carry a parseable as_of (no 'undated')."""
    out = []
    for p in load_json(inp, "providers.json"):
        facts = []
        for t, en, zh, s, a, *rest in p["facts"]:
            parts = a.split("-")
            if not (1 <= len(parts) <= 3 and all(x.isdigit() for x in parts) and len(parts[0]) == 4):
                raise SystemExit(f"providers.json {p['id']}/{t}: as_of {a!r} is not YYYY[-MM[-DD]]")
            fact = {"topic": t, "text_en": en, "text_zh": zh, "source": s, "as_of": a}
            # Optional machine-readable claims the text states (the advise screen's
            # ecosystem and compliance checks); the vocabulary is checked by
            # tests/catalog_validation.rs.
            if rest:
                if len(rest) > 2 or not rest[0] or not all(isinstance(c, str) and ":" in c for c in rest[0]):
                    raise SystemExit(f"providers.json {p['id']}/{t}: claims must be a list of 'kind:value'")
                fact["claims"] = rest[0]
            # Optional: the accelerator stacks the claims hold for (frameworks and images are
            # the accelerator's software, not the provider's: CUDA images say nothing of Neuron)
            if len(rest) == 2:
                stacks = rest[1].get("applies_to")
                if set(rest[1]) != {"applies_to"} or not stacks or set(stacks) - {"cuda", "rocm", "neuron"}:
                    raise SystemExit(f"providers.json {p['id']}/{t}: applies_to must list cuda/rocm/neuron")
                fact["applies_to"] = stacks
            facts.append(fact)
        out.append({"id": p["id"], "name_en": p["name_en"], "name_zh": p["name_zh"], "billing": p["billing"],
                    "facts": facts})
    return out


# Date caveats that must travel with a derived fact (the price as_of alone would read as a date).
DATE_CAVEAT = {"tc-price": "the list is undated; 2021 is a lower bound, not a date"}


def _pct(r: Decimal) -> str:
    return "−" + fmt(((1 - r) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)) + " %"


def _r3(r: Decimal) -> str:
    return fmt(r.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))


def _current(o: dict, model: str) -> list[dict]:
    return [p for p in o["prices"] if p["model"] == model and not p.get("indicative")]


def subscription_facts(offers: list[dict]) -> dict[str, list[dict]]:
    """Per provider × family: monthly subscription ÷ (pay-as-you-go × 730 h), non-indicative prices only.

    Identical rows in several regions (Tencent's one mainland list) count once per instance type; where
    a type's prices differ between regions (feed prices are per region), each distinct pair counts in the
    range. One fact per provider × family × currency (rates in CNY and USD are never mixed).
    """
    fam: dict = defaultdict(dict)
    for o in offers:
        ods, subs = _current(o, "on_demand"), _current(o, "subscription")
        if len(ods) != 1 or len(subs) != 1 or ods[0]["currency"] != subs[0]["currency"]:
            continue
        h, m = dec(ods[0]["hourly"]), dec(subs[0]["monthly"])
        key = (o["provider"], o["family"], ods[0]["currency"])
        row = (m / (h * HOURS), h, m, ods[0], subs[0], o["region"])
        fam[key].setdefault((o["instance_type"], h, m), row)
    out: dict[str, list[dict]] = defaultdict(list)
    for (prov, family, _cur), rows in sorted(fam.items()):
        items = sorted(((k[0], v) for k, v in rows.items()), key=lambda x: (x[0], x[1][1], x[1][2]))
        n_sizes = len({k for k, _ in items})
        ratios = sorted({_r3(r[0]) for _, r in items})
        itype, (r, h, m, po, ps, _) = items[0]
        srcs = sorted({x[3]["source"] for _, x in items} | {x[4]["source"] for _, x in items})
        dates = sorted({x[3]["as_of"] for _, x in items} | {x[4]["as_of"] for _, x in items})
        rng = ratios[0] if len(ratios) == 1 else f"{ratios[0]}–{ratios[-1]}"
        pcts = sorted({_pct(dec(x)) for x in ratios})
        disc = pcts[0] if len(pcts) == 1 else f"{pcts[0]} to {pcts[-1]}"
        cav = "; ".join(DATE_CAVEAT[x] for x in srcs if x in DATE_CAVEAT)
        cav_en = f"; {cav}" if cav else ""
        cav_zh = "；价目无日期，2021 仅为下限" if cav else ""
        cur = po["currency"]
        short = itype.removeprefix("ecs.")
        en = (f"{family}: monthly subscription ÷ (pay-as-you-go × 730 h) = {rng} ({disc}) over {n_sizes} size(s); "
              f"e.g. {short} {fmt(m)} / ({fmt(h)} × 730) = {_r3(r)}. Derived from this catalog's {cur} list prices "
              f"(sources {', '.join(srcs)}; dated {', '.join(dates)}{cav_en}); indicative prices excluded.")
        zh = (f"{family}：包月价 ÷（按量价 × 730 小时）= {rng}（{disc}），共 {n_sizes} 个规格；"
              f"例如 {short} {fmt(m)} / ({fmt(h)} × 730) = {_r3(r)}。由本目录的{cur}价目推算"
              f"（来源 {', '.join(srcs)}；日期 {', '.join(dates)}{cav_zh}），不含参考价。")
        out[prov].append({"topic": "subscription_discount", "text_en": en, "text_zh": zh, "source": DERIVED,
                          "as_of": dates[0]})
    return out


def aws_commitment_facts(offers: list[dict]) -> list[dict]:
    """What the catalog carries for AWS reservations and savings plans (replaces outdated prose)."""
    ri = defaultdict(int)
    ri_src = defaultdict(set)
    sp = []
    for o in offers:
        if o["provider"] != "aws":
            continue
        for p in o["prices"]:
            if p["model"] == "reserved":
                k = ("cn" if o["region"].startswith("cn-") else "intl", p["term_months"], p["payment"])
                ri[k] += 1
                ri_src[k[0]] |= {(p["source"], p["as_of"])}
        ods = _current(o, "on_demand")
        sps = {p["term_months"]: p for p in o["prices"] if p["model"] == "savings_plan"}
        if ods and sps:
            sp.append((o["instance_type"], dec(ods[0]["hourly"]), sps))
    facts = []
    intl = sorted({(t, pay) for (g, t, pay) in ri if g == "intl"})
    cn = sorted({(t, pay) for (g, t, pay) in ri if g == "cn"})
    n_intl = sum(v for (g, _, _), v in ri.items() if g == "intl")
    n_cn = sum(v for (g, _, _), v in ri.items() if g == "cn")
    terms = lambda xs: ", ".join(f"{t // 12}-yr {pay}" for t, pay in xs)
    srcs = sorted(ri_src["intl"])
    facts.append({
        "topic": "reserved_terms",
        "text_en": (f"The catalog carries {n_intl} Reserved Instance prices outside China ({terms(intl)} upfront); "
                    "Standard where the source has it, Convertible only where it has no Standard value. All Upfront "
                    "is stored as the whole-term total, Partial Upfront as upfront 0 + the effective hourly rate. "
                    f"AWS China: {n_cn} prices, {terms(cn)} upfront only (Standard, Linux; the source gives no other "
                    f"option). Sources: {', '.join(f'{s} {a}' for s, a in srcs)}."),
        "text_zh": (f"本目录收录中国区以外的预留实例价格 {n_intl} 条（{terms(intl)} 预付）；来源有标准型时用标准型，"
                    "仅在没有标准型数值时用可转换型。全预付存为整期总额，部分预付存为预付 0 加折算小时价。"
                    f"AWS 中国区：{n_cn} 条，仅 {terms(cn)} 预付（标准型、Linux；来源未给其他选项）。"),
        "source": DERIVED, "as_of": min(a for _, a in srcs),
    })
    parts_en, parts_zh, dates = [], [], set()
    for itype, h, sps in sorted(sp):
        bits = []
        for t in sorted(sps):
            p = sps[t]
            dates.add(p["as_of"])
            bits.append(f"{t // 12}-yr {_pct(dec(p['hourly']) / h)}")
        parts_en.append(f"{itype} " + ", ".join(bits))
        parts_zh.append(f"{itype} " + "，".join(bits))
    if sp:
        facts.append({
            "topic": "savings_plan",
            "text_en": ("Savings Plan rates in the catalog (No Upfront, us-east-1, vs the current on-demand price): "
                        + "; ".join(parts_en) + ". EC2 Instance Savings Plans except where a note says Compute "
                        "Savings Plan (AWS publishes no 1-yr EC2 Instance SP rate for p6-b200/p6-b300)."),
            "text_zh": ("本目录中的节省计划价格（无预付，us-east-1，相对当前按需价）：" + "；".join(parts_zh)
                        + "。除备注注明为计算节省计划外均为 EC2 实例节省计划。"),
            "source": DERIVED, "as_of": min(dates),
        })
    return facts


def azure_reservation_facts(offers: list[dict]) -> list[dict]:
    """Azure whole-term reservation totals ÷ (current on-demand × 730 h × term months), per offer."""
    parts, dates, srcs, ind = [], set(), set(), False
    for o in offers:
        ods = _current(o, "on_demand")
        res = sorted((p for p in o["prices"] if p["model"] == "reserved" and p["payment"] == "all"),
                     key=lambda p: p["term_months"])
        if o["provider"] != "azure" or not ods or not res:
            continue
        h = dec(ods[0]["hourly"])
        bits = []
        for p in res:
            r = dec(p["upfront"]) / (h * HOURS * p["term_months"])
            star = "*" if p.get("indicative") else ""
            ind |= bool(star)
            bits.append(f"{p['term_months'] // 12}-yr {_pct(r)}{star}")
            dates |= {p["as_of"], ods[0]["as_of"]}
            srcs |= {p["source"], ods[0]["source"]}
        parts.append(f"{o['instance_type'].removeprefix('Standard_')} {o['region']}: " + ", ".join(bits))
    if not parts:
        return []
    star_en = " (* derived from an effective rate, indicative)" if ind else ""
    star_zh = "（* 由折算单价推算，仅供参考）" if ind else ""
    return [{
        "topic": "reserved_terms",
        "text_en": ("Azure reservations in the catalog vs pay-as-you-go (whole-term total ÷ (current on-demand × 730 h × "
                    "months)): " + "; ".join(parts) + star_en + f". Sources {', '.join(sorted(srcs))}; "
                    f"{', '.join(sorted(dates))}."),
        "text_zh": ("本目录中的 Azure 预留相对按需价（整期总额 ÷（当前按需价 × 730 小时 × 月数））：" + "；".join(parts)
                    + star_zh + f"。来源 {', '.join(sorted(srcs))}；{', '.join(sorted(dates))}。"),
        "source": DERIVED, "as_of": min(dates),
    }]


def spot_facts(offers: list[dict]) -> dict[str, list[dict]]:
    """Range of current spot (min) ÷ current on-demand, per provider, from dated snapshots."""
    rng: dict = defaultdict(list)
    for o in offers:
        ods = _current(o, "on_demand")
        sps = [p for p in o["prices"] if p["model"] == "spot"]
        if ods and sps and ods[0]["currency"] == sps[0]["currency"]:
            lo = dec(sps[0].get("hourly_min", sps[0].get("hourly_max")))
            rng[o["provider"]].append((lo / dec(ods[0]["hourly"]), o["id"], sps[0]["as_of"], sps[0]["source"]))
    out = {}
    for prov, xs in rng.items():
        xs.sort()
        lo, hi = xs[0], xs[-1]
        dates = sorted({x[2] for x in xs})
        srcs = sorted({x[3] for x in xs})
        out[prov] = [{
            "topic": "spot_discount",
            "text_en": (f"Current spot prices in the catalog ({len(xs)} offers) run from {_r3(lo[0])}× on-demand "
                        f"({lo[1]}) to {_r3(hi[0])}× ({hi[1]}); each is one dated snapshot (sources "
                        f"{', '.join(srcs)}; {', '.join(dates)}), not a guaranteed discount."),
            "text_zh": (f"本目录当前竞价价格（{len(xs)} 个规格）为按需价的 {_r3(lo[0])} 倍（{lo[1]}）至 "
                        f"{_r3(hi[0])} 倍（{hi[1]}）；每条均为某一日期的快照（来源 {', '.join(srcs)}；"
                        f"{', '.join(dates)}），并非保证折扣。"),
            "source": DERIVED, "as_of": dates[0],
        }]
    return out


def build(inp: Inputs, offers: list[dict]) -> list[dict]:
    providers = curated(inp)
    derived: dict[str, list[dict]] = defaultdict(list)
    for prov, fs in spot_facts(offers).items():
        derived[prov] += fs
    for prov, fs in subscription_facts(offers).items():
        derived[prov] += fs
    derived["aws"] += aws_commitment_facts(offers)
    derived["azure"] += azure_reservation_facts(offers)
    for p in providers:
        p["facts"] += derived.get(p["id"], [])
    return providers
