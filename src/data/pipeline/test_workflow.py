"""The refresh workflow and its make targets (.github/workflows/refresh.yml, Makefile): every registered
feed runs once, a failing one sinks nothing, aws-capacity-blocks runs after aws-ec2 with its output, each
secret reaches only the steps of the feeds that need it, no input is pasted into a script, the report is
uploaded on every outcome, the pull request is opened with a token that starts CI, and a reason with
quotes reaches the refresh intact. Text checks (actionlint checks the syntax in make test)."""

import json
import os
import re
import subprocess
import unittest

from common import ROOT
from feeds import aws_capacity_blocks as cb
from feeds.registry import FEEDS

WF = (ROOT / ".github" / "workflows" / "refresh.yml").read_text(encoding="utf-8")


def steps(text: str) -> list[str]:
    """The workflow's steps, each as its text (from one '      - ' to the next)."""
    return re.split(r"\n(?=      - )", text)[1:]


def jobs(text: str) -> dict[str, str]:
    """The workflow's jobs by id, each as its text (from one '  id:' under 'jobs:' to the next)."""
    parts = re.split(r"\n(?=  [a-z][a-z0-9_-]*:\n)", "\n" + text.split("\njobs:\n", 1)[1])
    return {m.group(1): p for p in parts if (m := re.match(r"\n?  ([a-z][a-z0-9_-]*):\n", p))}


def matrix_feeds(job: str) -> list[str]:
    m = re.search(r"\n      matrix:\n        feed: \[([^\]]*)\]", job)
    return [f.strip() for f in m.group(1).split(",")] if m else []


def feeds_run(step: str) -> list[str]:
    """The feeds a step names in `make feed FEED=name` (the matrix's public step passes "$FEED")."""
    return re.findall(r"make feed FEED=([a-z0-9-]+)", step)


def needs(job: str) -> list[str]:
    m = re.search(r"\n    needs: (\[[^\]]*\]|[a-z0-9_-]+)\n", job)
    return [x.strip() for x in m.group(1).strip("[]").split(",")] if m else []


JOBS = jobs(WF)
CREDENTIALED = {f for f, (_, cred) in FEEDS.items() if cred}


