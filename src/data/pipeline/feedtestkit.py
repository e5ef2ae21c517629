"""Helpers of the feed tests: the recorded set, a context, replays of a (corrupted) copy of it."""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import refresh
from common import ROOT, Inputs
from feeds.transport import Replay

FIX = ROOT / "tests" / "fixtures" / "feeds"
MANIFEST = json.loads((FIX / "manifest.json").read_text(encoding="utf-8"))


def entries(folder: Path = FIX) -> list[dict]:
    """Every recorded response of a folder, its own and its included manifests', with `file` relative
    to the folder (as Replay reads them)."""
    return list(Replay(folder).by_request.values())


def ctx(env=None) -> dict:
    c = refresh.context(Inputs.default())
    c["env"] = env if env is not None else {}
    return c


def replay() -> Replay:
    return Replay(FIX)


def entry(feed: str, file_part: str) -> dict:
    [e] = [e for e in entries() if e["feed"] == feed and file_part in e["file"]]
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

    def manifest_entries(self) -> list[dict]:
        return entries(self.rec)

    def edit(self, fn):
        """fn(entry) on every recorded response, the root manifest's and each included one's; `file` is
        shown to fn relative to the recorded folder and written back relative to its manifest."""
        mans = [self.rec / "manifest.json"] + [self.rec / i for i in self.manifest().get("include", [])]
        for mf in mans:
            m = json.loads(mf.read_text(encoding="utf-8"))
            for e in m["responses"]:
                rel = (mf.parent / e["file"]).resolve().relative_to(self.rec.resolve())
                e["file"] = str(rel)
                fn(e)
                e["file"] = os.path.relpath(self.rec / e["file"], mf.parent)
            mf.write_text(json.dumps(m, indent=1, ensure_ascii=False), encoding="utf-8")

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


class Urlopened:
    """What urllib.request.urlopen returns (headers, read, a context manager), for tests that answer it."""

    def __init__(self, data: bytes):
        self.headers, self.b = {"Content-Length": str(len(data))}, io.BytesIO(data)

    def read(self, n=-1):
        return self.b.read(n)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False
