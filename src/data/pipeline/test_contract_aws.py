"""Contract of aws-spot-history with the EC2 query API, through the pinned boto3/botocore: only the HTTP
is answered, with responses in the shape the EC2 API Reference documents.

Documents used:
- DescribeSpotPriceHistory (API Reference, "Examples" → example response:
  <DescribeSpotPriceHistoryResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"><requestId>…
  <spotPriceHistorySet><item><instanceType/><productDescription/><spotPrice/><timestamp/>
  <availabilityZone/></item>…</spotPriceHistorySet><nextToken/>):
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_DescribeSpotPriceHistory.html
  (NextToken: "the token to include in another request to get the next page of items; empty or null
  when there are no more items").
- Error response structure (<Response><Errors><Error><Code/><Message/></Error></Errors><RequestID/>) and
  the client error code OptInRequired (an opt-in Region not enabled for the account):
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/errors-overview.html
- Query API request rate (RequestLimitExceeded, retried with exponential backoff):
  https://docs.aws.amazon.com/AWSEC2/latest/APIReference/query-api-troubleshooting.html
- botocore's Stubber (expected_params; the client validates the request against the service model,
  the Stubber the response): https://botocore.amazonaws.com/v1/documentation/api/latest/reference/stubber.html
"""

import datetime
import json
import tempfile
import unittest
import warnings
from pathlib import Path
from unittest import mock
from urllib.parse import parse_qs

from feedtestkit import ctx
from feeds import aws_spot, wire
from feeds.transport import Live, Replay
from test_feed_aws import wire_folder

TABLE = ctx()["mappings"]["aws_family_gpu"]
NS = 'xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"'
UNDECLARED = "spotPriceTrend"  # an element the pinned botocore model does not declare (a field AWS may add)


def item(az, it, price, ts, desc="Linux/UNIX", extra=""):
    return (f"<item><instanceType>{it}</instanceType><productDescription>{desc}</productDescription>"
            f"<spotPrice>{price}</spotPrice><timestamp>{ts}</timestamp><availabilityZone>{az}</availabilityZone>{extra}</item>")


PAGE1 = (f'<?xml version="1.0" encoding="UTF-8"?>\n<DescribeSpotPriceHistoryResponse {NS}>'
         "<requestId>59dbff89-35bd-4eac-99ed-be587EXAMPLE</requestId><spotPriceHistorySet>"
         # the documented example's record (not a GPU family: left out by the feed)
         + item("us-west-2a", "m3.medium", "0.0320", "2014-01-06T04:32:53.000Z")
         + item("us-west-2a", "p5.48xlarge", "31.000000", "2026-11-29T06:00:00.000Z", extra=f"<{UNDECLARED}>down</{UNDECLARED}>")
         + item("us-west-2a", "p5.48xlarge", "33.000000", "2026-11-26T06:00:00.000Z")
         + "</spotPriceHistorySet><nextToken>bmV4dC1wYWdlLXRva2Vu</nextToken></DescribeSpotPriceHistoryResponse>")
PAGE2 = (f'<?xml version="1.0" encoding="UTF-8"?>\n<DescribeSpotPriceHistoryResponse {NS}>'
         "<requestId>4a1c7f0e-EXAMPLE</requestId><spotPriceHistorySet>"
         + item("us-west-2b", "p5.48xlarge", "29.500000", "2026-11-28T06:00:00.000Z")
         + item("us-west-2b", "p5.48xlarge", "40.000000", "2026-11-28T06:00:00.000Z", desc="Windows")
         + "</spotPriceHistorySet><nextToken/></DescribeSpotPriceHistoryResponse>")
EMPTY = (f'<?xml version="1.0" encoding="UTF-8"?>\n<DescribeSpotPriceHistoryResponse {NS}>'
         "<requestId>r-empty</requestId><spotPriceHistorySet/><nextToken/></DescribeSpotPriceHistoryResponse>")
OPT_IN = ('<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error><Code>OptInRequired</Code>'
          "<Message>You are not subscribed to this service. Please go to http://aws.amazon.com to subscribe.</Message>"
          "</Error></Errors><RequestID>ea966190-f9aa-478e-9ede-example</RequestID></Response>")


