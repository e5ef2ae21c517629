"""Where a feed's responses come from: the network (live) or a recorded folder (replay).

A feed asks its transport for a URL (HTTP feeds) or for an SDK call by a stable request key
(credentialed feeds) and gets a Resp: the body, the date the rows it yields carry (`as_of`: the fetch
date live; the manifest's recorded date on a replay, never today), and where it came from.

Recorded folder (`make refresh FROM=DIR`), layout documented in src/data/README.md:

    DIR/manifest.json   {"recorded": "YYYY-MM-DD", "responses": [
                            {"feed": ..., "request": <URL or SDK request key>, "file": <path under DIR>,
                             "status": 200, "kind": "real" | "written", "recorded": "YYYY-MM-DD",
                             "source": <where the recording came from>, "what": <what it is>}, ...]}
    DIR/<file>          the response body as received (an HTTP body; an SDK call's response as JSON)

`status` other than 200 replays that HTTP error (as the live path reports it after its retries).
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from feeds.http import FeedError, check_json, fetch, fetch_to_file, strip_callback


@dataclass
class Resp:
    request: str
    body: bytes | None        # None when streamed to `path`
    as_of: str
    origin: str               # "live", "real" (a recording of a real response) or "written" (a test fixture)
    path: Path | None = None
    recorded_from: str = ""   # manifest "source" of a recording

    def json(self):
        try:
            return json.loads(strip_callback(self.read()))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise FeedError(f"{self.request}: not JSON ({e})")

    def read(self) -> bytes:
        return self.body if self.body is not None else self.path.read_bytes()


def today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


class Live:
    """The network. `record`: also keep every response in that folder, in the replay layout."""
    live = True

    def __init__(self, record: Path | None = None, env=os.environ, fetch_kw: dict | None = None):
        self.date = today()
        self.env = env
        self.record = Path(record) if record else None
        self.fetch_kw = fetch_kw or {}
        self._entries = []
        self._tmp = None

    def _keep(self, feed, request, data: bytes | None, path: Path | None = None, ext=".json") -> None:
        if not self.record:
            return
        n = len(self._entries) + 1
        rel = f"{feed}/{n:04d}{ext}"
        dst = self.record / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if data is not None:
            dst.write_bytes(data)
        else:
            dst.write_bytes(path.read_bytes())
        self._entries.append({"feed": feed, "request": request, "file": rel, "status": 200, "kind": "real",
                              "recorded": self.date, "source": "live response recorded by make refresh RECORD=",
                              "what": f"{feed} response"})
        man = {"recorded": self.date, "responses": self._entries}
        (self.record / "manifest.json").write_text(json.dumps(man, indent=1) + "\n", encoding="utf-8")

    def get(self, feed: str, url: str, *, json_body=True) -> Resp:
        body = fetch(url, check=check_json if json_body else None, **self.fetch_kw)
        self._keep(feed, url, body)
        return Resp(url, body, self.date, "live")

    def get_large(self, feed: str, url: str) -> Resp:
        if self._tmp is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="gpucost-feed-")
        path = Path(self._tmp.name) / f"{len(os.listdir(self._tmp.name))}.body"
        fetch_to_file(url, path, **{k: v for k, v in self.fetch_kw.items() if k in ("timeout", "retries", "backoff", "sleep")})
        self._keep(feed, url, None, path, ext=Path(url).suffix or ".body")
        return Resp(url, None, self.date, "live", path=path)

    def first(self, candidates: list[str]) -> str:
        return candidates[0]

    def sdk(self, feed: str, key: str, call) -> Resp:
        """Run an SDK call (live only). `call()` returns the response as a dict; it is kept as JSON."""
        try:
            data = call()
        except FeedError:
            raise
        except Exception as e:  # the SDKs raise their own exception classes
            raise FeedError(f"{key}: {type(e).__name__}: {str(e)[:200]}")
        body = json.dumps(data, ensure_ascii=False, sort_keys=True, default=str).encode()
        self._keep(feed, key, body)
        return Resp(key, body, self.date, "live")


class Replay:
    """A recorded folder. A request the manifest does not list is an error (the feed fails), never a
    network call."""
    live = False

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        mf = self.folder / "manifest.json"
        if not mf.exists():
            raise FeedError(f"{mf}: no manifest.json (see src/data/README.md, 'Recorded folder')")
        try:
            man = json.loads(mf.read_text(encoding="utf-8"))
            entries = man["responses"]
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise FeedError(f"{mf}: not a recording manifest ({e})")
        self.date = man.get("recorded")
        self.by_request: dict[tuple[str, str], dict] = {}
        self.used: list[dict] = []
        for e in entries:
            for k in ("feed", "request", "file", "kind", "recorded"):
                if k not in e:
                    raise FeedError(f"{mf}: a response lacks '{k}'")
            if e["kind"] not in ("real", "written"):
                raise FeedError(f"{mf}: kind must be real or written, not {e['kind']!r}")
            try:
                datetime.date.fromisoformat(e["recorded"])
            except (TypeError, ValueError):
                raise FeedError(f"{mf}: recorded date {e['recorded']!r} is not YYYY-MM-DD")
            self.by_request[(e["feed"], e["request"])] = e
        self.feeds = {e["feed"] for e in entries}

    def has_feed(self, feed: str) -> bool:
        return feed in self.feeds

    def _entry(self, feed: str, request: str) -> dict:
        e = self.by_request.get((feed, request))
        if e is None:
            raise FeedError(f"{request}: not in the recording ({self.folder}/manifest.json)")
        self.used.append(e)
        status = int(e.get("status", 200))
        if status != 200:
            raise FeedError(f"{request}: HTTP {status} (recorded)")
        return e

    def _resp(self, e) -> Resp:
        path = self.folder / e["file"]
        if not path.is_file():
            raise FeedError(f"{path}: recorded file missing")
        return Resp(e["request"], None, e["recorded"], e["kind"], path=path, recorded_from=e.get("source", ""))

    def get(self, feed: str, url: str, *, json_body=True) -> Resp:
        r = self._resp(self._entry(feed, url))
        if json_body:
            r.json()  # a truncated recording fails like a truncated live body
        return r

    def get_large(self, feed: str, url: str) -> Resp:
        return self._resp(self._entry(feed, url))

    def first(self, candidates: list[str]) -> str:
        """The first candidate URL the recording has (e.g. an offer file's CSV or JSON form)."""
        for c in candidates:
            if any(req == c for (_, req) in self.by_request):
                return c
        return candidates[0]

    def sdk(self, feed: str, key: str, call) -> Resp:
        return self.get(feed, key)
