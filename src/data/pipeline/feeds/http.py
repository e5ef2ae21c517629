"""Live HTTP for the feeds: urllib with timeouts, bounded retries with exponential backoff, and one-line
errors. A response counts as received only when it is whole (Content-Length matched, gzip intact, and —
for JSON — parseable); anything else is retried, then reported as a FeedError."""

from __future__ import annotations

import errno
import gzip
import http.client
import json
import socket
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

USER_AGENT = "gpucost-refresh/1 (+price refresh of an open-source calculator; urllib)"
RETRY_STATUS = {408, 425, 429, 500, 502, 503, 504}
MAX_SLEEP = 60.0


class FeedError(Exception):
    """A feed that cannot be fetched or read; str() is one line."""

    def __init__(self, msg: str):
        super().__init__(" ".join(str(msg).split()))


class _Retry(Exception):
    def __init__(self, why: str, wait: float | None = None):
        super().__init__(why)
        self.wait = wait


def _chunks(resp, size: int):
    """The body's chunks as they arrive; a connection closed early is a truncated body (retried)."""
    n = 0
    while True:
        try:
            chunk = resp.read(size)
        except http.client.IncompleteRead as e:
            raise _Retry(f"truncated body ({n + len(e.partial)} bytes, connection closed early)")
        if not chunk:
            return
        n += len(chunk)
        yield chunk


def _read_whole(resp, limit: int | None) -> bytes:
    expected = resp.headers.get("Content-Length")
    chunks, n = [], 0
    for chunk in _chunks(resp, 1 << 16):
        chunks.append(chunk)
        n += len(chunk)
        if limit is not None and n > limit:
            raise FeedError(f"response larger than {limit} bytes")
    body = b"".join(chunks)
    if expected is not None and expected.isdigit() and int(expected) != len(body):
        raise _Retry(f"truncated body ({len(body)} of {expected} bytes)")
    if (resp.headers.get("Content-Encoding") or "").lower() == "gzip":
        try:
            body = gzip.decompress(body)
        except (OSError, EOFError, zlib.error):
            raise _Retry("truncated or corrupt gzip body")
    return body


def fetch(url: str, *, timeout: float = 60.0, retries: int = 4, backoff: float = 2.0,
          limit: int | None = None, check=None, sleep=time.sleep, headers: dict | None = None,
          opener: urllib.request.OpenerDirector | None = None) -> bytes:
    """GET url and return its whole body. Retries (at most `retries` more tries, sleeping backoff × 2^n
    seconds, or the server's Retry-After, capped at 60 s) on a timeout, a connection error, HTTP 408/425/
    429/5xx, a truncated body, or a body that `check(body)` rejects by raising ValueError. Other HTTP
    errors fail at once. Raises FeedError with one line naming the URL and the last problem. `opener`
    replaces the network (a replay answers from a recording through urllib, so it runs this code too)."""
    last = "no attempt"
    tries = retries + 1
    for attempt in range(tries):
        wait = None
        try:
            req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip",
                                                       **(headers or {})})
            with (opener.open if opener else urllib.request.urlopen)(req, timeout=timeout) as resp:
                body = _read_whole(resp, limit)
            if check is not None:
                try:
                    check(body)
                except ValueError as e:
                    raise _Retry(f"unreadable body ({str(e)[:120]})")
            return body
        except urllib.error.HTTPError as e:
            e.close()
            if e.code not in RETRY_STATUS:
                raise FeedError(f"{url}: HTTP {e.code} {e.reason}")
            last = f"HTTP {e.code} {e.reason}"
            ra = e.headers.get("Retry-After") if e.headers else None
            if ra and ra.strip().isdigit():
                wait = float(ra.strip())
        except _Retry as e:
            last = str(e)
            wait = e.wait
        except (socket.timeout, TimeoutError):
            last = f"timed out after {timeout:g} s"
        except urllib.error.URLError as e:
            reason = e.reason
            last = f"timed out after {timeout:g} s" if isinstance(reason, (socket.timeout, TimeoutError)) else f"connection failed ({reason})"
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            last = f"connection failed ({type(e).__name__}: {e})"
        if attempt < tries - 1:
            sleep(min(MAX_SLEEP, wait if wait is not None else backoff * (2 ** attempt)))
    raise FeedError(f"{url}: {last} (after {tries} tries)")


