"""Replay of the recorded set: dates, unrecorded requests."""

import unittest

from feedtestkit import FIX, ctx, replay
from feeds.http import FeedError

REAL = FIX / "real"
TABLE = ctx()["mappings"]["aws_family_gpu"]


def by(rows):
    return {(r["region"], r["instance_type"], r["price"]["model"], r["price"].get("term_months"), r["price"].get("payment")): r["price"] for r in rows}


class ReplayTest(unittest.TestCase):
    def test_rows_carry_the_manifest_date_never_today(self):
        from feeds.transport import today
        from feeds.registry import FEEDS
        import refresh
        from feedtestkit import entries
        dates = {e["recorded"] for e in entries()}
        c = ctx()
        for name in FEEDS:
            out = refresh.run_feed(name, replay(), c)
            self.assertEqual(out.status, "ok", (name, out.why))
            self.assertTrue(out.rows, name)
            for r in out.rows:
                # the manifest's recorded date, or a date the response itself states (a file's publication
                # date) on or before it; never the day of the replay
                self.assertTrue(r["price"]["as_of"] in dates or r["price"]["as_of"] <= max(dates), r["price"])
                self.assertNotEqual(r["price"]["as_of"], today())
            for s in out.sources.values():
                if s["id"].startswith("fixture-"):
                    self.assertIn("WRITTEN TEST FIXTURE", s["title"])

    def test_a_request_not_recorded_fails_and_a_recorded_error_status_replays(self):
        tr = replay()
        with self.assertRaises(FeedError) as cm:
            tr.get("azure-retail", "https://prices.azure.com/other")
        self.assertIn("not in the recording", str(cm.exception))


if __name__ == "__main__":
    unittest.main()


class NoNetworkTest(unittest.TestCase):
    def test_a_replay_of_every_feed_never_opens_a_socket_or_resolves_a_name(self):
        """The replay answers through the same fetch code and SDKs as live, with no network handler at
        all: any socket or name lookup fails this test."""
        import socket
        from unittest import mock
        from feeds.registry import FEEDS
        import refresh
        calls = []

        def refuse(*a, **k):
            calls.append(a[:2])
            raise AssertionError(f"network use in a replay: {a[:2]}")
        c = ctx()  # one context, as a refresh: aws-capacity-blocks asks what aws-ec2 listed before it
        with mock.patch.object(socket, "getaddrinfo", refuse), mock.patch.object(socket, "create_connection", refuse), \
                mock.patch.object(socket.socket, "connect", refuse):
            for name in FEEDS:
                out = refresh.run_feed(name, replay(), c)
                self.assertEqual(out.status, "ok", (name, out.why))
        self.assertEqual(calls, [])
