/**
 * A vitest reporter that closes the run with the time of every test file, slowest first, so the CI
 * log (`.ci/run` tees `npm test` into build/ci-npm-test.log) says where the suite's time goes. Used
 * beside the default reporter (vitest.config.ts). Per file: wall time from its worker's start to its
 * end (environment, setup, import and collection, then the tests and hooks), the tests' own share,
 * and the number of tests. Then how busy the machine's CPUs were over the run (Linux' /proc/stat: all
 * processes, the suites' servers and browsers included), which tells a suite that waits from one that
 * computes: more workers help the first, only less work helps the second.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The machine's CPU time so far from /proc/stat's first line, in clock ticks: busy and total; undefined off Linux. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    const ticks = fields.map(Number);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class FileDurations implements Reporter {
  private readonly cpuAtStart = cpuTicks();

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!testModules.length) return;
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      let tests = 0;
      for (const _ of module.children.allTests()) tests++;
      return { file: relative(process.cwd(), module.moduleId), project: module.project.name, total, tests: d.duration, count: tests, state: module.state() };
    });
    rows.sort((a, b) => b.total - a.total);
    const sum = rows.reduce((acc, row) => acc + row.total, 0);
    const lines = [`\nTime per test file (${rows.length} files, ${seconds(sum)} in all across workers; slowest first): total (tests)  tests  file`];
    for (const row of rows)
      lines.push(
        `  ${seconds(row.total).padStart(8)} (${seconds(row.tests).padStart(8)})  ${String(row.count).padStart(4)}  ${row.file}${row.project ? `  [${row.project}]` : ''}${row.state === 'failed' ? '  FAILED' : ''}`,
      );
    const cpuAtEnd = cpuTicks();
    if (this.cpuAtStart && cpuAtEnd && cpuAtEnd.total > this.cpuAtStart.total) {
      const busy = (cpuAtEnd.busy - this.cpuAtStart.busy) / (cpuAtEnd.total - this.cpuAtStart.total);
      lines.push(`CPU busy over the run: ${(100 * busy).toFixed(0)}% of all cores (/proc/stat, every process on the machine)`);
    }
    console.log(lines.join('\n'));
  }
}