def check_json(body: bytes) -> None:
    try:
        json.loads(strip_callback(body))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"not JSON: {e}")


def strip_callback(body: bytes) -> bytes:
    """The EC2 spot price file may be served JSONP-style: callback({...});"""
    s = body.strip()
    if s.startswith(b"callback(") and s.endswith(b")") or s.startswith(b"callback(") and s.endswith(b");"):
        s = s[len(b"callback("):]
        s = s[:-2] if s.endswith(b");") else s[:-1]
    return s


def fetch_json(url: str, **kw):
    return json.loads(strip_callback(fetch(url, check=check_json, **kw)))


def _write_error(url: str, path, e: OSError) -> FeedError:
    """A local write that failed is not a network problem and is not retried: a full disk is named."""
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return FeedError(f"{url}: disk full ({path}: {e.strerror or e}); not retried")
    return FeedError(f"{url}: cannot write {path} ({type(e).__name__}: {e}); not retried")


def fetch_to_file(url: str, path, *, timeout: float = 120.0, retries: int = 4, backoff: float = 2.0,
                  sleep=time.sleep) -> None:
    """Stream a large response (an AWS offer file is hundreds of MB) to `path`, with the same retries and
    checks as fetch() (no gzip asked, so the byte count can be checked against Content-Length). A write
    that fails (a full disk: "disk full (...)") raises at once, never retried, and leaves no partial file."""
    last = "no attempt"
    tries = retries + 1
    for attempt in range(tries):
        wait = None
        try:
            req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                expected = resp.headers.get("Content-Length")
                n = _stream(url, resp, path)
            if expected is not None and expected.isdigit() and int(expected) != n:
                raise _Retry(f"truncated body ({n} of {expected} bytes)")
            return
        except FeedError:
            Path(path).unlink(missing_ok=True)
            raise
        except urllib.error.HTTPError as e:
            e.close()
            if e.code not in RETRY_STATUS:
                Path(path).unlink(missing_ok=True)
                raise FeedError(f"{url}: HTTP {e.code} {e.reason}")
            last = f"HTTP {e.code} {e.reason}"
            ra = e.headers.get("Retry-After") if e.headers else None
            if ra and ra.strip().isdigit():
                wait = float(ra.strip())
        except _Retry as e:
            last = str(e)
        except (socket.timeout, TimeoutError):
            last = f"timed out after {timeout:g} s"
        except urllib.error.URLError as e:
            last = f"connection failed ({e.reason})"
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            last = f"connection failed ({type(e).__name__}: {e})"
        if attempt < tries - 1:
            sleep(min(MAX_SLEEP, wait if wait is not None else backoff * (2 ** attempt)))
    Path(path).unlink(missing_ok=True)
    raise FeedError(f"{url}: {last} (after {tries} tries)")


def _stream(url: str, resp, path) -> int:
    """Copy a response body to `path`; the bytes written. Errors of the local file (open, write, the
    final flush on close) are FeedErrors (see _write_error); errors of the connection are left to the
    caller's retries."""
    try:
        out = open(path, "wb")
    except OSError as e:
        raise _write_error(url, path, e)
    n, failed = 0, None
    try:
        for chunk in _chunks(resp, 1 << 20):
            try:
                out.write(chunk)
            except OSError as e:
                failed = e
                raise _write_error(url, path, e)
            n += len(chunk)
    finally:
        try:
            out.close()
        except OSError as e:
            if failed is None:  # the buffered tail is written on close: a full disk may show here first
                raise _write_error(url, path, e)
    return n
