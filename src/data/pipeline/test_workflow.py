"""The refresh workflow and its make targets (.github/workflows/refresh.yml, Makefile): each secret
reaches only the step that needs it, no input is pasted into a script, the report is uploaded on every
outcome, the pull request is opened with a token that starts CI, and a reason with quotes reaches the
refresh intact. Text checks (actionlint checks the syntax in make test)."""

import json
import os
import re
import subprocess
import unittest

from common import ROOT

WF = (ROOT / ".github" / "workflows" / "refresh.yml").read_text(encoding="utf-8")


def steps(text: str) -> list[str]:
    """The workflow's steps, each as its text (from one '      - ' to the next)."""
    return re.split(r"\n(?=      - )", text)[1:]


class RefreshWorkflow(unittest.TestCase):
    def test_each_feed_secret_reaches_only_its_own_feeds_step(self):
        need = {"AWS_": "aws-spot-history", "ALIBABA_CLOUD_": "alibaba-sdk", "TENCENTCLOUD_": "tencent-sdk"}
        seen = set()
        for s in steps(WF):
            for name in re.findall(r"secrets\.([A-Z_]+)", s):
                if name in ("GITHUB_TOKEN", "REFRESH_PR_TOKEN"):
                    self.assertIn("Open a pull request", s)
                    continue
                [feed] = [f for p, f in need.items() if name.startswith(p)]
                self.assertIn(f"matrix.feed == '{feed}'", s, f"{name} outside {feed}'s step:\n{s}")
                seen.add(name)
        self.assertEqual(len(seen), 7, seen)

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
