import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// Prints the plain closing line CI reads: "tests: N passed, N failed" (jest's own summary is not read).
// When `npm test` runs jest more than once (test/run-all.js sets TEST_SUMMARY_FILE), each line
// counts every run so far, so the last line is the whole run's.
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const totals = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) {
      if (existsSync(file)) for (const [key, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) totals[key] += value;
      writeFileSync(file, JSON.stringify(totals));
    }
    process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
  }
}
