"""Contract of aws-capacity-blocks with the EC2 query API, through the pinned boto3/botocore: only the HTTP
is answered, with responses in the shape the EC2 API Reference documents; the feed's failures; a
capacity_block price reaching an offer's prices through the refresh.

Documents used:
- DescribeCapacityBlockOfferings (API Reference): request parameters CapacityDurationHours, InstanceType,
  InstanceCount, NextToken, MaxResults; response elements capacityBlockOfferingSet (array of
  CapacityBlockOffering), nextToken ("null when there are no more results to return"), requestId. The
  page has no "Examples" section, so the XML below is written from these elements, with the element
  names botocore's service model serialises (ec2 2016-11-15: list members <item>) and the envelope of
  the EC2 query API's documented responses (<DescribeCapacityBlockOfferingsResponse xmlns=...>):
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_DescribeCapacityBlockOfferings.html
- CapacityBlockOffering (API Reference): availabilityZone, capacityBlockDurationHours ("in addition to
  capacityBlockDurationMinutes"), capacityBlockDurationMinutes, capacityBlockOfferingId, currencyCode,
  endDate, instanceCount, instanceType, startDate, tenancy (default | dedicated), upfrontFee ("The total
  price to be paid up front", a String):
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CapacityBlockOffering.html
- Error response structure and OptInRequired, as in test_contract_aws.py:
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/errors-overview.html
- botocore's Stubber (expected_params; request validated against the service model).
"""

import json
import tempfile
import unittest
import warnings
from pathlib import Path
from unittest import mock
from urllib.parse import parse_qs

import refresh
from feeds import aws_capacity_blocks as cb
from feeds.base import FeedOutput
from feeds.transport import Live, Replay
from feedtestkit import Copy, ctx
from test_contract_aws import OPT_IN, sent_requests

NS = 'xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"'
UNDECLARED = "reservationPriceTrend"  # an element the pinned botocore model does not declare
SPEC = {"vcpu": "192", "ram_gib": "2048", "gpu_count": 8}


def offering(oid, it, az, start, end, fee, hours=24, count=1, tenancy="default", extra=""):
    return (f"<item><capacityBlockOfferingId>{oid}</capacityBlockOfferingId><instanceType>{it}</instanceType>"
            f"<availabilityZone>{az}</availabilityZone><instanceCount>{count}</instanceCount>"
            f"<startDate>{start}</startDate><endDate>{end}</endDate>"
            f"<capacityBlockDurationHours>{hours}</capacityBlockDurationHours><upfrontFee>{fee}</upfrontFee>"
            f"<currencyCode>USD</currencyCode><tenancy>{tenancy}</tenancy>{extra}</item>")


def page(items, token="", rid="c7a5a9f2-EXAMPLE"):
    tok = f"<nextToken>{token}</nextToken>" if token else "<nextToken/>"
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<DescribeCapacityBlockOfferingsResponse {NS}>'
            f"<requestId>{rid}</requestId><capacityBlockOfferingSet>{''.join(items)}</capacityBlockOfferingSet>{tok}"
            "</DescribeCapacityBlockOfferingsResponse>")


P5_1 = page([offering("cb-0123456789abcdef0", "p5.48xlarge", "us-east-1a", "2026-12-03T11:30:00.000Z",
                      "2026-12-04T11:30:00.000Z", "996.672", extra=f"<{UNDECLARED}>down</{UNDECLARED}>"),
             offering("cb-0123456789abcdef1", "p5.48xlarge", "us-east-1b", "2026-12-01T11:30:00.000Z",
                      "2026-12-02T11:30:00.000Z", "1012.68")], token="bmV4dC1wYWdl")
# page 2: a lower fee, but dedicated tenancy (left out), and a 1-day block of 2 instances (per instance-hour)
P5_2 = page([offering("cb-0123456789abcdef2", "p5.48xlarge", "us-east-1c", "2026-12-02T11:30:00.000Z",
                      "2026-12-03T11:30:00.000Z", "900.00", tenancy="dedicated"),
             offering("cb-0123456789abcdef3", "p5.48xlarge", "us-east-1d", "2026-12-08T11:30:00.000Z",
                      "2026-12-09T11:30:00.000Z", "2040.00", count=2)], rid="4a1c7f0e-EXAMPLE")
