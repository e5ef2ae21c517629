"""Azure Retail Prices API (public): Virtual Machines meters of the GPU sizes in mappings.json
(azure_sku, plus the API's own names in azure_alias), every public region, Consumption (on-demand),
Spot and Reservation (1/3/5 yr) meters, paging through NextPageLink.

Excluded by rule (a Linux price is never replaced by these), by every spelling the API uses, in
productName, skuName or meterName: Windows meters ("... Series Windows", and the abbreviated
"Win" of some GPU series, "Virtual Machines NCCadsv5 Srs Win"), Cloud Services meters (the legacy PaaS
meters published under the same armSkuName at another price: "Dasv5 Series Cloud Services",
"Eadsv5 Series CloudServices"; also when the name says Linux), Low Priority meters, DevTest meters
(type DevTestConsumption), non-primary meter regions.

Units (the `unit` gate refuses anything else): a Consumption meter (on-demand or Spot) is a price per
"1 Hour". A reservation's retailPrice is the whole term's price per VM and the API's unitOfMeasure says
"1 Hour" for it all the same (the API's documented reservation example: "E64 v4", reservationTerm
"1 Year", retailPrice 25007, unitOfMeasure "1 Hour"); it must name its reservationTerm (1/3/5 Years)
and is stored as an all-upfront total, as the pipeline stores every Azure reservation.

The unit of failure is one armSkuName query (it spans every region): a query that fails (HTTP error
after retries, not JSON, a page without Items, a NextPageLink loop, a page repeating an earlier one)
is named for each region of the table with that catalog SKU and its rows are not used; the other
queries publish. Only every query failing fails the feed.
"""

from __future__ import annotations

import json
import re
import urllib.parse

from feeds.base import FeedOutput, problem, row, source
from feeds.http import FeedError

FEED = "azure-retail"
API = "https://prices.azure.com/api/retail/prices"
API_VERSION = "2023-01-01-preview"
MAX_PAGES = 200
TERMS = {"1 Year": 12, "3 Years": 36, "5 Years": 60}
HOUR = "1 Hour"  # the documented unitOfMeasure of VM meters, reservations included
REQUIRED = ("armSkuName", "armRegionName", "retailPrice", "currencyCode", "type", "productName", "meterName",
            "unitOfMeasure")
# "Windows" or its abbreviation "Win" as a word of its own ("... Srs Win"), never inside a word ("Winsome")
WINDOWS = re.compile(r"(?<!\S)Win(dows)?(?!\S)", re.IGNORECASE)


def query_url(arm_sku: str) -> str:
    flt = f"serviceName eq 'Virtual Machines' and armSkuName eq '{arm_sku}'"
    return f"{API}?api-version={API_VERSION}&$filter={urllib.parse.quote(flt)}"


def exclusion(item: dict) -> str | None:
    """Why a meter is not a Linux VM price (None = keep)."""
    if item.get("type") == "DevTestConsumption":
        return "DevTest meter"
    names = [str(item.get(k) or "") for k in ("productName", "skuName", "meterName")]
    squeezed = ["".join(n.split()).lower() for n in names]  # "Cloud Services" and "CloudServices"
    if any("cloudservices" in n for n in squeezed):
        return "Cloud Services meter"
    if any(WINDOWS.search(n) for n in names):
        return "Windows meter"
    if any("lowpriority" in n for n in squeezed):
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
        if not isinstance(it, dict):
            problems.append(problem("schema", "azure:?:?", f"Retail API item is not an object: {str(it)[:80]}"))
            continue
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
        cur, val, unit = it["currencyCode"], it["retailPrice"], it["unitOfMeasure"]
        eff = str(it.get("effectiveStartDate") or "")[:10]
        base = f"Azure Retail Prices API, {it['productName']} / {it['meterName']}" + (f", effective {eff}" if eff else "")
        names = f"{it.get('meterName', '')} {it.get('skuName', '')}"
        rid = f"azure:{region}:{sku}"
        if it["type"] == "Consumption":
            spot = names.rstrip().endswith("Spot") or " Spot " in names + " "
            model = "spot" if spot else "on_demand"
            if unit != HOUR:
                problems.append(problem("unit", f"{rid}/{model}", f"unitOfMeasure {unit!r} ({it['productName']} / "
                                        f"{it['meterName']}): a {model} price is per '{HOUR}'"))
                continue
            if spot:
                rows.append(row("azure", region, sku, "spot", cur, sid, as_of, note=base + " (Spot meter; one price, min = max)",
                                hourly_min=val, hourly_max=val))
            else:
                rows.append(row("azure", region, sku, "on_demand", cur, sid, as_of, note=base + " (Linux)", hourly=val))
        else:
            term = TERMS.get(it.get("reservationTerm"))
            if term is None:
                problems.append(problem("unit", f"{rid}/reserved", f"reservationTerm {it.get('reservationTerm')!r}: "
                                        "a reservation's price is a term total only with its term (1/3/5 Years)"))
                continue
            if unit != HOUR:
                problems.append(problem("unit", f"{rid}/reserved/{term}/all", f"unitOfMeasure {unit!r}: the API gives "
                                        f"a reservation's term total with unitOfMeasure '{HOUR}'; another unit is not "
                                        "a documented term total"))
                continue
            rows.append(row("azure", region, sku, "reserved", cur, sid, as_of, term_months=term, payment="all",
                            upfront=val, hourly="0",
                            note=base + f" (reservation: whole {term // 12}-year term per VM, stored as an all-upfront "
                                        "total, not an hourly rate)"))
    return rows, problems, notes


