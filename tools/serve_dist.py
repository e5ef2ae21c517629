#!/usr/bin/env python3
"""Serve a built dist/ directory on 127.0.0.1 (static files, correct wasm MIME)."""
import argparse
import functools
import http.server


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def log_message(self, fmt, *args):
        if not self.server.quiet:
            super().log_message(fmt, *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default="dist")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    handler = functools.partial(Handler, directory=a.dir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", a.port), handler)
    server.quiet = a.quiet
    print(f"serving {a.dir} on http://127.0.0.1:{a.port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