EMPTY = page([], rid="r-empty")
ZERO = page([offering("cb-0fee0000000000000", "p5.48xlarge", "us-west-2a", "2026-12-03T00:00:00.000Z",
                      "2026-12-04T00:00:00.000Z", "0.00"),
             offering("cb-0fee0000000000001", "p5.48xlarge", "us-west-2b", "2026-12-03T00:00:00.000Z",
                      "2026-12-04T00:00:00.000Z", "1000.00")])
THROTTLE = ('<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error><Code>RequestLimitExceeded</Code>'
            "<Message>Request limit exceeded.</Message></Error></Errors><RequestID>r-1</RequestID></Response>")

LISTING = [{"region": "ap-east-1", "instance_type": "p5.48xlarge", "sku": "X1", "spec": SPEC},
           {"region": "ap-east-1", "instance_type": "p4d.24xlarge", "sku": "X2"},
           {"region": "us-east-1", "instance_type": "p4d.24xlarge", "sku": "YSXJGN78QTXNVGDQ"},
           {"region": "us-east-1", "instance_type": "p5.48xlarge", "sku": "X3", "spec": SPEC}]


def listing_ctx(listing=None, env=None):
    c = ctx(env)
    c["accepted"] = {"feeds": {"aws-ec2": {"capacity_blocks": LISTING if listing is None else listing}}}
    return c


def cb_folder(by_pair: dict, recorded="2026-11-30", kind="written",
              source="written for the tests in the EC2 query API's documented shape") -> tempfile.TemporaryDirectory:
    """A recorded folder of aws-capacity-blocks exchanges: {(region, type): [(status, raw EC2 XML), ...]}."""
    d = tempfile.TemporaryDirectory(prefix="gpucost-cbwire-")
    resp = []
    for (region, it), exchanges in by_pair.items():
        for n, (status, body) in enumerate(exchanges, 1):
            f = f"{region}_{it}_{n}.xml"
            (Path(d.name) / f).write_text(body, encoding="utf-8")
            key = cb.offerings_key(region, it)
            resp.append({"feed": cb.FEED, "request": key if n == 1 else f"{key} #{n}", "file": f, "status": status,
                         "content_type": "text/xml;charset=UTF-8", "kind": kind, "recorded": recorded, "source": source,
                         "what": f"{region} {it} exchange {n}"})
    (Path(d.name) / "manifest.json").write_text(json.dumps({"recorded": recorded, "responses": resp}), encoding="utf-8")
    return d


RECORDING = {("ap-east-1", "p5.48xlarge"): [(401, OPT_IN)], ("ap-east-1", "p4d.24xlarge"): [(401, OPT_IN)],
             ("us-east-1", "p4d.24xlarge"): [(200, EMPTY)],
             ("us-east-1", "p5.48xlarge"): [(200, P5_1), (200, P5_2)]}