def pages(tr, first_url: str):
    """Every page of one query, following NextPageLink. A link seen twice, too many pages, or a page whose
    Items repeat an earlier page's (a paging fault that would hide a lost page) is an error."""
    url, seen, bodies = first_url, set(), {}
    while url:
        if url in seen or len(seen) >= MAX_PAGES:
            raise FeedError(f"{first_url}: NextPageLink loops or exceeds {MAX_PAGES} pages")
        seen.add(url)
        r = tr.get(FEED, url)
        page = r.json()
        if not isinstance(page, dict) or not isinstance(page.get("Items"), list):
            raise FeedError(f"{url}: page without an Items list (schema changed?)")
        n = len(seen)
        if page["Items"]:
            key = json.dumps(page["Items"], sort_keys=True, default=str)
            if key in bodies:
                raise FeedError(f"{first_url}: page {n} repeats page {bodies[key]} (same Items; NextPageLink {url})")
            bodies[key] = n
        yield r, page
        url = page.get("NextPageLink")


def run(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED, "azure")
    m = ctx["mappings"]
    skus = {s: s for s in m["azure_sku"]}
    skus.update({api: cat for api, cat in m["azure_alias"].items()})
    regions = {c for (p, c) in ctx["regions"] if p == "azure"}
    sid = "az-retail"
    items_all, origin, recorded_from, failed = [], None, "", []
    for arm in sorted(skus):
        items, problems = [], []
        try:
            for r, page in pages(tr, query_url(arm)):
                out.fetched = out.fetched or r.as_of
                out.written |= r.origin == "written"
                origin, recorded_from = origin or r.origin, recorded_from or r.recorded_from
                if page.get("BillingCurrency", "USD") != "USD":
                    problems.append(problem("currency", f"{FEED}/{arm}", f"BillingCurrency {page.get('BillingCurrency')}"))
                items += page["Items"]
        except FeedError as e:
            # none of this query's rows: the last accepted rows of this SKU are kept in every region
            failed.append(f"{arm}: {e}")
            for reg in sorted(regions):
                if not any(f["scope"] == {"provider": "azure", "region": reg, "instance_type": skus[arm]}
                           for f in out.failures):
                    out.fail(f"Retail Prices query {arm}: {e}", region=reg, instance_type=skus[arm])
            continue
        items_all += items
        out.problems += problems
    if failed and len(failed) == len(skus):
        raise FeedError(f"every Retail Prices query failed ({len(failed)}; first: {failed[0]})")
    out.sources[sid] = source(sid, "Azure Retail Prices API (Virtual Machines, filtered by armSkuName; every region)",
                              f"{API}?api-version={API_VERSION}", out.fetched,
                              "written" if out.written else (origin or "live"), recorded_from)
    rows, problems, notes = parse_items(items_all, skus=skus, regions=regions, sid=out.sources[sid]["id"],
                                        as_of=out.fetched)
    out.rows += rows
    out.problems += problems
    out.notes += notes
    return out