class RefreshWorkflow(unittest.TestCase):
    def test_every_registered_feed_runs_once_in_the_matrix_or_its_own_job(self):
        matrix = matrix_feeds(JOBS["feed"])
        own = {j: feeds_run(text) for j, text in JOBS.items() if j not in ("feed", "merge")}
        ran = matrix + [f for fs in own.values() for f in fs]
        self.assertEqual(sorted(ran), sorted(FEEDS), "a registered feed the workflow does not run (or runs twice)")
        self.assertTrue(all(len(fs) == 1 for fs in own.values()), own)
        # the matrix's public step runs every matrix feed but its credentialed ones, which have their own step
        [public] = [s for s in steps(JOBS["feed"]) if "Fetch and parse (public feed)" in s]
        m = re.search(r"!contains\(fromJSON\('(\[[^']*\])'\), matrix\.feed\)", public)
        self.assertEqual(sorted(json.loads(m.group(1))), sorted(CREDENTIALED & set(matrix)))
        for f in CREDENTIALED & set(matrix):
            [s] = [s for s in steps(JOBS["feed"]) if f"matrix.feed == '{f}'" in s]
            self.assertEqual(feeds_run(s), [f], s)

    def test_one_failing_feed_never_sinks_the_refresh(self):
        """The matrix does not stop at a failure, and every job after a feed job runs whatever became of
        it: the merge reads a missing output as a failed feed (last accepted rows kept, reported)."""
        self.assertIn("\n      fail-fast: false\n", JOBS["feed"])
        feed_jobs = set(JOBS) - {"merge"}
        self.assertEqual(set(needs(JOBS["merge"])), feed_jobs)
        for j, text in JOBS.items():
            if needs(text):
                self.assertIn("\n    if: ${{ always() }}\n", text, f"job {j} is skipped when a feed job fails")
        [dl] = [s for s in steps(JOBS["merge"]) if "actions/download-artifact" in s]
        self.assertIn("pattern: parsed-*", dl)
        for j in feed_jobs:
            for f in matrix_feeds(JOBS[j]) or feeds_run(JOBS[j]):
                name = "parsed-${{ matrix.feed }}" if matrix_feeds(JOBS[j]) else f"parsed-{f}"
                [up] = [s for s in steps(JOBS[j]) if "actions/upload-artifact" in s and f"name: {name}\n" in s]
                self.assertIn(f"path: parsed/{name.removeprefix('parsed-')}.json", up)

    def test_capacity_blocks_runs_after_aws_ec2_with_this_runs_output(self):
        """aws-capacity-blocks asks what aws-ec2 listed: its job needs aws-ec2's, downloads that output
        into the folder its make feed reads (a missing one must not stop it: the committed listing
        answers)."""
        [ec2_job] = [j for j, text in JOBS.items() if cb.FEED_EC2 in matrix_feeds(text) + feeds_run(text)]
        [job] = [j for j, text in JOBS.items() if j != "feed" and cb.FEED in feeds_run(text)]
        self.assertIn(ec2_job, needs(JOBS[job]))
        [run] = [s for s in steps(JOBS[job]) if cb.FEED in feeds_run(s)]
        parsed = re.search(r"PARSED=(\S+)", run).group(1)
        [dl] = [s for s in steps(JOBS[job]) if "actions/download-artifact" in s]
        self.assertIn(f"name: parsed-{cb.FEED_EC2}\n", dl)
        self.assertIn(f"path: {parsed}\n", dl + "\n")
        self.assertIn("continue-on-error: true", dl)
        self.assertLess(JOBS[job].index(dl), JOBS[job].index(run))

    def test_each_feed_secret_reaches_only_its_own_feeds_step(self):
        # a secret belongs to the feeds whose credentials share its provider's prefix (TENCENTCLOUD_SITE is
        # read live but is no credential of the registry)
        owners = {p: {f for f in CREDENTIALED if any(c.startswith(p) for c in FEEDS[f][1])}
                  for p in ("AWS_", "ALIBABA_CLOUD_", "TENCENTCLOUD_")}
        self.assertEqual(owners["AWS_"], {"aws-spot-history", "aws-capacity-blocks"})
        seen, given = set(), {}
        for j, text in JOBS.items():
            for s in steps(text):
                for name in re.findall(r"secrets\.([A-Z_]+)", s):
                    if name in ("GITHUB_TOKEN", "REFRESH_PR_TOKEN"):
                        self.assertIn("Open a pull request", s)
                        continue
                    [p] = [p for p in owners if name.startswith(p)]
                    [feed] = feeds_run(s) or [None]
                    self.assertIn(feed, owners[p], f"{name} outside its feeds' steps ({sorted(owners[p])}):\n{s}")
                    if matrix_feeds(text):
                        self.assertIn(f"matrix.feed == '{feed}'", s, f"{name} outside {feed}'s step:\n{s}")
                    else:
                        self.assertEqual(feeds_run(text), [feed], f"{name} in job {j}, which runs other feeds")
                    seen.add(name)
                    given.setdefault(feed, set()).add(name)
        self.assertEqual(len(seen), 7, seen)
        for f in CREDENTIALED:  # each credentialed feed gets every variable it needs live
            self.assertLessEqual(set(FEEDS[f][1]), given.get(f, set()), f)

    def test_no_input_is_pasted_into_a_script(self):
        for s in steps(WF):
            run = s.split("run:", 1)[1] if "run:" in s else ""
            self.assertNotIn("${{", run, f"an expression inside a script (use env):\n{s}")

    def test_the_report_is_uploaded_on_every_outcome_and_a_refusal_still_fails_the_job(self):
        [up] = [s for s in steps(WF) if "name: refresh-report" in s]
        self.assertIn("if: ${{ always() }}", up)
        [merge] = [s for s in steps(WF) if "id: merge" in s]
        self.assertIn('if [ "$rc" -ne 0 ] && [ "$rc" -ne 4 ]; then exit "$rc"; fi', merge)
        [loud] = [s for s in steps(WF) if "steps.merge.outputs.rc == '4'" in s]
        self.assertIn("exit 1", loud)

    def test_the_pull_request_is_opened_with_a_token_that_starts_ci(self):
        [pr] = [s for s in steps(WF) if "gh pr create" in s]
        self.assertIn('GH_TOKEN="$PR_TOKEN"', pr)
        self.assertIn("CI does not start on this pull request", pr)  # the fallback says so

    def test_a_reason_with_quotes_reaches_the_refresh_intact(self):
        why = 'it\'s the "new" list price; $HOME `x`'
        py = "python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))'"
        # as the workflow passes them: in the environment
        env = dict(os.environ, WHY=why, ACCEPT="move:a move:b")
        out = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "refresh", f"PYTHON={py}"],
                             capture_output=True, text=True, timeout=60, env=env)
        self.assertEqual(out.returncode, 0, out.stderr)
        argv = json.loads(out.stdout.strip().splitlines()[-1])
        self.assertEqual(argv[argv.index("--why") + 1], why)
        self.assertEqual([argv[i + 1] for i, a in enumerate(argv) if a == "--accept"], ["move:a", "move:b"])


if __name__ == "__main__":
    unittest.main()
