/**
 * Records which process ran which test file, for `npm run bench:test-cpu` (bench/test-cpu.mjs), which
 * charges every process of an `npm test` run (Linux process accounting) to the test file it served.
 * Does nothing unless SUPPORTKB_TEST_PROCESS_MAP names a file. Then each test file appends JSON lines
 * to it:
 * - `begin` before the file is imported (this setup file runs first) and `end` after its last hook,
 *   with the worker's pid and its own CPU so far (`process.cpuUsage()`, or the thread's own in the
 *   `threads` pool): the difference is what the file cost its worker, even in a worker that runs many
 *   files one after another (`isolate: false`);
 * - `alive` after each test, in a worker process: the pids of the processes below the worker at that
 *   moment (servers, browsers and their helpers). Such a process may outlive its parent and be
 *   re-parented before it exits, so that its exit record no longer leads back to the worker; being
 *   seen here still charges it to the file.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll, afterEach, expect } from 'vitest';

const target = process.env.SUPPORTKB_TEST_PROCESS_MAP;

/** This worker's own CPU time so far, in microseconds (the thread's alone when the file runs in a worker thread). */
const cpuMicros = () => {
  const usage = isMainThread ? process.cpuUsage() : process.threadCpuUsage();
  return usage.user + usage.system;
};

/** The pids below `root` now: /proc/<pid>/stat's fourth field is the parent's pid. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

if (target) {
  const file = expect.getState().testPath ?? '';
  const write = (record: Record<string, unknown>) => appendFileSync(target, `${JSON.stringify({ ...record, file, pid: process.pid, time: Date.now() })}\n`);
  write({ event: 'begin', cpu: cpuMicros(), thread: !isMainThread });
  // In the threads pool every file shares the vitest process with the others: its children are no one file's.
  if (isMainThread && process.platform === 'linux') afterEach(() => write({ event: 'alive', pids: descendants(process.pid) }));
  // Registered first, so it runs after the file's own afterAll hooks (vitest runs after-hooks in reverse order).
  afterAll(() => write({ event: 'end', cpu: cpuMicros(), thread: !isMainThread }));
}
