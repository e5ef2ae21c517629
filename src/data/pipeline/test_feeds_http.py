"""The live fetch code against a local HTTP server on 127.0.0.1 started by the test (loopback only,
bounded: it shuts itself down after 30 s at most, and in tearDown)."""

import http.server
import json
import threading
import time
import unittest

from feeds.http import FeedError, fetch, fetch_json, fetch_to_file


class Script(http.server.BaseHTTPRequestHandler):
    """Answers each path from a list of scripted responses, in order (the last one repeats)."""
    plan: dict = {}
    hits: dict = {}

    def do_GET(self):
        steps = self.plan[self.path]
        n = self.hits.get(self.path, 0)
        self.hits[self.path] = n + 1
        kind, status, body, extra = steps[min(n, len(steps) - 1)]
        if kind == "sleep":
            time.sleep(extra)
        self.send_response(status)
        if kind == "retry-after":
            self.send_header("Retry-After", str(extra))
        length = extra if kind == "short" else len(body)
        self.send_header("Content-Length", str(length))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *a):
        pass


class LiveFetchTest(unittest.TestCase):
    def setUp(self):
        Script.plan, Script.hits = {}, {}
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Script)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.guard = threading.Timer(30, self.server.shutdown)
        self.guard.daemon = True
        self.guard.start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.sleeps = []

    def tearDown(self):
        self.guard.cancel()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    def get(self, path, **kw):
        kw.setdefault("sleep", self.sleeps.append)
        kw.setdefault("timeout", 2)
        return fetch(self.base + path, **kw)

    def test_429_then_500_then_ok_is_retried_with_exponential_backoff(self):
        Script.plan["/p"] = [("plain", 429, b"slow down", 0), ("plain", 500, b"oops", 0), ("plain", 200, b'{"ok": 1}', 0)]
        self.assertEqual(json.loads(self.get("/p", backoff=0.5)), {"ok": 1})
        self.assertEqual(self.sleeps, [0.5, 1.0])
        self.assertEqual(Script.hits["/p"], 3)

    def test_retry_after_header_is_honoured(self):
        Script.plan["/r"] = [("retry-after", 429, b"", 3), ("plain", 200, b"x", 0)]
        self.assertEqual(self.get("/r"), b"x")
        self.assertEqual(self.sleeps, [3.0])

    def test_persistent_500_fails_with_one_line_after_the_retries(self):
        Script.plan["/down"] = [("plain", 500, b"<html>\nerror\n</html>", 0)]
        with self.assertRaises(FeedError) as cm:
            self.get("/down", retries=2, backoff=0.01)
        msg = str(cm.exception)
        self.assertNotIn("\n", msg)
        self.assertIn("HTTP 500", msg)
        self.assertIn("after 3 tries", msg)
        self.assertEqual(Script.hits["/down"], 3)
        self.assertEqual(self.sleeps, [0.01, 0.02])

    def test_404_is_not_retried(self):
        Script.plan["/gone"] = [("plain", 404, b"no", 0)]
        with self.assertRaises(FeedError) as cm:
            self.get("/gone")
        self.assertIn("HTTP 404", str(cm.exception))
        self.assertEqual(Script.hits["/gone"], 1)
        self.assertEqual(self.sleeps, [])

    def test_timeout_is_retried_then_reported(self):
        Script.plan["/slow"] = [("sleep", 200, b"late", 0.6)]
        with self.assertRaises(FeedError) as cm:
            self.get("/slow", timeout=0.2, retries=1, backoff=0.01)
        self.assertIn("timed out", str(cm.exception))
        self.assertEqual(len(self.sleeps), 1)

    def test_truncated_body_is_retried_and_never_returned(self):
        Script.plan["/cut"] = [("short", 200, b'{"Items": [1, 2', 400), ("plain", 200, b'{"Items": [1, 2]}', 0)]
        self.assertEqual(fetch_json(self.base + "/cut", sleep=self.sleeps.append, timeout=2), {"Items": [1, 2]})
        Script.plan["/cut2"] = [("short", 200, b'{"Items": [1, 2', 400)]
        with self.assertRaises(FeedError) as cm:
            self.get("/cut2", retries=1, backoff=0.01)
        self.assertIn("truncated", str(cm.exception))

    def test_truncated_json_with_a_matching_length_is_retried_as_unreadable(self):
        Script.plan["/bad"] = [("plain", 200, b'{"Items": [1, 2', 0)]
        with self.assertRaises(FeedError) as cm:
            fetch_json(self.base + "/bad", sleep=self.sleeps.append, timeout=2, retries=1, backoff=0.01)
        self.assertIn("unreadable body", str(cm.exception))
        self.assertEqual(Script.hits["/bad"], 2)

    def test_jsonp_spot_file_is_read(self):
        Script.plan["/spot.json"] = [("plain", 200, b'callback({"vers": 0.01});', 0)]
        self.assertEqual(fetch_json(self.base + "/spot.json", sleep=self.sleeps.append), {"vers": 0.01})

    def test_large_file_streams_to_disk_and_checks_its_length(self):
        import tempfile
        from pathlib import Path
        body = b"a,b\n" * 50000
        Script.plan["/big.csv"] = [("short", 200, body[:1000], len(body)), ("plain", 200, body, 0)]
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "x.csv"
            fetch_to_file(self.base + "/big.csv", p, sleep=self.sleeps.append, timeout=2)
            self.assertEqual(p.read_bytes(), body)
        self.assertEqual(len(self.sleeps), 1)

    def test_connection_refused_is_one_line(self):
        self.server.shutdown()
        self.server.server_close()
        with self.assertRaises(FeedError) as cm:
            self.get("/x", retries=1, backoff=0.01)
        self.assertIn("connection failed", str(cm.exception))
        self.assertNotIn("\n", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
