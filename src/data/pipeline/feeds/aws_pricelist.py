"""AWS Price List bulk API (public, no credentials): EC2 on-demand and Reserved Instances per region,
the China partition's own price list (CNY), and the Savings Plans offer files.

fetch: region index → each region's offer file (CSV form live: streamed to a temporary file, parsed, and
deleted before the next region's, so at most one offer file is on disk; the JSON form is read too, e.g.
recordings). A region whose offer file fails (HTTP error after the retries, truncated, unparseable, a
full disk) is a failure of that region (FeedOutput.fail) and the other regions go on; only the region
index failing fails the feed. parse: pure functions over the offer file's records (parse_offer_json, parse_offer_csv →
normalised records → rows), tested on recordings and fixtures in tests/fixtures/feeds/.
Kept: GPU/accelerator families of mappings.json, Linux, shared tenancy, no pre-installed software,
capacity status Used, market option OnDemand, operation RunInstances.
Capacity Blocks for ML (market option CapacityBlock, operation RunInstances:CB) are recognised explicitly
and never priced from here: their OnDemand term ("$0.00 per Capacity Block Linux p4d.24xlarge Instance
Hour") is the operating-system fee only, and the reservation fee is not in the price list. The feed lists
the (region, instance type) pairs sold as Capacity Blocks instead (FeedOutput.capacity_blocks,
capacity_blocks()), which the credentialed aws-capacity-blocks feed asks DescribeCapacityBlockOfferings
for (feeds/aws_capacity_blocks.py).
Reserved: Standard class (Convertible only where the region has no Standard offer for that term and
payment), 1/3 yr × No/Partial/All Upfront, with the upfront fee (Quantity dimension) and the hourly fee
(Hrs dimension) as published. A price dimension in a currency other than the price list's (CNY in the USD
list) is flagged (currency gate) and its row is not emitted: accepting the flag leaves the row out.
Usage (FeedOutput.usage): each region's EBS gp3 volume storage rate, read from the same offer file (no
other request; parse_disk): the Storage product whose volumeApiName is gp3 and whose regionCode is the
region's (a Local Zone's gp3 in the parent region's file has its own code), its OnDemand "GB-Mo" price
dimension, in the price list's currency. A region whose file has none (or two different figures, or an
unusable one) fails its usage rate only (model usage:storage_per_gb_month); its instance prices go on.
"""

from __future__ import annotations

import csv
import io

from feeds.base import STORAGE, FeedOutput, num, positive_figure, problem, row, source, usage_row
from feeds.http import FeedError

FEED_EC2, FEED_CN, FEED_SP = "aws-ec2", "aws-ec2-cn", "aws-savings-plans"
BASE = "https://pricing.us-east-1.amazonaws.com"
BASE_CN = "https://pricing.cn-north-1.amazonaws.com.cn"
INDEX = BASE + "/offers/v1.0/aws/AmazonEC2/current/region_index.json"
INDEX_CN = BASE_CN + "/offers/v1.0/cn/AmazonEC2/current/region_index.json"
SP_INDEX = BASE + "/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json"
PAY = {"No Upfront": "no", "Partial Upfront": "partial", "All Upfront": "all"}
TERM = {"1yr": 12, "3yr": 36, "1 yr": 12, "3 yr": 36}

# Normalised product attribute → (JSON attribute, CSV column)
ATTR = {
    "instance_type": ("instanceType", "Instance Type"),
    "vcpu": ("vcpu", "vCPU"),
    "memory": ("memory", "Memory"),
    "gpu": ("gpu", "GPU"),
    "tenancy": ("tenancy", "Tenancy"),
    "os": ("operatingSystem", "Operating System"),
    "preinstalled": ("preInstalledSw", "Pre Installed S/W"),
    "capacity": ("capacitystatus", "CapacityStatus"),
    "usagetype": ("usagetype", "usageType"),
    "operation": ("operation", "operation"),
    "market": ("marketoption", "MarketOption"),
    "region": ("regionCode", "Region Code"),
    "volume_api": ("volumeApiName", "Volume API Name"),
}
REQUIRED = ("instance_type", "vcpu", "memory", "tenancy", "os", "preinstalled", "capacity", "usagetype",
            "operation", "region")
