// What `video-api-conformance --help` prints (run.ts): the three commands, where the settings are,
// and the exit codes of each.
export const CONFORMANCE_USAGE = `Usage: video-api-conformance [--shard <i>/<n>]
       video-api-conformance replay <report dir> [--case <id>]... [--base-url <url>] [--shrink]
       video-api-conformance merge <report dir>... [--out <dir>]
       video-api-conformance --help | --version

(no command)  Schemathesis, the stated rules, then the lifecycle flows, against CONFORMANCE_BASE_URL,
              or a local mock it starts and stops. Settings: CONFORMANCE_* variables (docs/conformance.md).
              --shard <i>/<n> runs the i-th of n parts (as CONFORMANCE_SHARD).
              Exit code: 0 nothing found, 1 any failure, 2 the run could not start.
replay        sends the failing requests of a run's run-report.json again, to --base-url or
              CONFORMANCE_BASE_URL (never to the report's own target unless --base-url names it),
              with the token from CONFORMANCE_TOKEN. --case <id> (repeatable) picks cases;
              --shrink prints each case that still fails again without the query parameters and
              body fields it does not need (sends up to 40 more requests per case).
              Exit code: 0 no replayed case still fails, 1 one still fails, 2 the replay cannot run
              (no report, an unknown --case, no token, no base URL), 3 none fails but some could not
              tell (the recorded resource is gone on the target) or were bad cases (not sent).
merge         joins the reports of several runs (the shards of one run) into --out (default
              ./conformance-merged). Exit code: 0 all passed, 1 a shard failed or is missing,
              2 nothing could be read.`;
