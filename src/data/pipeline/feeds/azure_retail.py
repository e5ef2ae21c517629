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

Boot-disk storage rate (usage kind storage_per_gb_month), for every region the feed priced a GPU offer
in: one more query, for every region at once, paged the same way: serviceName 'Storage', productName
'Standard SSD Managed Disks', skuName 'E30 LRS' (the disk and figure of the research row, src/data/
pipeline/usage.py). Its meters, in public collectors' recorded answers: "E30 LRS Disk" (unitOfMeasure
"1/Month", the disk-month price), "E30 LRS Disk Operations" (per 10K) and "E30 LRS Disk Mount"; only the
first is read, and only as a primary-region Consumption meter (no reservation, DevTest or other meter).
Standard SSD is billed per provisioned tier, not per GiB (the per-GiB meters of Premium SSD v2 and Ultra
Disk are for disks that cannot boot a VM), so the rate is the E30 price / its 1,024 GiB, per GiB-month.
A region the answer has no usable meter for (absent, not "1/Month", not USD, not a positive figure, or
two different E30 prices) fails that region's usage only; a query that fails fails every region's usage;
neither touches the VM prices. A region with no price this run because a VM query failed there (the
failure spans every region of the table) has its usage named failed too, unread: the last accepted rate
stands there, as its VM prices do.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from decimal import Decimal

from feeds.base import STORAGE, FeedOutput, positive_figure, problem, row, source, usage_row
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
# the boot-disk query (see the module docstring): its $filter fields, the meter read, the tier's size
DISK_FILTER = (("serviceName", "Storage"), ("productName", "Standard SSD Managed Disks"), ("skuName", "E30 LRS"))
DISK_METER = "E30 LRS Disk"
DISK_GIB = 1024
MONTH = "1/Month"  # the unitOfMeasure of a managed disk's disk-month meter


def query_url(arm_sku: str) -> str:
    flt = f"serviceName eq 'Virtual Machines' and armSkuName eq '{arm_sku}'"
    return f"{API}?api-version={API_VERSION}&$filter={urllib.parse.quote(flt)}"


def disk_query_url() -> str:
    flt = " and ".join(f"{k} eq '{v}'" for k, v in DISK_FILTER)
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


def disk_figure(it: dict) -> tuple[Decimal | None, str]:
    """(disk-month price, "") of an "E30 LRS Disk" meter, or (None, why it is no usable figure)."""
    if it.get("unitOfMeasure") != MONTH:
        return None, f"unitOfMeasure {it.get('unitOfMeasure')!r}, not the disk-month '{MONTH}'"
    if it.get("currencyCode") != "USD":
        return None, f"currencyCode {it.get('currencyCode')!r}, not USD"
    v = it.get("retailPrice")
    d = positive_figure(v)
    if d is None:
        return None, f"retailPrice {v!r}: not a positive figure"
    return d, ""


def disk_rates(items: list, regions) -> tuple[dict, dict]:
    """The E30 LRS disk-month price of each region of `regions` in one answer: ({region: (price, item)},
    {region: why it has none}); each region is in one of the two. Read: primary-region Consumption meters
    named "E30 LRS Disk" of the queried product and SKU; every other item is left out (Disk Operations,
    Disk Mount, reservation, DevTest meters)."""
    found = {reg: [] for reg in regions}
    for it in items:
        if not isinstance(it, dict) or not isinstance(it.get("armRegionName"), str) or it["armRegionName"] not in found:
            continue
        if (it.get("type") != "Consumption" or it.get("reservationTerm") or it.get("isPrimaryMeterRegion") is False
                or it.get("meterName") != DISK_METER or any(it.get(k) != v for k, v in DISK_FILTER)):
            continue
        found[it["armRegionName"]].append(it)
    rates, whys = {}, {}
    for reg, its in sorted(found.items()):
        if not its:
            whys[reg] = f"Retail Prices disk query: no primary Consumption meter '{DISK_METER}' for {reg} in the answer"
            continue
        figures = [disk_figure(it) for it in its]
        bad = [why for d, why in figures if d is None]
        prices = sorted({d for d, _ in figures if d is not None})
        if bad:
            whys[reg] = f"Retail Prices '{DISK_METER}' meter in {reg}: {bad[0]}"
        elif len(prices) > 1:
            whys[reg] = (f"Retail Prices disk query: {len(its)} '{DISK_METER}' meters in {reg} with conflicting prices "
                         f"({', '.join(fmt_money(p) for p in prices)} USD/disk-month); one expected, none used")
        else:
            rates[reg] = (prices[0], its[0])
    return rates, whys


def fmt_money(d: Decimal) -> str:
    """A price as the pricing pages write it: at least two decimals (76.80), more when it has them."""
    return f"{d:.2f}" if d == d.quantize(Decimal("0.01")) else f"{d.normalize():f}"


def disk_note(price: Decimal, it: dict) -> str:
    eff = str(it.get("effectiveStartDate") or "")[:10]
    return (f"Standard SSD E30 LRS managed disk (1,024 GiB): {fmt_money(price)} USD/disk-month / 1,024 = "
            f"{(price / DISK_GIB).normalize():f} USD/GiB-month (Retail Prices API meter '{DISK_METER}', Consumption"
            + (f", effective {eff}" if eff else "") + "); smaller disks cost more per GiB.")


def read_storage(tr, out: FeedOutput, regions: list, unsure: list = ()) -> None:
    """The storage_per_gb_month usage rate of each region in `regions` (the regions priced this run; one
    query for all, see the module docstring). A failed query or a region without a usable price is a
    failure of that region's usage (model "usage:storage_per_gb_month"), never of its VM prices. `unsure`:
    regions without a price this run because a VM query failed there: whether the feed prices a GPU offer
    there is unknown, so their usage is named failed too (the last accepted rate stands), never read."""
    for reg in unsure:
        out.fail_usage("not read: a Retail Prices VM query failed for this region, so whether the feed prices a GPU "
                       "offer here this run is unknown", region=reg)
    if not regions:
        return
    url, items, first, written = disk_query_url(), [], None, False
    try:
        for r, page in pages(tr, url):
            first = first or r
            written |= r.origin == "written"
            if page.get("BillingCurrency", "USD") != "USD":
                raise FeedError(f"{r.request}: BillingCurrency {page.get('BillingCurrency')!r}, not USD")
            items += page["Items"]
    except FeedError as e:
        # the URLs are long: the why (300 characters at most) keeps the error, not the address
        msg = re.sub(r"https://prices\.azure\.com\S*?(?=: |\s|$)", "<page>", str(e))
        for reg in regions:
            out.fail_usage(f"Retail Prices disk query (Standard SSD E30 LRS) failed: {msg}", region=reg)
        return
    out.written |= written
    rates, whys = disk_rates(items, regions)
    for reg, why in whys.items():
        out.fail_usage(why, region=reg)
    if not rates:
        return
    src = source("az-retail-disk", "Azure Retail Prices API (Storage: Standard SSD Managed Disks, skuName E30 LRS; "
                 "every region)", url, first.as_of, "written" if written else first.origin, first.recorded_from)
    out.sources[src["id"]] = src
    for reg, (price, it) in sorted(rates.items()):
        out.usage.append(usage_row("azure", reg, STORAGE, "USD", price / DISK_GIB, src["id"], first.as_of,
                                   note=disk_note(price, it)))


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
    priced = {r["region"] for r in rows}
    vm_failed = {f["scope"]["region"] for f in out.failures if "instance_type" in f["scope"]}
    read_storage(tr, out, sorted(priced), sorted(vm_failed - priced))
    return out
