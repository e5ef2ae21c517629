#!/usr/bin/env python3
"""Serve a built dist/ directory on 127.0.0.1 the way a production static host
does: the precompressed copy (NAME.br or NAME.gz, written by
tools/postbuild.mjs) chosen by Accept-Encoding, and the security headers of
tools/headers.json on every response. Files only: no rewrite rules (a path
that is not a file is a 404)."""
import argparse
import base64
import email.utils
import hashlib
import functools
import http.server
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "headers.json"), encoding="utf-8") as f:
    HEADERS = json.load(f)


# the page's inline stylesheet and script (tools/inline.mjs), which the CSP
# allows by their hashes
INLINED = re.compile(rb'<(script|style) data-inline="[\w.-]+">(.*?)</\1>', re.S)


def csp_for(page):
    """The CSP with the inline blocks of `page` (bytes) allowed by hash, as
    tools/postbuild.mjs writes it for static hosts."""
    csp = HEADERS["all"]["Content-Security-Policy"]
    hashes = {"script": [], "style": []}
    for tag, body in INLINED.findall(page):
        digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
        hashes[tag.decode()].append(f"'sha256-{digest}'")
    for kind in ("script", "style"):
        csp = csp.replace(f"{kind}-src 'self'", " ".join([f"{kind}-src 'self'", *hashes[kind]]), 1)
    return csp


def accepted(header):
    """Encodings the client accepts (an explicit q=0 refuses one)."""
    out = set()
    for part in (header or "").split(","):
        name, *params = [x.strip() for x in part.split(";")]
        q = 1.0
        for p in params:
            if p.startswith("q="):
                try:
                    q = float(p[2:])
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name.lower())
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **HEADERS["types"]}

    def log_message(self, fmt, *args):
        if not self.server.quiet:
            super().log_message(fmt, *args)

    # set by send_head when the response is the page itself
    document = False
    # the page's CSP (its inline blocks' hashes), set with `document`
    csp = None

    def end_headers(self):
        for k, v in HEADERS["all"].items():
            if k == "Content-Security-Policy" and self.csp:
                v = self.csp
            self.send_header(k, v)
        if self.document:
            for k, v in HEADERS["document"].items():
                self.send_header(k, v)
        super().end_headers()

    def unchanged(self, etag, mtime):
        inm = self.headers.get("If-None-Match")
        if inm is not None:
            return inm.strip() == "*" or etag in [t.strip() for t in inm.split(",")]
        ims = self.headers.get("If-Modified-Since")
        if ims:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(ims).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False

    def send_head(self):
        # (a kept-alive connection's handler serves the next request too)
        self.document = False
        self.csp = None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not os.path.isfile(os.path.join(path, "index.html")):
                self.send_error(404, "File not found")  # no directory listings
                return None
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # redirect to the slash form
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # 404
        self.document = path.endswith(".html")
        if self.document:
            with open(path, "rb") as page:
                self.csp = csp_for(page.read())
        enc = accepted(self.headers.get("Accept-Encoding"))
        for name, suffix in (("br", ".br"), ("gzip", ".gz")):
            if name in enc and os.path.isfile(path + suffix):
                st = os.stat(path + suffix)
                # revalidation (every file is no-cache): an unchanged file is a 304
                etag = f'"{int(st.st_mtime)}-{st.st_size}-{name}"'
                if self.unchanged(etag, st.st_mtime):
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
                f = open(path + suffix, "rb")
                size = os.fstat(f.fileno()).st_size
                self.send_response(200)
                self.send_header("ETag", etag)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", name)
                self.send_header("Content-Length", str(size))
                self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return f
        return super().send_head()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default="dist")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    handler = functools.partial(Handler, directory=a.dir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", a.port), handler)
    server.quiet = a.quiet
    # --port 0: a free port, chosen by the system (the specs' served copies)
    port = server.server_address[1]
    print(f"serving {a.dir} on http://127.0.0.1:{port}/ (precompressed, with security headers)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
