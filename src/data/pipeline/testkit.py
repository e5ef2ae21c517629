"""Shared fixture inputs for the pipeline tests."""

from __future__ import annotations

from pathlib import Path

import common
from common import Inputs

HERE = Path(__file__).resolve().parent
FIXTURES = Inputs(ref=HERE / "fixtures" / "ref", research=HERE / "fixtures" / "research", curated=HERE)

# Per-GPU memory of the GPUs the fixture offers use (as gpus.json has them).
GPUS = {g: {"memory_gb": m} for g, m in {
    "a100-40-sxm": 40, "a100-80-sxm": 80, "t4": 16, "trainium": 32, "b200": 180, "h100-sxm": 80, "h200": 141,
    "a10": 24, "v100-16-sxm2": 16, "l20": 48, "a100-sxm-unk": None,
}.items()}


def reset() -> None:
    """Clear the module-level logs between tests."""
    common.LOG.clear()
    common.DROPPED.clear()


def by_id(offers: list[dict]) -> dict:
    return {o["id"]: o for o in offers}


def current(o: dict, model: str, **match) -> list[dict]:
    return [p for p in o["prices"] if p["model"] == model and all(p.get(k) == v for k, v in match.items())]
