import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SLOWEST_SHOWN = 10;

// Prints the slowest test files, then the plain closing line CI reads: "tests: N passed, N failed" (jest's
// own summary is not read). When `npm test` runs jest more than once (test/run-all.js sets
// TEST_SUMMARY_FILE), each printout counts every run so far, so the last one is the whole run's.
export default class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const totals = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    let files = results.testResults.map((file) => ({
      path: path.relative(this.rootDir, file.testFilePath),
      ms: file.perfStats.end - file.perfStats.start,
    }));
    const summaryFile = process.env.TEST_SUMMARY_FILE;
    if (summaryFile) {
      if (existsSync(summaryFile)) {
        const earlier = JSON.parse(readFileSync(summaryFile, 'utf8'));
        for (const [key, value] of Object.entries(earlier.totals)) totals[key] += value;
        files = [...earlier.files, ...files];
      }
      writeFileSync(summaryFile, JSON.stringify({ totals, files }));
    }
    const slowest = files
      .filter((file) => file.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_SHOWN);
    if (slowest.length > 1) {
      process.stdout.write(`\nslowest test files:\n${slowest.map((file) => `${(file.ms / 1000).toFixed(1).padStart(7)} s  ${file.path}`).join('\n')}\n`);
    }
    process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
  }
}
