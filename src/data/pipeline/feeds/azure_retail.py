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

Public IPv4 address rate (usage kind public_ipv4_per_hour), for the same regions: one more query, for every
region at once, paged the same way: serviceName 'Virtual Network', productName 'IP Addresses' (its answer
holds the Basic, Standard and Global SKUs' meters of every region). Read: the meter "Standard IPv4 Static
Public IP" of skuName 'Standard' (the Standard SKU static address a VM gets now that Basic public IPs are
retired), a primary-region Consumption meter in "1 Hour", its retailPrice as published: USD per
address-hour (0.005 in most regions), billed for every hour the address exists, the VM running or not; the
engine multiplies it by the instance's hours (never x 730 here). Left out: the Basic meters ("Basic IPv4
Static/Dynamic Public IP"), "Global IPv4 Static Public IP", any other meter of the product (IPv6, prefixes),
reservation, DevTest and non-primary meters, items in another unit than "1 Hour". A region with no such
meter, or with two different prices, or whose meter is not a positive USD figure, fails its IP rate only;
a query that fails fails every region's IP rate; neither touches the VM prices or the storage rate. A
region left unpriced by a failed VM query has its IP rate named failed too, unread, as its storage rate.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from decimal import Decimal

from feeds.base import PUBLIC_IPV4, STORAGE, FeedOutput, positive_figure, problem, row, source, usage_row
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
# the public IPv4 query (see the module docstring): its $filter fields, the SKU and meter read (per "1 Hour")
IP_FILTER = (("serviceName", "Virtual Network"), ("productName", "IP Addresses"))
IP_SKU = "Standard"
IP_METER = "Standard IPv4 Static Public IP"


def query_url(arm_sku: str) -> str:
    flt = f"serviceName eq 'Virtual Machines' and armSkuName eq '{arm_sku}'"
    return f"{API}?api-version={API_VERSION}&$filter={urllib.parse.quote(flt)}"


def filter_url(fields) -> str:
    """The query of one $filter of `fields` ((name, value), joined by 'and'), every region at once."""
    flt = " and ".join(f"{k} eq '{v}'" for k, v in fields)
    return f"{API}?api-version={API_VERSION}&$filter={urllib.parse.quote(flt)}"


def disk_query_url() -> str:
    return filter_url(DISK_FILTER)


def ip_query_url() -> str:
    return filter_url(IP_FILTER)


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


def usd_figure(it: dict) -> tuple[Decimal | None, str]:
    """(the item's positive USD retailPrice, "") or (None, why it is no usable figure)."""
    if it.get("currencyCode") != "USD":
        return None, f"currencyCode {it.get('currencyCode')!r}, not USD"
    v = it.get("retailPrice")
    d = positive_figure(v)
    if d is None:
        return None, f"retailPrice {v!r}: not a positive figure"
    return d, ""


def disk_figure(it: dict) -> tuple[Decimal | None, str]:
    """(disk-month price, "") of an "E30 LRS Disk" meter, or (None, why it is no usable figure)."""
    if it.get("unitOfMeasure") != MONTH:
        return None, f"unitOfMeasure {it.get('unitOfMeasure')!r}, not the disk-month '{MONTH}'"
    return usd_figure(it)