FAMILIES = ("Compute Instance", "Compute Instance (bare metal)")
# A Capacity Block SKU: its market option, and the operation code of its Linux usage
CB_MARKET, CB_OPERATION = "CapacityBlock", "RunInstances:CB"
# The disk a usage rate is read for: EBS General Purpose SSD gp3 volume storage (the offer file's Storage
# product of that volumeApiName; gp3's provisioned IOPS and throughput are other products, other units)
DISK_FAMILY, DISK_API, DISK_UNIT = "Storage", "gp3", "GB-Mo"


def family_of(table: list, itype: str):
    for pre, fam, gpu in table:
        if itype.startswith(pre):
            return fam, gpu
    return None


# ------------------------------------------------------------------ parse (pure)


def records_from_json(offer: dict):
    """(products {sku: attrs+family}, terms [(sku, term_type, term_attrs, [dimensions])], version)."""
    if not isinstance(offer, dict) or "products" not in offer or "terms" not in offer:
        raise FeedError("offer file: no 'products'/'terms' (schema changed?)")
    products = {}
    for sku, p in offer["products"].items():
        a = p.get("attributes", {})
        rec = {k: a.get(j) for k, (j, _) in ATTR.items()}
        rec["product_family"] = p.get("productFamily")
        products[sku] = rec
    terms = []
    for ttype in ("OnDemand", "Reserved"):
        for sku, by_code in offer["terms"].get(ttype, {}).items():
            for code, t in by_code.items():
                ta = t.get("termAttributes", {}) or {}
                dims = []
                for d in t.get("priceDimensions", {}).values():
                    ppu = d.get("pricePerUnit", {}) or {}
                    cur, val = (next(iter(ppu.items())) if ppu else (None, None))
                    dims.append({"unit": d.get("unit"), "price": val, "currency": cur})
                terms.append((sku, code, ttype, {"lease": ta.get("LeaseContractLength"), "class": ta.get("OfferingClass"),
                                                 "purchase": ta.get("PurchaseOption")}, dims))
    return products, terms, offer.get("version") or offer.get("publicationDate")


def records_from_csv(lines, want=None):
    """Same as records_from_json, from the CSV form (5 metadata lines, then a header): streams. `want`
    (a normalised product record → bool) keeps only the products a caller can use, so a region's whole
    file (hundreds of MB) is never held in memory. A line with fewer or more columns than the header (a
    truncated file) is a FeedError."""
    meta = {}
    reader = csv.reader(lines)
    header = None
    for r in reader:
        if len(r) == 2 and header is None and r[0] != "SKU":
            meta[r[0]] = r[1]
            continue
        header = r
        break
    if header is None or "SKU" not in header:
        raise FeedError("offer file (CSV): no header line with SKU (schema changed?)")
    col = {h: i for i, h in enumerate(header)}
    need = ["SKU", "OfferTermCode", "TermType", "Unit", "PricePerUnit", "Currency", "Product Family"]
    missing = [c for c in need if c not in col]
    if missing:
        raise FeedError(f"offer file (CSV): columns missing {missing} (schema changed?)")
    products, terms, skipped = {}, {}, set()
    g = lambda r, c: (r[col[c]] if c in col and col[c] < len(r) else None) or None
    for r in _csv_rows(reader, len(header)):
        sku = g(r, "SKU")
        if sku in skipped:
            continue
        if sku not in products:
            rec = {k: g(r, c) for k, (_, c) in ATTR.items()}
            rec["product_family"] = g(r, "Product Family")
            if want is not None and not want(rec):
                skipped.add(sku)
                continue
            products[sku] = rec
        key = (sku, g(r, "OfferTermCode"), g(r, "TermType"))
        t = terms.setdefault(key, ({"lease": g(r, "LeaseContractLength"), "class": g(r, "OfferingClass"),
                                    "purchase": g(r, "PurchaseOption")}, []))
        t[1].append({"unit": g(r, "Unit"), "price": g(r, "PricePerUnit"), "currency": g(r, "Currency")})
    return products, [(s, c, tt, ta, d) for (s, c, tt), (ta, d) in terms.items()], meta.get("Version")


