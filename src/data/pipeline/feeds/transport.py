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

A manifest may also list `"include": ["aws/manifest.json", ...]`: manifests of the same layout whose
files are relative to their own folder (inside DIR), so each feed's recordings are kept apart.

`status` other than 200 replays that HTTP error (as the live path reports it after its retries).

Credentialed feeds (the SDKs) are recorded and replayed *at the wire*, under the SDK: each HTTP exchange
of one SDK call is an entry whose `request` is the call's stable key (the n-th exchange of the same
call: `KEY #n`), whose file is the raw HTTP body as the provider sent it, with its `status` and
`content_type`. On replay the SDK runs exactly as live (its signing, request building, response models
and error classes) and only its HTTP send is answered from the recording (feeds/wire.py), so a
recording passes through the same code as a live response. A non-200 status is handed to the SDK,
which raises its own error (e.g. AWS `OptInRequired`), as it would live.
"""

from __future__ import annotations

import datetime
import email.message
import io
import errno
import json
import os
import shutil
import tempfile
import urllib.request
import urllib.response
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
            # NaN / Infinity (which Python's json reads as floats) stay strings: the bad-price gate names them
            return json.loads(strip_callback(self.read()), parse_constant=str)
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

    def _keep(self, feed, request, data: bytes | None, path: Path | None = None, ext=".json", status: int = 200,
              content_type: str | None = None) -> None:
        if not self.record:
            return
        n = len(self._entries) + 1
        rel = f"{feed}/{n:04d}{ext}"
        dst = self.record / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if data is not None:
            dst.write_bytes(data)
        else:
            shutil.copyfile(path, dst)  # streamed: an offer file is hundreds of MB
        e = {"feed": feed, "request": request, "file": rel, "status": status, "kind": "real",
             "recorded": self.date, "source": "live response recorded by make refresh RECORD=",
             "what": f"{feed} response"}
        if content_type:
            e["content_type"] = content_type
        self._entries.append(e)
        man = {"recorded": self.date, "responses": self._entries}
        (self.record / "manifest.json").write_text(json.dumps(man, indent=1) + "\n", encoding="utf-8")

    def get(self, feed: str, url: str, *, json_body=True) -> Resp:
        body = fetch(url, check=check_json if json_body else None, **self.fetch_kw)
        self._keep(feed, url, body)
        return Resp(url, body, self.date, "live")

    def get_large(self, feed: str, url: str) -> Resp:
        """Stream a large body (an AWS offer file, hundreds of MB) to a file of a temporary folder. At
        most one such file is on disk at a time: the caller deletes resp.path once it has parsed it, and
        a file an earlier call left is removed before the next one is fetched. Recording copies it by
        streaming. A full disk is a FeedError saying "disk full (...)" (feeds.http.fetch_to_file)."""
        if self._tmp is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="gpucost-feed-")
        tmp = Path(self._tmp.name)
        for old in tmp.iterdir():
            old.unlink(missing_ok=True)
        path = tmp / ("offer" + (Path(url).suffix or ".body"))
        fetch_to_file(url, path, **{k: v for k, v in self.fetch_kw.items() if k in ("timeout", "retries", "backoff", "sleep")})
        try:
            self._keep(feed, url, None, path, ext=Path(url).suffix or ".body")
        except OSError as e:
            path.unlink(missing_ok=True)
            raise FeedError(f"{url}: recording to {self.record} failed: "
                            f"{'disk full' if e.errno in (errno.ENOSPC, errno.EDQUOT) else type(e).__name__} ({e})")
        return Resp(url, None, self.date, "live", path=path)

    def first(self, candidates: list[str]) -> str:
        return candidates[0]

    def wire(self, feed: str, key: str) -> "Wire":
        """The HTTP exchanges of one SDK call (feeds/wire.py sends them through the SDK's own HTTP
        layer and keeps each one when recording)."""
        return Wire(self, feed, key)


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
        entries = [dict(e) for e in entries if isinstance(e, dict)]
        for inc in man.get("include", []):
            # a feed's own manifest (same layout; its files relative to its folder), so each feed's
            # recordings can be kept and replaced apart
            sub = (self.folder / inc).resolve()
            if self.folder.resolve() not in sub.parents or not sub.is_file():
                raise FeedError(f"{mf}: include {inc!r} is not a manifest inside {self.folder}")
            try:
                sm = json.loads(sub.read_text(encoding="utf-8"))
                for e in sm["responses"]:
                    e = dict(e)
                    if "file" in e:
                        e["file"] = str((sub.parent / e["file"]).resolve().relative_to(self.folder.resolve()))
                    entries.append(e)
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
                raise FeedError(f"{sub}: not a recording manifest ({e})")
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

    def _recorded(self, feed: str, request: str) -> tuple[dict, Path] | None:
        """The recorded entry of a request and its file (any status), or None when not recorded."""
        e = self.by_request.get((feed, request))
        if e is None:
            return None
        self.used.append(e)
        path = self.folder / e["file"]
        if not path.is_file():
            raise FeedError(f"{path}: recorded file missing")
        return e, path

    def _must(self, feed: str, request: str) -> tuple[dict, Path]:
        got = self._recorded(feed, request)
        if got is None:
            raise FeedError(f"{request}: not in the recording ({self.folder}/manifest.json)")
        return got

    def get(self, feed: str, url: str, *, json_body=True) -> Resp:
        """The recorded response, received through the same fetch() as live (urllib answered from the
        recording: its status, Content-Length, gzip, the JSON check and the retries of an error status,
        without their sleeps)."""
        e, path = self._must(feed, url)
        body = fetch(url, check=check_json if json_body else None, sleep=lambda _s: None,
                     opener=_recorded_opener(int(e.get("status", 200)), path.read_bytes(), e.get("content_type")))
        return Resp(url, body, e["recorded"], e["kind"], recorded_from=e.get("source", ""))

    def get_large(self, feed: str, url: str) -> Resp:
        """The recorded file itself (an offer file: the parse reads it where it lies; the streaming to
        disk is tested apart, feeds/http.fetch_to_file)."""
        e, path = self._must(feed, url)
        if int(e.get("status", 200)) != 200:
            raise FeedError(f"{url}: HTTP {e['status']} (recorded)")
        return Resp(url, None, e["recorded"], e["kind"], path=path, recorded_from=e.get("source", ""))

    def first(self, candidates: list[str]) -> str:
        """The first candidate URL the recording has (e.g. an offer file's CSV or JSON form)."""
        for c in candidates:
            if any(req == c for (_, req) in self.by_request):
                return c
        return candidates[0]

    def wire(self, feed: str, key: str) -> "Wire":
        if (feed, key) not in self.by_request:
            raise FeedError(f"{key}: not in the recording ({self.folder}/manifest.json)")
        return Wire(self, feed, key)

    def exchange(self, feed: str, request: str) -> tuple[dict, bytes] | None:
        """A recorded HTTP exchange (entry, raw body) of a wire call, or None; any status."""
        got = self._recorded(feed, request)
        return None if got is None else (got[0], got[1].read_bytes())


class _Recorded(urllib.request.BaseHandler):
    """urllib's network for one recorded response: any URL gets it (an error status raises HTTPError
    through urllib's own error processing, as live)."""

    def __init__(self, status: int, body: bytes, content_type: str | None):
        self.status, self.body, self.content_type = status, body, content_type

    def _answer(self, req):
        headers = email.message.Message()
        headers["Content-Length"] = str(len(self.body))
        if self.content_type:
            headers["Content-Type"] = self.content_type
        r = urllib.response.addinfourl(io.BytesIO(self.body), headers, req.full_url, self.status)
        r.msg = "recorded"
        return r

    http_open = https_open = _answer
    unknown_open = _answer


def _recorded_opener(status: int, body: bytes, content_type: str | None) -> urllib.request.OpenerDirector:
    """An opener with no network handler at all: the recorded answer, and urllib's own processing of an
    error status (HTTPError), nothing else — a replay can never reach the network."""
    o = urllib.request.OpenerDirector()
    for h in (_Recorded(status, body, content_type), urllib.request.HTTPErrorProcessor(),
              urllib.request.HTTPDefaultErrorHandler()):
        o.add_handler(h)
    return o


def wire_request(key: str, n: int) -> str:
    """The manifest request of the n-th HTTP exchange (from 1) of the SDK call `key`."""
    return key if n == 1 else f"{key} #{n}"


@dataclass
class WireResp:
    status: int
    headers: dict
    body: bytes


class Wire:
    """The HTTP exchanges of one SDK call. Replay: answer() gives the n-th recorded exchange (a recorded
    error repeats for the SDK's own retries; past the last exchange otherwise the call fails). Live:
    keep() records each exchange when `make refresh RECORD=DIR` asked for it. After the call, as_of /
    origin / recorded_from say where its figures come from (for Resp-like use)."""

    def __init__(self, tr, feed: str, key: str):
        self.tr, self.feed, self.key = tr, feed, key
        self.live = tr.live
        self.n = 0
        self.as_of = tr.date if tr.live else None
        self.origin = "live" if tr.live else None
        self.recorded_from = ""
        self._last = None

    def answer(self) -> WireResp:
        self.n += 1
        got = self.tr.exchange(self.feed, wire_request(self.key, self.n))
        if got is None:
            if self._last is not None and self._last.status != 200:
                return self._last
            raise FeedError(f"{self.key}: exchange {self.n} not in the recording ({self.tr.folder}/manifest.json)")
        e, body = got
        if self.origin is None or e["kind"] == "written":
            self.origin = e["kind"]
        self.as_of = min(self.as_of, e["recorded"]) if self.as_of else e["recorded"]
        self.recorded_from = self.recorded_from or e.get("source", "")
        headers = {"Content-Type": e.get("content_type") or ("application/json" if body.lstrip()[:1] in (b"{", b"[") else "text/xml")}
        self._last = WireResp(int(e.get("status", 200)), headers, body)
        return self._last

    def keep(self, status: int, headers: dict, body: bytes) -> None:
        self.n += 1
        ctype = next((v for k, v in (headers or {}).items() if k.lower() == "content-type"), None)
        ext = ".json" if ctype and "json" in ctype else ".xml" if ctype and "xml" in ctype else ".body"
        self.tr._keep(self.feed, wire_request(self.key, self.n), body, ext=ext, status=int(status), content_type=ctype)