def meter_rates(items: list, regions, *, meter: str, matches, figure, what: str, unit: str, show,
                unit_of_measure: str | None = None) -> tuple[dict, dict]:
    """The price of one meter in each region of `regions` in one answer: ({region: (price, item)}, {region: why
    it has none}); each region is in one of the two. Read: primary-region Consumption items named `meter` that
    `matches` (the queried product and SKU), in `unit_of_measure` when given; every other item is left out.
    `figure(item)` gives (price, "") or (None, why); two different prices in a region fail it (`what` names the
    query, `unit` the price's unit and `show` writes a price in the messages)."""
    found = {reg: [] for reg in regions}
    units = {reg: set() for reg in regions}
    for it in items:
        if not isinstance(it, dict) or not isinstance(it.get("armRegionName"), str) or it["armRegionName"] not in found:
            continue
        if (it.get("type") != "Consumption" or it.get("reservationTerm") or it.get("isPrimaryMeterRegion") is False
                or it.get("meterName") != meter or not matches(it)):
            continue
        if unit_of_measure is not None and it.get("unitOfMeasure") != unit_of_measure:
            units[it["armRegionName"]].add(repr(it.get("unitOfMeasure")))
            continue
        found[it["armRegionName"]].append(it)
    rates, whys = {}, {}
    for reg, its in sorted(found.items()):
        if not its:
            other = (f" (only in unitOfMeasure {', '.join(sorted(units[reg]))}, not '{unit_of_measure}')"
                     if units[reg] else "")
            whys[reg] = f"Retail Prices {what} query: no primary Consumption meter '{meter}' for {reg} in the answer{other}"
            continue
        figures = [figure(it) for it in its]
        bad = [why for d, why in figures if d is None]
        prices = sorted({d for d, _ in figures if d is not None})
        if bad:
            whys[reg] = f"Retail Prices '{meter}' meter in {reg}: {bad[0]}"
        elif len(prices) > 1:
            whys[reg] = (f"Retail Prices {what} query: {len(its)} '{meter}' meters in {reg} with conflicting prices "
                         f"({', '.join(show(p) for p in prices)} {unit}); one expected, none used")
        else:
            rates[reg] = (prices[0], its[0])
    return rates, whys


def disk_rates(items: list, regions) -> tuple[dict, dict]:
    """The E30 LRS disk-month price of each region (`meter_rates`): meters named "E30 LRS Disk" of the queried
    product and SKU (not Disk Operations, Disk Mount, reservation or DevTest meters)."""
    return meter_rates(items, regions, meter=DISK_METER, matches=lambda it: all(it.get(k) == v for k, v in DISK_FILTER),
                       figure=disk_figure, what="disk", unit="USD/disk-month", show=fmt_money)


def fmt_money(d: Decimal) -> str:
    """A price as the pricing pages write it: at least two decimals (76.80), more when it has them."""
    return f"{d:.2f}" if d == d.quantize(Decimal("0.01")) else f"{d.normalize():f}"


def disk_note(price: Decimal, it: dict) -> str:
    eff = str(it.get("effectiveStartDate") or "")[:10]
    return (f"Standard SSD E30 LRS managed disk (1,024 GiB): {fmt_money(price)} USD/disk-month / 1,024 = "
            f"{(price / DISK_GIB).normalize():f} USD/GiB-month (Retail Prices API meter '{DISK_METER}', Consumption"
            + (f", effective {eff}" if eff else "") + "); smaller disks cost more per GiB.")


def ip_rates(items: list, regions) -> tuple[dict, dict]:
    """The Standard public IPv4 address-hour price of each region (`meter_rates`): meters named IP_METER of
    skuName IP_SKU and the queried service and product, in "1 Hour" (not Basic or Global meters, IPv6,
    prefixes, reservation, DevTest or another unit)."""
    return meter_rates(items, regions, meter=IP_METER,
                       matches=lambda it: it.get("skuName") == IP_SKU and all(it.get(k) == v for k, v in IP_FILTER),
                       figure=usd_figure, what="IP", unit="USD/address-hour", show=lambda p: f"{p.normalize():f}",
                       unit_of_measure=HOUR)


def ip_note(price: Decimal, it: dict) -> str:
    eff = str(it.get("effectiveStartDate") or "")[:10]
    return (f"Standard SKU static public IPv4 address: {price.normalize():f} USD per address-hour as published (Retail "
            f"Prices API, Virtual Network / IP Addresses, meter '{IP_METER}', Consumption"
            + (f", effective {eff}" if eff else "") + "); billed for every hour the address exists, whether its VM "
            "runs or is deallocated: an hourly figure, not a month's.")


