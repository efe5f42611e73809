import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chargeToTestFiles, readAccounting, RECORD_BYTES, type MapEntry, type ProcessRecord } from '../scripts/lib/process-accounting.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One version 3 accounting record (struct acct_v3), as the kernel writes it; times in clock ticks (100 per second). */
function record({
  pid,
  ppid,
  command,
  start,
  elapsedTicks,
  userTicks,
  systemTicks = 0,
}: {
  pid: number;
  ppid: number;
  command: string;
  start: number;
  elapsedTicks: number;
  userTicks: number;
  systemTicks?: number;
}) {
  const bytes = new Uint8Array(RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(1, 3);
  view.setUint32(16, pid, true);
  view.setUint32(20, ppid, true);
  view.setUint32(24, start, true);
  view.setFloat32(28, elapsedTicks, true);
  view.setUint16(32, userTicks, true);
  view.setUint16(34, systemTicks, true);
  bytes.set(new TextEncoder().encode(command), 48);
  return bytes;
}
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

describe('readAccounting', () => {
  it('reads pids, command, start, end and CPU seconds, comp_t exponents included', () => {
    const [first, second]: ProcessRecord[] = readAccounting(
      concat(
        record({ pid: 42, ppid: 7, command: 'chromium', start: 1_000, elapsedTicks: 250, userTicks: 120, systemTicks: 30 }),
        // comp_t: exponent 1 (base 8) and mantissa 100: 800 ticks.
        record({ pid: 43, ppid: 42, command: 'a-name-of-15chr', start: 1_001, elapsedTicks: 1_000, userTicks: (1 << 13) | 100 }),
      ),
    );
    expect(first).toEqual({ pid: 42, ppid: 7, command: 'chromium', start: 1_000_000, end: 1_002_500, cpu: 1.5 });
    expect(second?.command).toBe('a-name-of-15chr');
    expect(second?.cpu).toBe(8);
  });

  it('refuses what is not a whole number of version 3 records', () => {
    expect(() => readAccounting(new Uint8Array(RECORD_BYTES + 1))).toThrow(/no whole number of 64-byte records/);
    expect(() => readAccounting(new Uint8Array(RECORD_BYTES))).toThrow(/not a version 3 process accounting record at byte 0 \(version 0\)/);
  });
});

describe('chargeToTestFiles', () => {
  // A vitest fork (pid 10) ran a.test.ts then b.test.ts (isolate: false); the vitest process (pid 5)
  // ran unit.test.ts in a worker thread and started a shared server (pid 30, globalSetup); b's
  // browser (pid 20) started a renderer (pid 21) that was re-parented to pid 1 before it exited.
  const records = readAccounting(
    concat(
      record({ pid: 1, ppid: 0, command: 'init', start: 0, elapsedTicks: 1e7, userTicks: 0 }),
      record({ pid: 4, ppid: 1, command: 'npm run lint', start: 995, elapsedTicks: 300, userTicks: 10 }),
      record({ pid: 6, ppid: 4, command: 'MainThread', start: 996, elapsedTicks: 200, userTicks: 400 }),
      record({ pid: 5, ppid: 1, command: 'MainThread', start: 999, elapsedTicks: 10_000, userTicks: 900 }),
      record({ pid: 10, ppid: 5, command: 'MainThread', start: 1_000, elapsedTicks: 8_000, userTicks: 1_000 }),
      record({ pid: 11, ppid: 10, command: 'npm pack', start: 1_010, elapsedTicks: 200, userTicks: 150 }),
      record({ pid: 20, ppid: 10, command: 'chromium', start: 1_040, elapsedTicks: 2_000, userTicks: 300 }),
      record({ pid: 21, ppid: 1, command: 'chromium', start: 1_041, elapsedTicks: 2_100, userTicks: 2_000 }),
      record({ pid: 30, ppid: 5, command: 'MainThread', start: 1_005, elapsedTicks: 5_000, userTicks: 700 }),
    ),
  );
  const at = (second: number) => second * 1000;
  const entries: MapEntry[] = [
    { event: 'begin', file: '/repo/unit.test.ts', pid: 5, time: at(1_001), cpu: 1_000_000, thread: true },
    { event: 'end', file: '/repo/unit.test.ts', pid: 5, time: at(1_002), cpu: 3_000_000, thread: true },
    { event: 'begin', file: '/repo/a.test.ts', pid: 10, time: at(1_002), cpu: 500_000, thread: false },
    { event: 'end', file: '/repo/a.test.ts', pid: 10, time: at(1_030), cpu: 4_500_000, thread: false },
    { event: 'begin', file: '/repo/b.test.ts', pid: 10, time: at(1_031), cpu: 4_600_000, thread: false },
    { event: 'alive', file: '/repo/b.test.ts', pid: 10, time: at(1_050), pids: [20, 21] },
    { event: 'end', file: '/repo/b.test.ts', pid: 10, time: at(1_070), cpu: 9_600_000, thread: false },
  ];
  const charges = chargeToTestFiles(records, entries, (file) => file.replace('/repo/', ''));

  it("charges each file its worker's CPU while it ran, and the processes below it by when they started", () => {
    expect(charges.files.get('a.test.ts')).toEqual({ own: 4, children: new Map([['npm pack', 1.5]]) });
    // The renderer re-parented to init is b's: b saw it alive below its worker.
    expect(charges.files.get('b.test.ts')).toEqual({ own: 5, children: new Map([['chromium', 23]]) });
    expect(charges.files.get('unit.test.ts')).toEqual({ own: 2, children: new Map() });
  });

  it("puts the rest of the workers' CPU, globalSetup's processes and the npm scripts outside the files", () => {
    // The fork: 10 CPU-s, 9 of them in its files; the vitest process: 9, 2 of them in its thread's file.
    expect(charges.workers.get('MainThread')).toBeCloseTo(1 + 7);
    expect(charges.outside.get('vitest (main process: globalSetup)')).toEqual(new Map([['MainThread', 7]]));
    // The script's own process and what it started.
    expect(charges.outside.get('npm run lint')).toEqual(
      new Map([
        ['npm run lint', 0.1],
        ['MainThread', 4],
      ]),
    );
    expect(charges.total).toBeCloseTo(0.1 + 4 + 9 + 10 + 1.5 + 3 + 20 + 7);
    expect(charges.commands.get('chromium')).toBe(23);
  });
});

describe('npm run bench:test-cpu', () => {
  it('refuses a wrong command line in one line, exit code 2, before it turns anything on', () => {
    for (const [args, message] of [
      [['--top', '0'], '--top must be a whole number above 0, got "0"'],
      [['--frobnicate'], "Unknown option '--frobnicate'"],
    ] as const) {
      const run = spawnSync(process.execPath, [join(root, 'bench/test-cpu.mjs'), ...args], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr.split('\n')[0]).toContain(`bench:test-cpu: ${message}`);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