class AwsCapacityBlocksContractTest(unittest.TestCase):
    def check_output(self, out):
        [r] = out.rows
        p = r["price"]
        self.assertEqual((r["region"], r["instance_type"], r["spec"]), ("us-east-1", "p5.48xlarge", SPEC))
        # the lowest per instance-hour: 996.672 / 24 = 41.528 (1012.68 / 24 = 42.195, 2040 / (24 × 2) = 42.5;
        # the dedicated 900 left out)
        self.assertEqual(list(p), ["model", "hourly", "currency", "source", "as_of", "note"])
        self.assertEqual((p["model"], p["hourly"], p["currency"]), ("capacity_block", "41.528", "USD"))
        self.assertIn("the lowest reservation fee per instance-hour of 3 offering(s) seen", p["note"])
        self.assertIn("996.672 USD for 1 × 24 h in us-east-1a, 2026-12-03 11:30 UTC to 2026-12-04 11:30 UTC", p["note"])
        self.assertIn("offerings start 2026-12-01 11:30 UTC to 2026-12-08 11:30 UTC", p["note"])
        self.assertIn("1 instance × 24 h asked", p["note"])
        self.assertIn("aws us-east-1 p5.48xlarge: offering cb-0123456789abcdef2 is dedicated tenancy: left out "
                      "(shared tenancy only)", out.notes)
        self.assertIn("aws us-east-1 p4d.24xlarge: no Capacity Block offering for 1 instance × 24 h (sold out or not "
                      "offered in the search window): no price; the last accepted one keeps its date", out.notes)
        # ap-east-1 answers OptInRequired once: the region is an expected failure, its other type not asked;
        # the empty answer is an expected failure of that one request (its last price is kept)
        self.assertEqual([(f["unit"], f["expected"]) for f in out.failures],
                         [("aws:ap-east-1", True), ("aws:us-east-1/p4d.24xlarge", True)])
        self.assertEqual(out.problems, [])

    def test_replay_of_documented_responses_runs_the_sdk_and_sends_what_the_api_documents(self):
        """Replayed under boto3 from the raw EC2 XML: two pages (nextToken) for us-east-1 p5.48xlarge, one
        offering with an element the model does not declare; the requests botocore signs are the
        documented query (Action, Version 2016-11-15, InstanceType, InstanceCount 1, CapacityDurationHours
        24, NextToken on page 2 only)."""
        from botocore import session
        shape = session.get_session().get_service_model("ec2").shape_for("CapacityBlockOffering")
        self.assertNotIn(UNDECLARED, [m.serialization.get("name") for m in shape.members.values()])
        d = cb_folder(RECORDING)
        self.addCleanup(d.cleanup)
        seen, patch = sent_requests()
        with warnings.catch_warnings(record=True) as caught, patch:
            warnings.simplefilter("always")
            out = cb.run(Replay(Path(d.name)), listing_ctx())
        self.assertEqual([str(w.message) for w in caught], [])
        self.check_output(out)
        self.assertEqual((out.status, out.fetched, out.written), ("ok", "2026-11-30", True))
        self.assertEqual(out.sources["aws-cb-us-east-1"]["id"], "fixture-aws-cb-us-east-1")
        self.assertEqual([r.url for r in seen], ["https://ec2.ap-east-1.amazonaws.com/"] + ["https://ec2.us-east-1.amazonaws.com/"] * 3)
        q = [parse_qs(r.body.decode() if isinstance(r.body, bytes) else r.body) for r in seen]
        self.assertEqual({k: v for k, v in q[2].items() if k != "NextToken"},
                         {"Action": ["DescribeCapacityBlockOfferings"], "Version": ["2016-11-15"],
                          "InstanceType": ["p5.48xlarge"], "InstanceCount": ["1"], "CapacityDurationHours": ["24"]})
        self.assertNotIn("NextToken", q[2])
        self.assertEqual(q[3]["NextToken"], ["bmV4dC1wYWdl"])
        self.assertEqual(q[1]["InstanceType"], ["p4d.24xlarge"])
        auth = seen[2].headers["Authorization"]
        auth = auth.decode() if isinstance(auth, bytes) else auth
        self.assertRegex(auth, r"^AWS4-HMAC-SHA256 Credential=replay/\d{8}/us-east-1/ec2/aws4_request")

    def test_live_path_records_each_http_exchange_and_its_recording_replays_the_same(self):
        """Live (credentials from the environment, botocore's HTTP send answered per host and type): each
        listed pair is asked, the raw XML of each exchange kept (RECORD=DIR) as `KEY` / `KEY #2` with its
        status, and replaying the recording gives the same rows, notes and failures."""
        from botocore.awsrequest import AWSResponse
        from botocore.httpsession import URLLib3Session

        class Raw:
            def __init__(self, body):
                self._body = body

            def stream(self, **_):
                yield self._body

        asked = []

        def send(self, request):
            host = request.url.split("//")[1].split("/")[0]
            q = parse_qs(request.body.decode() if isinstance(request.body, bytes) else request.body)
            asked.append((host, q["InstanceType"][0]))
            region = host.split(".")[1]
            [status, body] = RECORDING[(region, q["InstanceType"][0])][1 if q.get("NextToken") else 0]
            return AWSResponse(request.url, status, {"Content-Type": "text/xml;charset=UTF-8"}, Raw(body.encode()))

        env = {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"}
        with tempfile.TemporaryDirectory() as rec, mock.patch.object(URLLib3Session, "send", send), \
                warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = cb.run(Live(record=Path(rec), env=env), listing_ctx(env=env))
            self.assertEqual([str(w.message) for w in caught], [])
            self.assertEqual(asked, [("ec2.ap-east-1.amazonaws.com", "p4d.24xlarge"), ("ec2.us-east-1.amazonaws.com", "p4d.24xlarge"),
                                     ("ec2.us-east-1.amazonaws.com", "p5.48xlarge"), ("ec2.us-east-1.amazonaws.com", "p5.48xlarge")])
            self.check_output(out)
            self.assertEqual(out.sources["aws-cb-us-east-1"]["id"], "aws-cb-us-east-1")  # live: no fixture id
            man = json.loads((Path(rec) / "manifest.json").read_text())
            byreq = {e["request"]: e for e in man["responses"]}
            key = cb.offerings_key("us-east-1", "p5.48xlarge")
            self.assertEqual(((Path(rec) / byreq[key + " #2"]["file"]).read_text(), byreq[key]["content_type"]),
                             (P5_2, "text/xml;charset=UTF-8"))
            self.assertEqual(byreq[cb.offerings_key("ap-east-1", "p4d.24xlarge")]["status"], 401)
            again = cb.run(Replay(Path(rec)), listing_ctx())
        self.assertEqual((again.rows[0]["price"]["hourly"], again.notes, again.failures),
                         ("41.528", out.notes, out.failures))

    def test_request_parameters_match_the_service_model(self):
        """botocore's Stubber: the request fetch_offerings sends for each page equals offerings_params (plus
        NextToken on page 2) and passes the client's validation against the EC2 service model; the stubbed
        responses pass the Stubber's validation against the output model. A malformed request
        (InstanceCount as a string) is refused by the same validation."""
        import datetime

        import boto3
        from botocore.exceptions import ParamValidationError
        from botocore.stub import Stubber
        ec2 = boto3.session.Session(aws_access_key_id="replay", aws_secret_access_key="replay").client("ec2", region_name="us-east-1")
        params = cb.offerings_params("p5.48xlarge")
        self.assertEqual(params, {"InstanceType": "p5.48xlarge", "InstanceCount": 1, "CapacityDurationHours": 24})
        rec = {"CapacityBlockOfferingId": "cb-0123456789abcdef0", "InstanceType": "p5.48xlarge", "AvailabilityZone": "us-east-1a",
               "InstanceCount": 1, "StartDate": datetime.datetime(2026, 12, 3, 11, 30, tzinfo=datetime.timezone.utc),
               "EndDate": datetime.datetime(2026, 12, 4, 11, 30, tzinfo=datetime.timezone.utc),
               "CapacityBlockDurationHours": 24, "UpfrontFee": "996.672", "CurrencyCode": "USD", "Tenancy": "default"}
        with Stubber(ec2) as st:
            st.add_response("describe_capacity_block_offerings", {"CapacityBlockOfferings": [rec], "NextToken": "t2"}, params)
            st.add_response("describe_capacity_block_offerings",
                            {"CapacityBlockOfferings": [dict(rec, AvailabilityZone="us-east-1b", UpfrontFee="1012.68")]},
                            dict(params, NextToken="t2"))
            data = cb.fetch_offerings(ec2, params)
            st.assert_no_pending_responses()
        self.assertEqual([o["AvailabilityZone"] for o in data["CapacityBlockOfferings"]], ["us-east-1a", "us-east-1b"])
        [r], _, _ = cb.parse_offerings(data, region="us-east-1", itype="p5.48xlarge", sid="s", as_of="2026-11-30")
        self.assertEqual(r["price"]["hourly"], "41.528")
        with Stubber(ec2) as st, self.assertRaises(ParamValidationError):
            st.add_response("describe_capacity_block_offerings", {"CapacityBlockOfferings": []})
            cb.fetch_offerings(ec2, dict(params, InstanceCount="1"))


class AwsCapacityBlocksFailureTest(unittest.TestCase):
    def test_one_region_failing_does_not_sink_the_others(self):
        """A persistent throttle in us-west-2 (RequestLimitExceeded, HTTP 503: botocore's standard retries,
        3 tries) fails that request only; eu-west-1 answers an HTML page (not EC2's XML: a failed request,
        never "no offering"); us-east-1 is still priced. (Sleeps patched.)"""
        listing = [{"region": r, "instance_type": "p5.48xlarge"} for r in ("eu-west-1", "us-east-1", "us-west-2")]
        d = cb_folder({("eu-west-1", "p5.48xlarge"): [(200, "<html><body>Service Unavailable</body></html>")],
                       ("us-east-1", "p5.48xlarge"): [(200, P5_1), (200, P5_2)],
                       ("us-west-2", "p5.48xlarge"): [(503, THROTTLE)]})
        self.addCleanup(d.cleanup)
        with mock.patch("time.sleep") as sleep:
            out = refresh.run_feed(cb.FEED, Replay(Path(d.name)), listing_ctx(listing))
        self.assertEqual(out.status, "ok")
        self.assertEqual([(r["region"], r["price"]["hourly"]) for r in out.rows], [("us-east-1", "41.528")])
        fails = {f["unit"]: f for f in out.failures}
        self.assertEqual(set(fails), {"aws:eu-west-1/p5.48xlarge", "aws:us-west-2/p5.48xlarge"})
        self.assertFalse(any(f["expected"] for f in out.failures))
        self.assertIn("RequestLimitExceeded (HTTP 503, after 3 tries)", fails["aws:us-west-2/p5.48xlarge"]["why"])
        self.assertIn("not EC2's XML", fails["aws:eu-west-1/p5.48xlarge"]["why"])
        self.assertEqual(sleep.call_count, 2)
        # the refresh keeps the last accepted row of a failed request, with its date
        prior = {"rows": [{"provider": "aws", "region": "us-west-2", "instance_type": "p5.48xlarge",
                           "price": {"model": "capacity_block", "hourly": "40", "currency": "USD", "source": "old",
                                     "as_of": "2026-10-01"}}]}
        _, _, kept = refresh.check_feed(out, prior, {}, ctx()["mappings"])
        self.assertEqual([(r["region"], r["price"]["as_of"]) for r in kept], [("us-west-2", "2026-10-01")])

    def test_a_zero_upfront_fee_never_becomes_a_price(self):
        """An UpfrontFee of 0.00 beside a good offering: the type's row carries the figure as given (never
        the lowest of the others), and the bad-price gate leaves it out. Missing, negative and unreadable
        fees alike; a $0.00 is never published."""
        listing = [{"region": "us-west-2", "instance_type": "p5.48xlarge"}]
        d = cb_folder({("us-west-2", "p5.48xlarge"): [(200, ZERO)]})
        self.addCleanup(d.cleanup)
        out = refresh.run_feed(cb.FEED, Replay(Path(d.name)), listing_ctx(listing))
        [r] = out.rows
        self.assertEqual(r["price"]["hourly"], "0")
        self.assertIn("offering cb-0fee0000000000000 has UpfrontFee '0.00', not a positive number", r["price"]["note"])
        rows, flags, _ = refresh.check_feed(out, None, ctx()["regions"], ctx()["mappings"])
        self.assertEqual(rows, [])
        self.assertIn(("bad-price", "aws:us-west-2:p5.48xlarge/capacity_block", "hourly 0 ≤ 0"), flags)
        base = {"CapacityBlockOfferingId": "cb-1", "InstanceType": "p5.48xlarge", "InstanceCount": 1,
                "CapacityBlockDurationHours": 24, "CurrencyCode": "USD"}
        for fee, why in (({}, "hourly 'None' is not a number"), ({"UpfrontFee": "-10"}, "hourly -10 ≤ 0"),
                         ({"UpfrontFee": "n/a"}, "hourly 'n/a' is not a number"), ({"UpfrontFee": "NaN"}, "hourly 'NaN' is not a number")):
            [r], problems, _ = cb.parse_offerings({"CapacityBlockOfferings": [dict(base, **fee)]}, region="us-west-2",
                                                  itype="p5.48xlarge", sid="s", as_of="x")
            self.assertEqual((problems, refresh.bad_value(r["price"])), ([], why))

    def test_schema_drift_and_currencies_give_no_row(self):
        base = {"CapacityBlockOfferingId": "cb-1", "InstanceType": "p5.48xlarge", "InstanceCount": 1,
                "CapacityBlockDurationHours": 24, "CurrencyCode": "USD", "UpfrontFee": "996.672"}
        parse = lambda *offers: cb.parse_offerings({"CapacityBlockOfferings": list(offers)}, region="us-east-1",
                                                   itype="p5.48xlarge", sid="s", as_of="x")
        for bad in ({"CapacityBlockDurationHours": 0}, {"InstanceCount": 0}, {"CurrencyCode": None}):
            rows, problems, _ = parse(dict(base, **bad))
            self.assertEqual((rows, [p["gate"] for p in problems]), ([], ["schema"]))
        rows, problems, _ = parse(base, dict(base, CurrencyCode="CNY"))
        self.assertEqual((rows, [p["gate"] for p in problems]), ([], ["currency"]))
        # a block of 23 h 30 min: the minutes count (service model: hours "in addition to" minutes)
        [r], _, _ = parse(dict(base, CapacityBlockDurationHours=23, CapacityBlockDurationMinutes=30, UpfrontFee="940"))
        self.assertEqual(r["price"]["hourly"], "40")
        [r], _, _ = parse(dict(base, UpfrontFee="1000"))
        self.assertEqual(r["price"]["hourly"], "41.6666666667")  # 10 decimal places, as the Price List
        rows, problems, notes = parse(dict(base, InstanceType="p5e.48xlarge"), dict(base, UltraserverType="u-p6e-gb200x36"))
        self.assertEqual((rows, problems, len(notes)), ([], [], 2))

    def test_skipped_without_credentials_a_listing_or_anything_recorded(self):
        out = cb.run(Live(env={}), listing_ctx(env={}))
        self.assertEqual((out.status, out.rows), ("skipped", []))
        self.assertIn("no credentials", out.why)
        env = {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "x"}
        out = cb.run(Live(env=env), listing_ctx([], env=env))
        self.assertEqual(out.status, "skipped")
        self.assertIn("no Capacity Block listing", out.why)
        d = cb_folder({("us-east-1", "p5.48xlarge"): [(200, EMPTY)]})
        self.addCleanup(d.cleanup)
        out = cb.run(Replay(Path(d.name)), listing_ctx([{"region": "eu-west-1", "instance_type": "p5.48xlarge"}]))
        self.assertEqual(out.status, "skipped")
        self.assertIn("none of the 1 listed Capacity Block type(s) is in the recording", out.why)
        # every listed type sold out: nothing to publish, the last accepted rows are kept (not a failed feed)
        out = refresh.run_feed(cb.FEED, Replay(Path(d.name)), listing_ctx([{"region": "us-east-1", "instance_type": "p5.48xlarge"}]))
        self.assertEqual(out.status, "skipped")
        self.assertIn("no Capacity Block offering for any of the 1 listed type(s)", out.why)

    def test_this_runs_listing_wins_over_the_last_accepted_one(self):
        c = listing_ctx([{"region": "eu-west-1", "instance_type": "p5.48xlarge"}])
        run = FeedOutput("aws-ec2", "aws")
        run.capacity_blocks = [{"region": "us-east-1", "instance_type": "p4d.24xlarge"}]
        c["outputs"] = {"aws-ec2": run}
        self.assertEqual(cb.listed(c), run.capacity_blocks)
        run.status = "failed"
        self.assertEqual(cb.listed(c), [{"region": "eu-west-1", "instance_type": "p5.48xlarge"}])


class CapacityBlockRefreshTest(unittest.TestCase):
    def test_a_capacity_block_price_reaches_the_offer_and_the_listing_is_kept(self):
        """make refresh on the recorded set with the aws-capacity-blocks recording: aws-ec2's replay lists
        us-east-1 p4d.24xlarge (the real offer file's Capacity Block SKU), the feed asks it and the offer's
        prices hold the capacity_block price in the catalog's shape; accepted.json keeps the listing; a
        second replay changes nothing; a zero fee instead is refused (bad-price), nothing written."""
        c = Copy()
        self.addCleanup(c.close)
        rc, out, err = c.run()
        self.assertEqual(rc, 0, out[-3000:] + err)
        cat = json.loads((c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == "aws:us-east-1:p4d.24xlarge"]
        [p] = [p for p in o["prices"] if p["model"] == "capacity_block"]
        self.assertEqual({k: v for k, v in p.items() if k != "note"},
                         {"model": "capacity_block", "hourly": "11.81", "currency": "USD",
                          "source": "fixture-aws-cb-us-east-1", "as_of": "2026-11-30"})
        self.assertIn("2 offering(s) seen", p["note"])
        self.assertIn("fixture-aws-cb-us-east-1", {s["id"] for s in cat["sources"]})
        self.assertFalse([q for q in o["prices"] if q["model"] == "on_demand" and q["hourly"] == "0"])
        acc = json.loads((c.out / "accepted.json").read_text())
        self.assertEqual(acc["feeds"]["aws-ec2"]["capacity_blocks"],
                         [{"region": "us-east-1", "instance_type": "p4d.24xlarge", "sku": "YSXJGN78QTXNVGDQ",
                           "spec": {"vcpu": "96", "ram_gib": "1152", "gpu_count": 8}}])
        before = c.state()
        rc, out, err = c.run()
        self.assertEqual(rc, 0, err)
        self.assertIn("nothing changed", out)
        self.assertEqual(c.state(), before)
        f = c.rec / "aws" / "cb_us-east-1_p4d.24xlarge.xml"
        f.write_text(f.read_text().replace("<upfrontFee>283.44</upfrontFee>", "<upfrontFee>0.00</upfrontFee>"))
        rc, out, err = c.run()
        self.assertEqual(rc, 3, out[-2000:] + err)
        self.assertIn("refused: bad-price: aws:us-east-1:p4d.24xlarge/capacity_block: hourly 0 ≤ 0", err)
        self.assertEqual(c.state(), before)

    def test_make_feed_asks_the_aws_ec2_output_in_its_parsed_folder_else_the_committed_listing(self):
        """The refresh workflow's jobs: make feed FEED=aws-ec2 PARSED=DIR in the matrix, then the
        aws-capacity-blocks job with that output downloaded into its DIR: it asks this run's listing (the
        committed state has none), and the merge of the two publishes the price. A failed or unreadable
        aws-ec2 output is left for the committed listing."""
        import io
        from contextlib import redirect_stdout

        import feedmerge
        c = Copy()
        self.addCleanup(c.close)
        state, d = c.root / "state", c.root / "parsed"
        state.mkdir()

        def feed(name):
            o = io.StringIO()
            with mock.patch.object(feedmerge, "STATE", state), redirect_stdout(o):
                self.assertEqual(refresh.main(["feed", name, "--from", str(c.rec), "--parsed", str(d)]), 0)
            return FeedOutput.from_json(json.loads((d / f"{name}.json").read_text())), o.getvalue()

        out, _ = feed(cb.FEED)  # no aws-ec2 output, no committed listing
        self.assertEqual(out.status, "skipped")
        self.assertIn("no Capacity Block listing", out.why)
        self.assertEqual(feed("aws-ec2")[0].status, "ok")
        out, said = feed(cb.FEED)
        self.assertIn(f"reads aws-ec2's output {d / 'aws-ec2.json'} (ok)", said)
        self.assertEqual((out.status, [(r["region"], r["instance_type"], r["price"]["hourly"]) for r in out.rows]),
                         ("ok", [("us-east-1", "p4d.24xlarge", "11.81")]))
        o = io.StringIO()
        with redirect_stdout(o):
            rc = refresh.main(["--parsed", str(d), "--feeds", f"aws-ec2,{cb.FEED}", "--out", str(c.out)])
        self.assertEqual(rc, 0, o.getvalue()[-2000:])
        cat = json.loads((c.out / "catalog.json").read_text())
        [o] = [o for o in cat["offers"] if o["id"] == "aws:us-east-1:p4d.24xlarge"]
        self.assertEqual([p["hourly"] for p in o["prices"] if p["model"] == "capacity_block"], ["11.81"])
        # aws-ec2 failed this run: the committed listing answers (here a pair the recording does not hold)
        (state / "accepted.json").write_text(json.dumps(
            {"refreshed": "2026-11-29", "feeds": {"aws-ec2": {"capacity_blocks": [{"region": "eu-west-1", "instance_type": "p5.48xlarge"}]}}}))
        ec2 = json.loads((d / "aws-ec2.json").read_text())
        (d / "aws-ec2.json").write_text(json.dumps(dict(ec2, status="failed", why="region index: HTTP 503")))
        out, said = feed(cb.FEED)
        self.assertIn("(failed)", said)
        self.assertEqual(out.status, "skipped")
        self.assertIn("none of the 1 listed Capacity Block type(s) is in the recording", out.why)
        (d / "aws-ec2.json").write_text('{"feed": "aws-ec2", "status"')
        out, said = feed(cb.FEED)
        self.assertIn("aws-ec2's output", said)
        self.assertIn("left out, unreadable", said)
        self.assertIn("none of the 1 listed Capacity Block type(s) is in the recording", out.why)


if __name__ == "__main__":
    unittest.main()