def _csv_rows(reader, width: int):
    while True:
        try:
            r = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise FeedError(f"offer file (CSV): unreadable at line {reader.line_num} ({e})")
        if not r:
            continue
        if len(r) != width:
            raise FeedError(f"offer file (CSV): line {reader.line_num} has {len(r)} of {width} columns (truncated?)")
        yield r


def ram_gib(mem: str | None) -> str | None:
    if not mem:
        return None
    v = mem.replace(",", "").split()[0]
    return num(v) if v.replace(".", "", 1).isdigit() else None


def is_capacity_block(a: dict) -> bool:
    """A Capacity Block for ML SKU (by its market option or by its operation code): its price list term
    is the operating-system fee only, never the reservation's price."""
    return a.get("market") == CB_MARKET or a.get("operation") == CB_OPERATION


def _gpu_products(products, *, region: str, table: list, problems: list):
    """(sku, attributes) of the Linux, shared-tenancy compute products of a GPU family in `region` (no
    pre-installed software, capacity Used); a product lacking a required attribute is flagged (schema)."""
    for sku, a in products.items():
        if a.get("product_family") not in FAMILIES:
            continue
        it = a.get("instance_type")
        if not it:
            problems.append(problem("schema", f"{FEED_EC2}/{region}/{sku}", "compute product without an instance type attribute"))
            continue
        if family_of(table, it) is None:
            continue
        miss = [k for k in REQUIRED if not a.get(k)]
        if miss:
            problems.append(problem("schema", f"aws:{region}:{it}/{sku}", f"required attribute(s) missing: {', '.join(miss)}"))
            continue
        if a["region"] != region:
            continue
        if (a["os"], a["tenancy"], a["preinstalled"], a["capacity"]) != ("Linux", "Shared", "NA", "Used"):
            continue
        yield sku, a


def _spec(a: dict) -> dict:
    spec = {"vcpu": a["vcpu"], "ram_gib": ram_gib(a["memory"])}
    if a.get("gpu") and str(a["gpu"]).isdigit():
        spec["gpu_count"] = int(a["gpu"])
    return spec


def capacity_blocks(products, *, region: str, table: list) -> list[dict]:
    """The instance types of a GPU family sold as Capacity Blocks for ML in `region` (Linux, shared
    tenancy): [{"region", "instance_type", "sku", "spec"}], sorted. Listed, never priced: the SKU's
    OnDemand term is the operating-system fee ($0.00 for Linux) and the reservation fee is not in the
    price list (aws-capacity-blocks asks DescribeCapacityBlockOfferings for it)."""
    seen = {}
    for sku, a in _gpu_products(products, region=region, table=table, problems=[]):
        if is_capacity_block(a) and "BoxUsage:" in a["usagetype"]:
            seen.setdefault(a["instance_type"], {"region": region, "instance_type": a["instance_type"], "sku": sku,
                                                 "spec": _spec(a)})
    return [seen[it] for it in sorted(seen)]


