// `npm audit --omit=dev`, failing on a high or critical advisory in what production runs.
// Where the registry's advisory service cannot be reached (this project's build machines answer
// 405 to its POST), it says so and does not pretend the check passed or failed.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').pop();
  console.log(`audit: NOT CHECKED, the advisory service did not answer (${reason})`);
  process.exit(0);
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
