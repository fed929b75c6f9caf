// `npm audit --omit=dev`, failing on a high or critical advisory in what production runs.
// Where the registry's advisory service cannot be reached (this project's build machines answer
// 405 to its POST), it says so and does not pretend the check passed. Any other failure fails.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(`audit: could not run npm audit: ${run.error.message}`);
  process.exit(1);
}

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`audit: npm audit printed no report:\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  // npm's answer when the service refused or could not be reached: an HTTP status or a network
  // error code. Anything else (no lock file, say) is a real failure.
  const code = String(report.error?.code ?? report.code ?? '');
  const unreachable =
    typeof report.statusCode === 'number' ||
    /^(E[45]\d\d|ENOTFOUND|ECONN\w*|ETIMEDOUT|EAI_AGAIN)$/.test(code);
  const reason = report.message ?? report.error?.summary ?? run.stderr.trim();
  if (unreachable) {
    console.log(`audit: NOT CHECKED, the advisory service did not answer (${reason})`);
    process.exit(0);
  }
  console.error(`audit: npm audit failed: ${reason}`);
  process.exit(1);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `audit: production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  console.log(run.stdout);
  process.exit(1);
}