def query_all(tr, url: str):
    """Every item of one query for every region: (items, first response, whether any page was written).
    A FeedError (HTTP error after retries, not JSON, a page without Items, a paging fault, a page billed
    in another currency than USD) fails the whole query."""
    items, first, written = [], None, False
    for r, page in pages(tr, url):
        first = first or r
        written |= r.origin == "written"
        if page.get("BillingCurrency", "USD") != "USD":
            raise FeedError(f"{r.request}: BillingCurrency {page.get('BillingCurrency')!r}, not USD")
        items += page["Items"]
    return items, first, written


def short_error(e: FeedError) -> str:
    """The error of a query without its addresses: the URLs are long, and a why keeps 300 characters."""
    return re.sub(r"https://prices\.azure\.com\S*?(?=: |\s|$)", "<page>", str(e))


UNSURE = ("not read: a Retail Prices VM query failed for this region, so whether the feed prices a GPU offer here "
          "this run is unknown")


def read_rates(tr, out: FeedOutput, regions: list, unsure, *, kind: str, url: str, query: str, rates_of, sid: str,
               title: str, rate, note) -> None:
    """One usage kind's rate of each region in `regions` (the regions priced this run), from one query for all
    (`rates_of(items, regions)` picks each region's price): a failed query or a region without a usable price
    is a failure of that region's rate of `kind` (model "usage:<kind>"), never of its VM prices or another
    kind's rate. `unsure`: regions without a price this run because a VM query failed there: whether the
    feed prices a GPU offer there is unknown, so their rate is named failed too (the last accepted one
    stands), never read. `rate(price)` is the catalog's figure, `note(price, item)` its note."""
    for reg in unsure:
        out.fail_usage(UNSURE, region=reg, kind=kind)
    if not regions:
        return
    try:
        items, first, written = query_all(tr, url)
    except FeedError as e:
        for reg in regions:
            out.fail_usage(f"Retail Prices {query} failed: {short_error(e)}", region=reg, kind=kind)
        return
    out.written |= written
    rates, whys = rates_of(items, regions)
    for reg, why in whys.items():
        out.fail_usage(why, region=reg, kind=kind)
    if not rates:
        return
    src = source(sid, title, url, first.as_of, "written" if written else first.origin, first.recorded_from)
    out.sources[src["id"]] = src
    for reg, (price, it) in sorted(rates.items()):
        out.usage.append(usage_row("azure", reg, kind, "USD", rate(price), src["id"], first.as_of,
                                   note=note(price, it)))


def read_ipv4(tr, out: FeedOutput, regions: list, unsure: list = ()) -> None:
    """The public_ipv4_per_hour rate of each priced region (`read_rates`; the module docstring)."""
    read_rates(tr, out, regions, unsure, kind=PUBLIC_IPV4, url=ip_query_url(),
               query="IP query (Virtual Network / IP Addresses)", rates_of=ip_rates, sid="az-retail-ip",
               title="Azure Retail Prices API (Virtual Network: IP Addresses, meter Standard IPv4 Static Public IP; "
                     "every region)", rate=lambda p: p, note=ip_note)


def read_storage(tr, out: FeedOutput, regions: list, unsure: list = ()) -> None:
    """The storage_per_gb_month rate of each priced region (`read_rates`; the module docstring): the E30
    disk-month price / 1,024 GiB."""
    read_rates(tr, out, regions, unsure, kind=STORAGE, url=disk_query_url(), query="disk query (Standard SSD E30 LRS)",
               rates_of=disk_rates, sid="az-retail-disk",
               title="Azure Retail Prices API (Storage: Standard SSD Managed Disks, skuName E30 LRS; every region)",
               rate=lambda p: p / DISK_GIB, note=disk_note)


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
    read_ipv4(tr, out, sorted(priced), sorted(vm_failed - priced))
    return out