def listing(out: FeedOutput | None, last: dict | None) -> list[dict]:
    """The Capacity Block listing to use: this run's (`out`, an aws-ec2 output that did not fail as a
    whole), plus the last accepted listing (`last`: the feed's entry in accepted.json) for the regions
    whose offer file failed this time; without this run's, the last accepted one."""
    prior = list((last or {}).get("capacity_blocks") or [])
    if out is None or out.status != "ok":
        return prior
    failed = {f["scope"]["region"] for f in out.failures if set(f["scope"]) == {"provider", "region"}}
    got = {(x["region"], x["instance_type"]): x for x in out.capacity_blocks}
    for x in prior:
        if x["region"] in failed:
            got.setdefault((x["region"], x["instance_type"]), x)
    return [got[k] for k in sorted(got)]


def parse_offer(products, terms, version, *, region: str, table: list, currency: str, sid: str, as_of: str,
                partition: str = "aws"):
    """Rows (on-demand + reserved) and problems from one regional offer file's records. A Capacity
    Block SKU is never a row (capacity_blocks() lists it)."""
    rows, problems, notes = [], [], []
    keep = {}
    for sku, a in _gpu_products(products, region=region, table=table, problems=problems):
        if is_capacity_block(a):
            continue  # the OS fee of a Capacity Block ($0.00 for Linux), not a price: listed by capacity_blocks()
        if a.get("market") not in (None, "OnDemand") or a["operation"] != "RunInstances" or "BoxUsage:" not in a["usagetype"]:
            continue
        keep[sku] = a
    ver = f"offer version {version}" if version else "offer file"
    reserved: dict = {}
    for sku, _code, ttype, ta, dims in terms:
        a = keep.get(sku)
        if a is None:
            continue
        it = a["instance_type"]
        spec = _spec(a)
        other = sorted({str(d["currency"]) for d in dims if d["currency"] != currency})
        if ttype == "OnDemand":
            if other:  # flagged and left out: a CNY figure is never published under a USD label
                problems.append(problem("currency", f"aws:{region}:{it}/on_demand",
                                        f"{', '.join(other)} in a price list billed in {currency}: row left out"))
                continue
            hrs = [d for d in dims if d["unit"] == "Hrs"]
            if len(hrs) != 1:
                problems.append(problem("schema", f"aws:{region}:{it}/on_demand", f"{len(hrs)} hourly dimensions (expected 1)"))
                continue
            rows.append(row("aws", region, it, "on_demand", currency, sid, as_of, spec=spec,
                            note=f"AWS Price List bulk API ({ver}): Linux, shared tenancy", hourly=hrs[0]["price"]))
        else:
            term, pay, cls = TERM.get(ta.get("lease") or ""), PAY.get(ta.get("purchase") or ""), (ta.get("class") or "").lower()
            if term is None or pay is None or cls not in ("standard", "convertible"):
                problems.append(problem("schema", f"aws:{region}:{it}/reserved", f"unknown term attributes {ta}"))
                continue
            if other:  # left out, and its class is not replaced by the other class's offer either
                problems.append(problem("currency", f"aws:{region}:{it}/reserved/{term}/{pay}",
                                        f"{', '.join(other)} in a price list billed in {currency}: row left out"))
                reserved.setdefault((it, term, pay), {})[cls] = None
                continue
            hrs = [d for d in dims if d["unit"] == "Hrs"]
            qty = [d for d in dims if d["unit"] == "Quantity"]
            if len(hrs) > 1 or len(qty) > 1 or (pay != "no" and not qty) or (pay != "all" and not hrs):
                problems.append(problem("schema", f"aws:{region}:{it}/reserved/{term}/{pay}",
                                        f"{ta.get('purchase')} with {len(hrs)} Hrs and {len(qty)} Quantity dimensions"))
                continue
            upfront = qty[0]["price"] if qty else "0"
            hourly = hrs[0]["price"] if hrs else "0"
            slot = reserved.setdefault((it, term, pay), {})
            if slot.get(cls, ()) is not None:  # a class left out for its currency stays out
                slot[cls] = (upfront, hourly, spec)
    for (it, term, pay), by in sorted(reserved.items()):
        cls = "standard" if "standard" in by else "convertible"
        if by[cls] is None:
            continue
        upfront, hourly, spec = by[cls]
        label = "Standard" if cls == "standard" else "Convertible (no Standard offer in this region)"
        pname = {"no": "No Upfront", "partial": "Partial Upfront", "all": "All Upfront"}[pay]
        rows.append(row("aws", region, it, "reserved", currency, sid, as_of, spec=spec,
                        note=f"AWS Price List bulk API ({ver}): {label} RI, {pname}; upfront fee and hourly fee as published",
                        term_months=term, payment=pay, upfront=upfront, hourly=hourly))
    return rows, problems, notes


