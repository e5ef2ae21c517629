"""What every feed returns, and the helpers the parsers share.

A feed's output (FeedOutput.to_json) is what `make feed` writes and the merge reads:
  feed, provider, status ("ok" | "skipped" | "failed"), why (one line, for skipped/failed), fetched
  (the date its rows carry), rows, sources (source id → catalog source record), problems (parser-level
  gate flags: schema drift, bad values), notes (rows left out by rule, one line each), failures (the
  smallest requests that failed or were refused: see FeedOutput.fail), capacity_blocks (aws-ec2 only:
  the instance types its offer files list as sold as EC2 Capacity Blocks, [{"region", "instance_type",
  "sku", "spec"}], which aws-capacity-blocks asks for their reservation fee), usage (the region's usage
rates the feed read, in the catalog's usage_rates shape: see usage_row).
A row: {"provider", "region", "instance_type", "spec": {...} (optional), "price": {catalog price}}; a
spot price may carry "interruption_band" (one of SPOT_BANDS) or, where the provider publishes one per
offer, "interruption_monthly_pct" (the share of instances interrupted in a month, %, a decimal string in
0–99.99; never together with a band).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from common import fmt

# The interruption bands a spot price may carry ("interruption_band"): the engine's SpotBand codes
# (src/domain/scenario, AWS Spot Advisor's monthly interruption-frequency bands)
SPOT_BANDS = ("lt5", "5-10", "10-15", "15-20", "gt20")

# The usage kinds a feed may write (src/domain/catalog UsageKind): the boot disk's storage, per GB-month, and
# one public IPv4 address, per address-hour as published (the engine multiplies it by the instance's hours)
STORAGE = "storage_per_gb_month"
PUBLIC_IPV4 = "public_ipv4_per_hour"
USAGE_KINDS = (STORAGE, PUBLIC_IPV4)
# A disk priced by the hour, kept for a month (the engine's default hours per month); never applied to an
# address-hour rate (PUBLIC_IPV4)
HOURS_PER_MONTH = 730


def usage_unit(kind: str = STORAGE) -> str:
    """The unit of failure (FeedOutput.fail's model) of one region's usage rate of `kind`."""
    return "usage:" + kind


@dataclass
class FeedOutput:
    feed: str
    provider: str
    status: str = "ok"
    why: str = ""
    fetched: str | None = None
    rows: list = field(default_factory=list)
    sources: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    written: bool = False      # some response was a written fixture (never a live figure)
    failures: list = field(default_factory=list)
    capacity_blocks: list = field(default_factory=list)
    usage: list = field(default_factory=list)

    def skipped_without_credentials(self, tr, env, credentials) -> bool:
        """A credentialed feed that cannot run here marks itself skipped: live without its credentials
        in `env`, or replayed without recorded responses. True when it did."""
        if tr.live and not all(env.get(k) for k in credentials):
            self.status, self.why = "skipped", f"no credentials ({' and '.join(credentials)} not set)"
        elif not tr.live and not tr.has_feed(self.feed):
            self.status, self.why = "skipped", "no recorded responses for this credentialed feed"
        else:
            return False
        return True

    def fail(self, why: str, *, region: str, instance_type: str | None = None, model: str | None = None,
             expected: bool = False) -> None:
        """One request failed (or was refused by the provider as an expected answer: an opt-in region, a
        charge type not sold for this type). The unit of failure is the smallest request: a region, a
        type in a region, or one billing model of a type; `model` is a billing model (on_demand, spot,
        subscription, reserved, savings_plan, capacity_block) or a full model key (reserved/12/all). The refresh keeps the
        last accepted rows in that scope, with their own dates, and names the failure in the report."""
        scope = {"provider": self.provider, "region": region}
        if instance_type:
            scope["instance_type"] = instance_type
        if model:
            scope["model"] = model
        unit = "/".join(x for x in (f"{self.provider}:{region}", instance_type, model) if x)
        self.failures.append({"unit": unit, "scope": scope, "why": " ".join(str(why).split())[:300],
                              "expected": bool(expected)})

    def fail_usage(self, why: str, *, region: str, kind: str = STORAGE) -> None:
        """One region's usage rate could not be read (never guessed): the refresh keeps its last one."""
        self.fail(why, region=region, model=usage_unit(kind))

    def to_json(self) -> dict:
        return {"feed": self.feed, "provider": self.provider, "status": self.status, "why": self.why,
                "fetched": self.fetched, "written": self.written, "sources": self.sources,
                "problems": self.problems, "notes": self.notes, "failures": self.failures,
                "capacity_blocks": self.capacity_blocks, "usage": self.usage, "rows": self.rows}

    @staticmethod
    def from_json(d: dict) -> "FeedOutput":
        return FeedOutput(d["feed"], d["provider"], d["status"], d.get("why", ""), d.get("fetched"),
                          d.get("rows", []), d.get("sources", {}), d.get("problems", []), d.get("notes", []),
                          d.get("written", False), d.get("failures", []), d.get("capacity_blocks", []),
                          d.get("usage", []))


def in_scope(r: dict, scope: dict) -> bool:
    """Whether a row lies in a failure's scope (FeedOutput.fail)."""
    if r["provider"] != scope["provider"] or r["region"] != scope["region"]:
        return False
    if "instance_type" in scope and r["instance_type"] != scope["instance_type"]:
        return False
    if "model" in scope:
        k = model_key(r["price"])
        if k != scope["model"] and k.split("/")[0].split(" ")[0] != scope["model"]:
            return False
    return True


def problem(gate: str, row: str, detail: str) -> dict:
    return {"gate": gate, "row": row, "detail": " ".join(detail.split())}


def model_key(p: dict) -> str:
    """The billing model of a price, as the validator keys it (one current price per key)."""
    m = p["model"]
    if m in ("reserved", "savings_plan"):
        k = f"{m}/{p['term_months']}/{p['payment']}"
    else:
        k = m
    return k + (" (indicative)" if p.get("indicative") else "")


def row_id(r: dict) -> str:
    return f"{r['provider']}:{r['region']}:{r['instance_type']}/{model_key(r['price'])}"


def figure(v) -> Decimal | None:
    """A feed's figure (a number, or a numeric string with spaces around it) as a finite Decimal; None for
    anything else (None, a bool, text, a list, NaN, an infinity)."""
    if isinstance(v, bool) or v is None:
        return None
    try:
        d = Decimal(str(v).strip())
    except (InvalidOperation, ValueError):
        return None
    return d if d.is_finite() else None


def positive_figure(v) -> Decimal | None:
    """figure(v) when above 0, else None."""
    d = figure(v)
    return d if d is not None and d > 0 else None


def num(s) -> str:
    """A feed's figure as the catalog's decimal string; an unreadable figure is kept as given (the
    bad-price gate names it) instead of being dropped or guessed."""
    d = figure(s)
    return str(s) if d is None else fmt(d)


def row(provider, region, itype, model, currency, source, as_of, note=None, spec=None, **fields) -> dict:
    p = {"model": model}
    for k, v in fields.items():
        p[k] = num(v) if k in ("hourly", "hourly_min", "hourly_max", "upfront", "monthly", "interruption_monthly_pct") else v
    p["currency"] = currency
    p["source"] = source
    p["as_of"] = as_of
    if note:
        p["note"] = note
    r = {"provider": provider, "region": region, "instance_type": itype, "price": p}
    if spec:
        r["spec"] = spec
    return r


def usage_row(provider, region, kind, currency, price, source, as_of, note=None) -> dict:
    """One usage rate a feed read, in the catalog's usage_rates shape (one tier, no upper bound), by kind:
    - STORAGE (storage_per_gb_month): the price of one GB (GiB where the provider bills GiB) of the disk a
      GPU instance boots from, for a whole month. The note says which disk, and how a figure was derived
      (e.g. from an hourly price x HOURS_PER_MONTH, or from a disk-month price / its size).
    - PUBLIC_IPV4 (public_ipv4_per_hour): the price of one public IPv4 address for one hour, as the
      provider publishes it (per address-hour, never x HOURS_PER_MONTH: the engine multiplies it by the
      instance's hours). The note says which meter or fee it is and when it is billed.
    To stop reading one region's rate, call FeedOutput.fail_usage(why, region=region, kind=kind): the
    refresh keeps the last accepted rate of that kind there, with its own date."""
    u = {"provider": provider, "region": region, "kind": kind, "currency": currency,
         "tiers": [{"up_to": None, "price": num(price)}], "source": source, "as_of": as_of}
    if note:
        u["note"] = note
    return u


def source(sid: str, title: str, url: str, as_of: str, origin: str, recorded_from: str = "") -> dict:
    """A catalog source record for rows of one feed request. A written fixture is never presented as
    a provider's figure: its id starts with 'fixture-' and its title says what it is."""
    s = {"id": sid, "title": title, "reference": url, "as_of": as_of, "kind": "primary"}
    if origin == "written":
        s["id"] = "fixture-" + sid
        s["title"] = "WRITTEN TEST FIXTURE, not a provider figure: " + title
        s["kind"] = "derived"
        s["note"] = "Replayed from a fixture written for the tests (tests/fixtures/feeds/manifest.json)."
    elif origin == "real":
        s["note"] = f"Replayed from a recording of a real response ({recorded_from}); as_of = its recorded date."
    return s


def median(xs: list[Decimal]) -> Decimal:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
