"""The credentialed feeds' SDKs, answered at the wire (transport.Wire): only the SDK's own HTTP send is
replaced on a replay, so its request building, signing, retries, response models and error classes run
as they do live; live, each exchange is also kept when recording.

- Tencent Cloud (tencentcloud-sdk-python) and Alibaba Cloud (alibabacloud-tea-openapi over
  darabonba-core) send through `requests`: `requests_wire(w)` mounts a transport adapter (requests' own
  extension point) on every Session for the duration of one SDK call.
- AWS (boto3/botocore) sends through its urllib3 session: `botocore_wire(client, w)` answers botocore's
  `before-send` event (the documented hook for that) and keeps the raw body from `before-parse`.

Imported by the live and replay paths of the credentialed feeds only (requirements-live.txt).
"""

from __future__ import annotations

import contextlib
import io
import threading

from feeds.http import FeedError

_LOCK = threading.Lock()


@contextlib.contextmanager
def requests_wire(w):
    """Every requests.Session sends through the wire `w` while the block runs."""
    import requests
    from requests.adapters import BaseAdapter, HTTPAdapter
    from requests.structures import CaseInsensitiveDict
    from urllib3.response import HTTPResponse

    class WireAdapter(BaseAdapter):
        def __init__(self):
            super().__init__()
            self.real = HTTPAdapter()

        def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
            if w.live:
                resp = self.real.send(request, stream=False, timeout=timeout, verify=verify, cert=cert, proxies=proxies)
                w.keep(resp.status_code, dict(resp.headers), resp.content)
                return resp
            a = w.answer()
            raw = HTTPResponse(body=io.BytesIO(a.body), headers=a.headers, status=a.status, preload_content=False,
                               decode_content=False, reason="recorded")
            resp = requests.Response()
            resp.status_code = a.status
            resp.headers = CaseInsensitiveDict(a.headers)
            resp.raw = raw
            resp.reason = "recorded"
            resp.url = request.url
            resp.request = request
            resp.encoding = "utf-8"
            resp.connection = self
            return resp

        def close(self):
            self.real.close()

    adapter = WireAdapter()
    orig = requests.Session.get_adapter
    with _LOCK:
        requests.Session.get_adapter = lambda self, url: adapter
        try:
            yield
        finally:
            requests.Session.get_adapter = orig
            adapter.close()


def botocore_wire(client, w):
    """Answer (replay) or keep (live, recording) each HTTP exchange of `client` through the wire `w`."""
    from botocore.awsrequest import AWSResponse

    class Raw:
        def __init__(self, body):
            self._body = body

        def stream(self, **_):
            yield self._body

        def read(self, *_):
            b, self._body = self._body, b""
            return b

    def before_send(request, **_):
        if w.live:
            return None
        a = w.answer()
        return AWSResponse(request.url, a.status, a.headers, Raw(a.body))

    def before_parse(response_dict, **_):
        if w.live:
            body = response_dict.get("body")
            if isinstance(body, (bytes, bytearray)):
                w.keep(response_dict.get("status_code", 200), dict(response_dict.get("headers") or {}), bytes(body))

    client.meta.events.register("before-send", before_send)
    client.meta.events.register("before-parse", before_parse)
    return client


def sdk_missing(e: ImportError) -> FeedError:
    return FeedError(f"the feed SDKs are not installed ({e}): pip install -r src/data/pipeline/requirements-live.txt "
                     "(make test installs them into .venv)")