def is_disk(a: dict) -> bool:
    """An EBS gp3 volume storage product (any region or Local Zone)."""
    return a.get("product_family") == DISK_FAMILY and a.get("volume_api") == DISK_API


def parse_disk(products, terms, version, *, region: str, currency: str, sid: str, as_of: str):
    """(usage row, None) or (None, why): the region's EBS gp3 storage rate per GB-month from one regional
    offer file's records: the OnDemand "GB-Mo" price dimension of the Storage product with volumeApiName
    gp3 and the region's own regionCode. None, why when there is no such product or dimension, when they
    give two different figures, or when the figure is not a positive number in the list's currency."""
    skus = {sku for sku, a in products.items() if is_disk(a) and a.get("region") == region}
    if not skus:
        return None, f"no EBS gp3 storage product (productFamily {DISK_FAMILY}, volumeApiName {DISK_API}) for {region}"
    dims = [d for sku, _code, ttype, _ta, ds in terms if sku in skus and ttype == "OnDemand" for d in ds]
    got = sorted({(str(d["price"]), str(d["currency"])) for d in dims if d["unit"] == DISK_UNIT})
    if not got:
        units = sorted({str(d["unit"]) for d in dims})
        return None, f"EBS gp3 storage ({', '.join(sorted(skus))}): no OnDemand {DISK_UNIT} price dimension (units: {', '.join(units) or 'none'})"
    if len(got) > 1:
        return None, f"EBS gp3 storage: {len(got)} different OnDemand {DISK_UNIT} figures ({'; '.join(' '.join(g) for g in got)})"
    [(price, cur)] = got
    if cur != currency:
        return None, f"EBS gp3 storage: {price} {cur} in a price list billed in {currency}"
    v = positive_figure(price)
    if v is None:
        return None, f"EBS gp3 storage: unusable {DISK_UNIT} figure {price!r}"
    ver = f"offer version {version}" if version else "offer file"
    note = (f"AWS Price List bulk API ({ver}): EBS General Purpose SSD (gp3) volume storage, OnDemand, per GB-month "
            f"as published (unit {DISK_UNIT}). It includes gp3's baseline 3,000 IOPS and 125 MiB/s; IOPS above "
            "3,000 and throughput above 125 MiB/s are billed separately.")
    return usage_row("aws", region, STORAGE, currency, v, sid, as_of, note), None


