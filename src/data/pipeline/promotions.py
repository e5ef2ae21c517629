"""Promotions: curated promotions.json, each matched to a research promotions.csv row."""

from __future__ import annotations

from common import Inputs, load_json, read_csv


def build(inp: Inputs) -> list[dict]:
    """Curated promotions.json; each must match a row of the research promotions.csv."""
    rows = {(r["provider"], r["name"]): r for r in read_csv(inp.research / "promotions.csv")}
    out = []
    for p in load_json(inp, "promotions.json"):
        r = rows.get((p["provider"], p["research_name"]))
        if r is None or r["as_of"][:10] != p["as_of"]:
            raise SystemExit(f"promotion {p['name']!r}: no research row with as_of {p['as_of']}")
        out.append({k: v for k, v in p.items() if k != "research_name" and v is not None})
    return out