def sent_requests():
    """Patch feeds.wire.botocore_wire so each request botocore sends (signed, as it leaves) is kept."""
    seen = []
    real = wire.botocore_wire

    def capture(client, w):
        client.meta.events.register("before-send", lambda request, **_: seen.append(request) and None)
        return real(client, w)
    return seen, mock.patch.object(wire, "botocore_wire", capture)


class AwsSpotHistoryContractTest(unittest.TestCase):
    def check_output(self, out):
        [r] = out.rows
        p = r["price"]
        self.assertEqual((r["region"], r["instance_type"]), ("us-west-2", "p5.48xlarge"))
        self.assertEqual((p["model"], p["currency"], p["hourly_min"], p["hourly_max"]), ("spot", "USD", "29.5", "32"))
        self.assertIn("Linux/UNIX, last 7 days: range of the per-AZ medians", p["note"])
        self.assertIn("us-west-2a 32 (min 31), us-west-2b 29.5 (min 29.5)", p["note"])
        self.assertEqual(out.failures, [{"unit": "aws:ap-east-1", "scope": {"provider": "aws", "region": "ap-east-1"},
                                         "why": "opt-in region not enabled for this account", "expected": True}])
        self.assertEqual(out.problems, [])

    def test_replay_of_documented_responses_runs_the_sdk_and_sends_what_the_api_documents(self):
        """ap-east-1 (visited first) answers 401 OptInRequired → an expected failure and the next regions
        go on; us-west-2 answers two pages (NextToken), one record with an element the model does not
        declare, the documented m3.medium record and a Windows one left out. The requests botocore signs
        (with the placeholder credentials) are the documented query: Action, Version 2016-11-15,
        ProductDescription.1, Filter.1 instance-type wildcards, StartTime/EndTime, NextToken on page 2."""
        from botocore import session
        shape = session.get_session().get_service_model("ec2").shape_for("SpotPrice")
        self.assertNotIn(UNDECLARED, [m.serialization.get("name") for m in shape.members.values()])
        d = wire_folder({"ap-east-1": [(401, OPT_IN)], "us-west-2": [(200, PAGE1), (200, PAGE2)]},
                        source="EC2 API Reference, DescribeSpotPriceHistory example response shape; error response structure")
        self.addCleanup(d.cleanup)
        seen, patch = sent_requests()
        with warnings.catch_warnings(record=True) as caught, patch:
            warnings.simplefilter("always")
            out = aws_spot.run_history(Replay(Path(d.name)), ctx())
        self.assertEqual([str(w.message) for w in caught], [])
        self.check_output(out)
        self.assertEqual(out.fetched, "2026-11-30")
        self.assertTrue(out.written)
        self.assertEqual([r.url for r in seen], ["https://ec2.ap-east-1.amazonaws.com/"] + ["https://ec2.us-west-2.amazonaws.com/"] * 2)
        q1, q2 = (parse_qs(seen[i].body.decode() if isinstance(seen[i].body, bytes) else seen[i].body) for i in (1, 2))
        self.assertEqual((q1["Action"], q1["Version"], q1["ProductDescription.1"], q1["Filter.1.Name"]),
                         (["DescribeSpotPriceHistory"], ["2016-11-15"], ["Linux/UNIX"], ["instance-type"]))
        values = [v[0] for k, v in sorted(q1.items()) if k.startswith("Filter.1.Value.")]
        self.assertEqual(sorted(values), sorted({pre + "*" for pre, _, _ in TABLE}))
        start, end = (datetime.datetime.fromisoformat(q1[k][0].replace("Z", "+00:00")) for k in ("StartTime", "EndTime"))
        self.assertEqual(end - start, datetime.timedelta(days=7))
        self.assertNotIn("NextToken", q1)
        self.assertEqual(q2["NextToken"], ["bmV4dC1wYWdlLXRva2Vu"])
        auth = seen[1].headers["Authorization"]
        auth = auth.decode() if isinstance(auth, bytes) else auth
        self.assertRegex(auth, r"^AWS4-HMAC-SHA256 Credential=replay/\d{8}/us-west-2/ec2/aws4_request")

    def test_live_path_records_each_http_exchange_and_its_recording_replays_the_same(self):
        """Live (credentials from the environment), botocore's HTTP send answered per host: every region
        is asked, the raw XML of each exchange is kept (RECORD=DIR) as `KEY` / `KEY #2` with its status,
        and replaying that recording gives the same rows and failures."""
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
            asked.append(host)
            status, body = ((401, OPT_IN) if host == "ec2.ap-east-1.amazonaws.com" else
                            (200, PAGE2 if q.get("NextToken") else PAGE1) if host == "ec2.us-west-2.amazonaws.com" else
                            (200, EMPTY))
            return AWSResponse(request.url, status, {"Content-Type": "text/xml;charset=UTF-8"}, Raw(body.encode()))

        env = {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"}
        with tempfile.TemporaryDirectory() as rec, mock.patch.object(URLLib3Session, "send", send), \
                warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = aws_spot.run_history(Live(record=Path(rec), env=env), ctx(env))
            self.assertEqual([str(w.message) for w in caught], [])
            regions = sorted(c for (p, c), v in ctx()["regions"].items() if p == "aws" and v[2] != "mainland_china")
            self.assertEqual(asked[0], "ec2.ap-east-1.amazonaws.com")
            self.assertEqual(len(asked), len(regions) + 1)  # one request a region, two for us-west-2
            self.check_output(out)
            self.assertEqual(out.sources["aws-spot-hist-us-west-2"]["id"], "aws-spot-hist-us-west-2")  # live: no fixture id
            man = json.loads((Path(rec) / "manifest.json").read_text())
            byreq = {e["request"]: e for e in man["responses"]}
            key = aws_spot.history_key("us-west-2")
            self.assertEqual(((Path(rec) / byreq[key + " #2"]["file"]).read_text(), byreq[key]["content_type"]),
                             (PAGE2, "text/xml;charset=UTF-8"))
            self.assertEqual(byreq[aws_spot.history_key("ap-east-1")]["status"], 401)
            again = aws_spot.run_history(Replay(Path(rec)), ctx())
        self.assertEqual((again.rows[0]["price"]["hourly_min"], again.rows[0]["price"]["hourly_max"]), ("29.5", "32"))
        self.assertEqual(again.failures, out.failures)

    def test_request_parameters_match_the_service_model(self):
        """botocore's Stubber: the request fetch_history sends for each page equals history_params (plus
        NextToken on page 2) and passes the client's validation against the EC2 service model; the
        stubbed responses pass the Stubber's validation against the output model. A malformed request
        (Filters Values as a string) is refused by the same validation."""
        import boto3
        from botocore.exceptions import ParamValidationError
        from botocore.stub import Stubber
        ec2 = boto3.session.Session(aws_access_key_id="replay", aws_secret_access_key="replay").client("ec2", region_name="us-west-2")
        end = datetime.datetime(2026, 11, 30, tzinfo=datetime.timezone.utc)
        params = aws_spot.history_params(TABLE, end)
        rec = {"AvailabilityZone": "us-west-2a", "InstanceType": "p5.48xlarge", "ProductDescription": "Linux/UNIX",
               "SpotPrice": "31.000000", "Timestamp": datetime.datetime(2026, 11, 29, 6, tzinfo=datetime.timezone.utc)}
        with Stubber(ec2) as st:
            st.add_response("describe_spot_price_history", {"SpotPriceHistory": [rec], "NextToken": "t2"}, params)
            st.add_response("describe_spot_price_history", {"SpotPriceHistory": [dict(rec, AvailabilityZone="us-west-2b")],
                                                            "NextToken": ""}, dict(params, NextToken="t2"))
            data = aws_spot.fetch_history(ec2, params)
            st.assert_no_pending_responses()
        self.assertEqual([h["AvailabilityZone"] for h in data["SpotPriceHistory"]], ["us-west-2a", "us-west-2b"])
        with Stubber(ec2) as st, self.assertRaises(ParamValidationError):
            st.add_response("describe_spot_price_history", {"SpotPriceHistory": []})
            aws_spot.fetch_history(ec2, dict(params, Filters=[{"Name": "instance-type", "Values": "p5.*"}]))


if __name__ == "__main__":
    unittest.main()