def parse_savings_plans(offer: dict, *, region: str, table: list, sid: str, as_of: str):
    """Savings Plans rates for Linux shared-tenancy GPU instances of one region: EC2 Instance Savings Plan
    where published, else Compute Savings Plan (the note says which)."""
    rows, problems = [], []
    if not isinstance(offer, dict) or "products" not in offer or "terms" not in offer:
        raise FeedError("savings plan file: no 'products'/'terms' (schema changed?)")
    plans = {}
    for p in offer["products"]:
        a = p.get("attributes", {})
        fam = p.get("productFamily") or a.get("productFamily")
        plans[p.get("sku")] = (fam, a.get("purchaseOption"))
    best = {}
    for t in offer["terms"].get("savingsPlan", []):
        fam, purchase = plans.get(t.get("sku"), (None, None))
        if fam not in ("EC2InstanceSavingsPlans", "ComputeSavingsPlans"):
            continue
        years = (t.get("leaseContractLength") or {}).get("duration")
        pay = PAY.get(purchase or "")
        if years not in (1, 3, "1", "3") or pay is None:
            problems.append(problem("schema", f"{FEED_SP}/{region}/{t.get('sku')}", "savings plan term without duration or purchase option"))
            continue
        for rate in t.get("rates", []):
            ut, op = rate.get("discountedUsageType") or "", rate.get("discountedOperation")
            it = rate.get("discountedInstanceType") or (ut.split(":", 1)[1] if ":" in ut else "")
            if "BoxUsage:" not in ut or op != "RunInstances" or rate.get("discountedRegionCode", region) != region:
                continue
            if family_of(table, it) is None:
                continue
            dr = rate.get("discountedRate")
            if not isinstance(dr, dict) or "price" not in dr or "currency" not in dr:
                problems.append(problem("schema", f"aws:{region}:{it}/savings_plan", "rate without discountedRate price/currency"))
                continue
            k = (it, 12 * int(years), pay)
            rank = 0 if fam == "EC2InstanceSavingsPlans" else 1
            if k not in best or rank < best[k][0]:
                best[k] = (rank, dr["price"], dr["currency"], fam)
    for (it, term, pay), (_, price, cur, fam) in sorted(best.items()):
        kind = "EC2 Instance Savings Plan" if fam == "EC2InstanceSavingsPlans" else "Compute Savings Plan (no EC2 Instance Savings Plan published)"
        rows.append(row("aws", region, it, "savings_plan", cur, sid, as_of, term_months=term, payment=pay, hourly=price,
                        note=f"AWS Savings Plans offer file: {kind}, {term // 12}-yr, {pay} upfront; Linux, shared tenancy"))
    return rows, problems


# ------------------------------------------------------------------ fetch


def _regions(ctx, provider_regions: set, index: dict, out: FeedOutput, key="regions"):
    regs = index.get(key)
    if regs is None:
        raise FeedError("region index: no 'regions' (schema changed?)")
    items = regs.items() if isinstance(regs, dict) else [(r.get("regionCode"), r) for r in regs]
    for code, r in sorted(items, key=lambda x: str(x[0])):
        if code not in provider_regions:
            out.notes.append(f"region {code}: not in the region table (regions.json / regions_feeds.json): not asked")
            continue
        yield code, r


# What a region's offer file may raise besides FeedError when it is not what the parser expects (a shape
# that changed): that region fails, the others go on.
PARSE_ERRORS = (FeedError, ValueError, KeyError, TypeError, AttributeError)


def _want(table: list):
    """The products parse_offer can use (compute products of a GPU family, or without an instance type:
    parse_offer flags those) and parse_disk's (EBS gp3 storage), so the rest of a streamed CSV offer file is dropped as it is read."""
    def want(a: dict) -> bool:
        if is_disk(a):
            return True  # the EBS gp3 storage products (the region's and its Local Zones'): parse_disk
        return a.get("product_family") in FAMILIES and (not a.get("instance_type") or family_of(table, a["instance_type"]) is not None)
    return want


def _offer_records(tr, feed: str, url: str, table: list):
    """(Resp, records) of one regional offer file. The CSV form is streamed to a temporary file (live),
    parsed, and that file is deleted before this returns, so one offer file at most is on disk."""
    if not url.endswith(".csv"):
        resp = tr.get(feed, url)
        return resp, records_from_json(resp.json())
    resp = tr.get_large(feed, url)
    try:
        with open(resp.path, newline="", encoding="utf-8") if resp.path else io.StringIO(resp.read().decode()) as f:
            return resp, records_from_csv(f, want=_want(table))
    finally:
        if resp.origin == "live" and resp.path is not None:
            resp.path.unlink(missing_ok=True)  # a temporary copy of the download, never a recording


