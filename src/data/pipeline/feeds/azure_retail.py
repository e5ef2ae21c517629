"""Azure Retail Prices API (public): Virtual Machines meters of the GPU sizes in mappings.json
(azure_sku, plus the API's own names in azure_alias), every public region, Consumption (on-demand),
Spot and Reservation (1/3/5 yr) meters, paging through NextPageLink.

Excluded by rule (a Linux price is never replaced by these): Windows meters (productName ends in
"Windows"), Low Priority meters, DevTest meters (type DevTestConsumption), non-primary meter regions.
A reservation's retailPrice is the whole term's price per VM (the API's unitOfMeasure says "1 Hour"
for it all the same); stored as an all-upfront total, as the pipeline stores every Azure reservation.
"""

from __future__ import annotations

import urllib.parse

from feeds.base import FeedOutput, problem, row, source
from feeds.http import FeedError

FEED = "azure-retail"
API = "https://prices.azure.com/api/retail/prices"
API_VERSION = "2023-01-01-preview"
MAX_PAGES = 200
TERMS = {"1 Year": 12, "3 Years": 36, "5 Years": 60}
REQUIRED = ("armSkuName", "armRegionName", "retailPrice", "currencyCode", "type", "productName", "meterName",
            "unitOfMeasure")


def query_url(arm_sku: str) -> str:
    flt = f"serviceName eq 'Virtual Machines' and armSkuName eq '{arm_sku}'"
    return f"{API}?api-version={API_VERSION}&$filter={urllib.parse.quote(flt)}"


def exclusion(item: dict) -> str | None:
    """Why a meter is not a Linux price (None = keep)."""
    if item.get("type") == "DevTestConsumption":
        return "DevTest meter"
    if str(item.get("productName", "")).rstrip().endswith("Windows"):
        return "Windows meter"
    names = f"{item.get('meterName', '')} {item.get('skuName', '')}"
    if "Low Priority" in names:
        return "Low Priority meter"
    if item.get("isPrimaryMeterRegion") is False:
        return "non-primary meter region"
    if item.get("type") not in ("Consumption", "Reservation"):
        return f"meter type {item.get('type')}"
    return None


def parse_items(items: list, *, skus: dict, regions: set, sid: str, as_of: str):
    """skus: API armSkuName → catalog SKU name. Rows, problems, notes."""
    rows, problems, notes = [], [], []
    for it in items:
        miss = [k for k in REQUIRED if k not in it]
        if miss:
            problems.append(problem("schema", f"azure:{it.get('armRegionName', '?')}:{it.get('armSkuName', '?')}/"
                                              f"{it.get('meterId', it.get('skuId', '?'))}",
                                    f"Retail API item lacks {', '.join(miss)}"))
            continue
        sku = skus.get(it["armSkuName"])
        if sku is None:
            continue
        region = it["armRegionName"]
        why = exclusion(it)
        if why:
            continue
        if region not in regions:
            notes.append(f"azure {region} {sku}: region not in the region table: not carried")
            continue
        cur, val = it["currencyCode"], it["retailPrice"]
        eff = it.get("effectiveStartDate", "")[:10]
        base = f"Azure Retail Prices API, {it['productName']} / {it['meterName']}" + (f", effective {eff}" if eff else "")
        names = f"{it.get('meterName', '')} {it.get('skuName', '')}"
        if it["type"] == "Consumption":
            if names.rstrip().endswith("Spot") or " Spot " in names + " ":
                rows.append(row("azure", region, sku, "spot", cur, sid, as_of, note=base + " (Spot meter; one price, min = max)",
                                hourly_min=val, hourly_max=val))
            else:
                rows.append(row("azure", region, sku, "on_demand", cur, sid, as_of, note=base + " (Linux)", hourly=val))
        else:
            term = TERMS.get(it.get("reservationTerm"))
            if term is None:
                problems.append(problem("schema", f"azure:{region}:{sku}/reserved", f"reservationTerm {it.get('reservationTerm')!r}"))
                continue
            rows.append(row("azure", region, sku, "reserved", cur, sid, as_of, term_months=term, payment="all",
                            upfront=val, hourly="0",
                            note=base + f" (reservation: whole {term // 12}-year term per VM, stored as an all-upfront "
                                        "total, not an hourly rate)"))
    return rows, problems, notes


def pages(tr, first_url: str):
    """Every page of one query, following NextPageLink; a link seen twice or too many pages is an error."""
    url, seen = first_url, set()
    while url:
        if url in seen or len(seen) >= MAX_PAGES:
            raise FeedError(f"{first_url}: NextPageLink loops or exceeds {MAX_PAGES} pages")
        seen.add(url)
        r = tr.get(FEED, url)
        page = r.json()
        if not isinstance(page, dict) or not isinstance(page.get("Items"), list):
            raise FeedError(f"{url}: page without an Items list (schema changed?)")
        yield r, page
        url = page.get("NextPageLink")


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "azure")
    m = ctx["mappings"]
    skus = {s: s for s in m["azure_sku"]}
    skus.update({api: cat for api, cat in m["azure_alias"].items()})
    regions = {c for (p, c) in ctx["regions"] if p == "azure"}
    sid = "az-retail"
    items_all, origin, recorded_from = [], None, ""
    for arm in sorted(skus):
        for r, page in pages(tr, query_url(arm)):
            out.fetched = out.fetched or r.as_of
            out.written |= r.origin == "written"
            origin, recorded_from = origin or r.origin, recorded_from or r.recorded_from
            if page.get("BillingCurrency", "USD") != "USD":
                out.problems.append(problem("currency", f"{FEED}/{arm}", f"BillingCurrency {page.get('BillingCurrency')}"))
            items_all += page["Items"]
    out.sources[sid] = source(sid, "Azure Retail Prices API (Virtual Machines, filtered by armSkuName; every region)",
                              f"{API}?api-version={API_VERSION}", out.fetched,
                              "written" if out.written else (origin or "live"), recorded_from)
    rows, problems, notes = parse_items(items_all, skus=skus, regions=regions, sid=out.sources[sid]["id"],
                                        as_of=out.fetched)
    out.rows += rows
    out.problems += problems
    out.notes += notes
    return out
