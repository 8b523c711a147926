import TestSequencer from '@jest/test-sequencer';

/**
 * Rough cost of a test file per byte of its source, by project, for files jest has no time of yet (a
 * fresh clone, as CI is): a browser-test file's page loads cost far more per line than an integration
 * file's requests, and those more than a unit test's calls (measured on the suite, 2026-11).
 */
const MS_PER_BYTE = { e2e: 5, integration: 0.5 };
const UNIT_MS_PER_BYTE = 0.05;

/**
 * Longest files first, so the last files to start are short ones and the two workers end together.
 * Jest's own order does this only from the times it cached in an earlier run on this machine; without
 * them it sorts by file size alone, and the slowest browser-test files (small files that load many
 * pages) started among the last. Here a file without a cached time is estimated from its size and
 * project; failed files still go first, as jest does.
 */
export default class LongestFirstSequencer extends TestSequencer {
  sort(tests) {
    const estimate = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached;
      const perByte = MS_PER_BYTE[test.context.config.displayName?.name] ?? UNIT_MS_PER_BYTE;
      return (test.context.hasteFS.getSize(test.path) ?? 0) * perByte;
    };
    for (const test of tests) test.duration = this.time(test);
    const ranked = tests.map((test) => ({ test, failed: this.hasFailed(test), ms: estimate(test) }));
    ranked.sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms);
    return ranked.map(({ test }) => test);
  }
}
