"""Transfer, storage and public-address rates (usage_rates): tiers, free allowances as a zero first tier."""

from __future__ import annotations

from common import Inputs, dec, fmt, read_csv
from feedmerge import regions_table


def tiers(*pairs):
    return [{"up_to": u, "price": fmt(dec(p))} for u, p in pairs]


def usage(provider, region, kind, cur, tier_list, source, as_of, note=None):
    u = {"provider": provider, "region": region, "kind": kind, "currency": cur, "tiers": tier_list,
         "source": source, "as_of": as_of}
    if note:
        u["note"] = note
    return u


def build(inp: Inputs) -> list[dict]:
    supp = read_csv(inp.ref / "supplement" / "prices_found.csv")
    ali_p = "Alibaba"

    def find(provider_prefix, region, item_prefix):
        hits = [r for r in supp if r["provider"].startswith(provider_prefix) and r["region"] == region
                and r["instance_type_or_item"].startswith(item_prefix)]
        exact = [r for r in hits if r["instance_type_or_item"] == item_prefix]
        hits = exact or hits
        if len(hits) != 1:
            raise SystemExit(f"usage: {provider_prefix} {region} {item_prefix!r}: {len(hits)} rows")
        return hits[0]["price"]

    tb = 1024
    out = []
    dt = "2024-09-25"
    free = ("First 100 GB/month free (aws-free100, secondary, May 2026: account-wide, aggregated across regions; "
            "shown per region here, so with several regions the saving is overstated); the paid tier boundaries "
            "are the source's (10/50/150 TB), counted from 0.")
    for region in ("us-east-1", "ap-northeast-1", "ap-southeast-1", "ap-east-1"):
        first = find("AWS", region, "Data transfer out to Internet, first 10 TB")
        nxt = find("AWS", region, "Data transfer out to Internet, next 40 TB")
        n100 = find("AWS", region, "Data transfer out to Internet, next 100 TB")
        over = [r for r in supp if r["provider"] == "AWS" and r["region"] == region
                and r["instance_type_or_item"].startswith("Data transfer out to Internet, over 150 TB")]
        if over:
            t = tiers((100, 0), (10 * tb, first), (50 * tb, nxt), (150 * tb, n100), (None, over[0]["price"]))
            note = free
        else:
            t = tiers((100, 0), (10 * tb, first), (50 * tb, nxt), (None, n100))
            note = "Rate above 150 TB/month not in source; the 100 TB tier rate is extended. " + free
        out.append(usage("aws", region, "egress_per_gb", "USD", t, "ic-aws-dt", dt, note))
        out.append(usage("aws", region, "inter_region_per_gb", "USD",
                         tiers((None, find("AWS", region, "Data transfer to other AWS regions"))), "ic-aws-dt", dt))
    out.append(usage("aws", "us-east-1", "storage_per_gb_month", "USD", tiers((None, find("AWS", "us-east-1", "EBS gp3 storage"))),
                     "ic-aws-ebs", "2024-07-01", "EBS gp3; IOPS above 3000 at 0.005 USD/IOPS-month and throughput above 125 MB/s at 0.04 USD/(MB/s)-month are extra."))
    e30 = dec(find("Azure", "eastus", "Standard SSD E30"))
    out.append(usage("azure", "eastus", "storage_per_gb_month", "USD", tiers((None, e30 / 1024)), "ic-az-disk", "2024-07-01",
                     f"Derived: Standard SSD E30 (1024 GiB) LRS {fmt(e30)} USD/disk-month ÷ 1024. Premium SSD P4 (32 GiB) is 5.28/disk-month."))
    # Azure internet egress: 100 GB/month free, then 0.087 USD/GB (zone-1 meter: eastus, westeurope).
    for region in ("eastus", "westeurope"):
        out.append(usage("azure", region, "egress_per_gb", "USD", tiers((100, 0), (None, "0.087")), "az-egress", "2026",
                         "First 100 GB/month free (az-calc, secondary); then 0.087 USD/GB, the zone-1 first paid band "
                         "(100 GB–10 TB; West Europe MGN meter, same meter as East US per a Retail Prices API list checked "
                         "2026-09-24). Higher bands not found: 0.087 is extended beyond 10 TB (an upper bound; Azure's "
                         "higher bands are lower). as_of 2026 = the sources' content year; day not stated. "
                         "japaneast/southeastasia (zone 2) and eastus2 rates not found."))
    # Alibaba (offers only in cn-shanghai).
    out.append(usage("alibaba", "cn-shanghai", "egress_per_gb", "CNY", tiers((20, 0), (None, "0.8")), "ali-bw", "2021-02-02",
                     "CDT free quota 20 GB/month in mainland regions from 2025-06-01 (ali-cdt, page 2026-05-27); then "
                     "0.80 CNY/GB pay-by-traffic: the doc's worked example for 华东1 杭州 (labelled an example; the current "
                     "mirrored page shows the same 0.8). Applied to cn-shanghai because the EIP price list (ali-eip, "
                     "2021-06-08) puts Hangzhou and Shanghai in one price group. CDT's tiered per-GB prices were not found."))
    out.append(usage("alibaba", "cn-shanghai", "storage_per_gb_month", "CNY", tiers((None, find(ali_p, "cn-hangzhou", "ESSD PL1 cloud disk"))),
                     "ali-disk", "2020-12-01",
                     "ESSD PL1 per GiB-month (subscription; pay-as-you-go 0.0021 CNY/GiB-h): the doc's 杭州 example. "
                     "Consistent with 2026-09-24 quotes in Shanghai/Shenzhen (quote − list = 100 CNY/month for 100 GiB; ali-quote-check)."))
    # A public IPv4 address per address-hour (the instance's own address while it runs). AWS: one rate in
    # every commercial region (none found for its China regions). Azure: East US read (the feed reads every
    # region). Alibaba charges the address's bandwidth or traffic (bw, eg), not the address: a zero rate, with
    # the page that says so (the engine accepts a zero rate for this kind only, with a note).
    for region in ("us-east-1", "ap-northeast-1", "ap-southeast-1", "ap-east-1"):
        out.append(usage("aws", region, "public_ipv4_per_hour", "USD", tiers((None, "0.005")), "aws-ipv4", "2024-02-01"))
    out.append(usage("azure", "eastus", "public_ipv4_per_hour", "USD", tiers((None, "0.005")), "az-ip", "2026-10-16",
                     "Standard IPv4 Static Public IP, per hour while it exists."))
    # Alibaba's page is about ECS in every region: a zero for each region the tables know (a row for a region
    # the catalog lists no offer in is not carried), in the region's billing currency.
    for (p, code), (_, _, group) in sorted(regions_table(inp).items()):
        if p == "alibaba":
            out.append(usage("alibaba", code, "public_ipv4_per_hour", "CNY" if group == "mainland_china" else "USD",
                             tiers((None, 0)), "ali-static-ip", "2026-01-28",
                             "No fee for the instance's static public IP: its bandwidth or traffic is billed (bw, eg)."))
    # Tencent: no fee for an address bound to a running CVM is stated for bill-by-CVM accounts only (tc-eip,
    # sources.json); for bill-by-IP accounts (every account since 2020-06-17) it was not found: no rate, so
    # the charge is missing (bounded by the highest published rate), never 0.
    # Tencent: the only CNY egress/bandwidth/CBS prices found are on an undated pricing-centre page
    # (no as_of can be given), and the dated intl-site rates are USD; left absent (see data README).
    # AWS China: no CNY data-transfer price found; left absent.
    return out