def run_ec2(tr, ctx, china: bool = False) -> FeedOutput:
    feed = FEED_CN if china else FEED_EC2
    out = FeedOutput(feed, "aws")
    base, index_url = (BASE_CN, INDEX_CN) if china else (BASE, INDEX)
    table = ctx["mappings"]["aws_family_gpu"]
    regions = {c for (p, c), v in ctx["regions"].items() if p == "aws" and (v[2] == "mainland_china") == china}
    idx = tr.get(feed, index_url)  # the index failing fails the feed
    out.fetched = idx.as_of
    out.written |= idx.origin == "written"
    for code, r in _regions(ctx, regions, idx.json(), out):
        url = r.get("currentVersionUrl")
        if not url:
            out.problems.append(problem("schema", f"{feed}/{code}", "region index entry without currentVersionUrl"))
            continue
        json_url = base + url
        csv_url = json_url[:-5] + ".csv" if json_url.endswith(".json") else json_url
        chosen = tr.first([csv_url, json_url])
        try:
            resp, (products, terms, version) = _offer_records(tr, feed, chosen, table)
        except PARSE_ERRORS as e:
            out.fail(f"offer file {chosen}: {e if isinstance(e, FeedError) else f'cannot parse ({type(e).__name__}: {e})'}",
                     region=code)
            continue
        out.written |= resp.origin == "written"
        sid = f"aws-pl-{code}"
        title = ("AWS Price List bulk API (China partition, CNY): AmazonEC2 offer file, " if china
                 else "AWS Price List bulk API: AmazonEC2 offer file, ") + code
        out.sources[sid] = source(sid, title, chosen, resp.as_of, resp.origin, resp.recorded_from)
        sid = out.sources[sid]["id"]
        currency = "CNY" if china else "USD"
        rows, problems, notes = parse_offer(products, terms, version, region=code, table=table,
                                            currency=currency, sid=sid, as_of=resp.as_of)
        disk, why = parse_disk(products, terms, version, region=code, currency=currency, sid=sid, as_of=resp.as_of)
        if disk is not None:
            out.usage.append(disk)
        else:  # the rate only: the region's instance prices go on (a failed offer file fails the region, rate included)
            out.fail_usage(f"offer file {chosen}: {why}", region=code)
        out.rows += rows
        out.problems += problems
        out.notes += notes
        out.capacity_blocks += capacity_blocks(products, region=code, table=table)
    return out


def run_savings_plans(tr, ctx) -> FeedOutput:
    out = FeedOutput(FEED_SP, "aws")
    table = ctx["mappings"]["aws_family_gpu"]
    regions = {c for (p, c), v in ctx["regions"].items() if p == "aws" and v[2] != "mainland_china"}
    idx = tr.get(FEED_SP, SP_INDEX)  # the index failing fails the feed
    out.fetched = idx.as_of
    out.written |= idx.origin == "written"
    for code, r in _regions(ctx, regions, idx.json(), out):
        url = r.get("versionUrl")
        if not url:
            out.problems.append(problem("schema", f"{FEED_SP}/{code}", "region index entry without versionUrl"))
            continue
        sid = f"aws-sp-{code}"
        try:
            resp = tr.get(FEED_SP, BASE + url)
            src = source(sid, f"AWS Price List bulk API: Savings Plans offer file (AWSComputeSavingsPlan), {code}",
                         BASE + url, resp.as_of, resp.origin, resp.recorded_from)
            rows, problems = parse_savings_plans(resp.json(), region=code, table=table, sid=src["id"], as_of=resp.as_of)
        except PARSE_ERRORS as e:
            out.fail(f"offer file {BASE + url}: {e if isinstance(e, FeedError) else f'cannot parse ({type(e).__name__}: {e})'}",
                     region=code)
            continue
        out.written |= resp.origin == "written"
        out.sources[sid] = src
        out.rows += rows
        out.problems += problems
    return out
