"""Helpers of the feed tests: the recorded set, a context, replays of a (corrupted) copy of it."""

from __future__ import annotations

import io
import json
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import refresh
from common import ROOT, Inputs
from feeds.transport import Replay

FIX = ROOT / "tests" / "fixtures" / "feeds"
MANIFEST = json.loads((FIX / "manifest.json").read_text(encoding="utf-8"))


def ctx(env=None) -> dict:
    c = refresh.context(Inputs.default())
    c["env"] = env if env is not None else {}
    return c


def replay() -> Replay:
    return Replay(FIX)


def entry(feed: str, file_part: str) -> dict:
    [e] = [e for e in MANIFEST["responses"] if e["feed"] == feed and file_part in e["file"]]
    return e


class Copy:
    """A temporary copy of the recorded set to corrupt, and an OUT folder; run() = make refresh."""

    def __init__(self):
        self._d = tempfile.TemporaryDirectory(prefix="gpucost-feedtest-")
        self.root = Path(self._d.name)
        self.rec = self.root / "rec"
        shutil.copytree(FIX, self.rec)
        self.out = self.root / "out"

    def close(self):
        self._d.cleanup()

    def manifest(self) -> dict:
        return json.loads((self.rec / "manifest.json").read_text(encoding="utf-8"))

    def set_manifest(self, m: dict):
        (self.rec / "manifest.json").write_text(json.dumps(m), encoding="utf-8")

    def json(self, rel: str):
        return json.loads((self.rec / rel).read_text(encoding="utf-8"))

    def put(self, rel: str, data):
        (self.rec / rel).write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")

    def run(self, *extra) -> tuple[int, str, str]:
        o, e = io.StringIO(), io.StringIO()
        with redirect_stdout(o), redirect_stderr(e):
            rc = refresh.main(["--from", str(self.rec), "--out", str(self.out), *extra])
        return rc, o.getvalue(), e.getvalue()

    def state(self) -> dict:
        return {f: (self.out / f).read_bytes() for f in ("catalog.json", "accepted.json", "history.json")}
