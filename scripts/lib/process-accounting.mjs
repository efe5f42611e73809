// Linux process accounting (acct(5), version 3 records, as `accton` writes them) read back, and each
// process's CPU time charged to the test file it served, from the process map the test setup writes
// (test/setup/process-map.ts). Used by `npm run bench:test-cpu` (bench/test-cpu.mjs).

/** Bytes per version 3 record (struct acct_v3 in linux/acct.h). */
export const RECORD_BYTES = 64;
/** Clock ticks per second of the records' times (AHZ, which is USER_HZ for version 3: 100 on Linux). */
const AHZ = 100;

/**
 * One exited process, from its accounting record.
 * @typedef {object} ProcessRecord
 * @property {number} pid
 * @property {number} ppid its parent when it exited (a process whose parent died first has been re-parented by then)
 * @property {string} command the kernel's name of the process (comm: at most 15 characters)
 * @property {number} start when it started, in ms since the epoch (whole seconds: the record's precision)
 * @property {number} end when it exited, in ms since the epoch
 * @property {number} cpu user + system CPU time, in seconds
 */

/** comp_t (acct(5)): a 13-bit mantissa and a 3-bit base-8 exponent. */
const decodeComp = (/** @type {number} */ value) => (value & 0x1fff) * 8 ** (value >> 13);

/**
 * The records of an accounting file.
 * @param {Uint8Array} bytes the file's content
 * @returns {ProcessRecord[]}
 * @throws {TypeError} when the content is not a whole number of version 3 records (accounting off, or another format)
 */
export function readAccounting(bytes) {
  if (bytes.length % RECORD_BYTES !== 0) throw new TypeError(`not a process accounting file: ${bytes.length} bytes is no whole number of ${RECORD_BYTES}-byte records`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {ProcessRecord[]} */
  const records = [];
  for (let offset = 0; offset < bytes.length; offset += RECORD_BYTES) {
    const version = view.getUint8(offset + 1);
    if (version !== 3) throw new TypeError(`not a version 3 process accounting record at byte ${offset} (version ${version})`);
    const start = view.getUint32(offset + 24, true) * 1000;
    const elapsed = view.getFloat32(offset + 28, true) / AHZ;
    const cpu = (decodeComp(view.getUint16(offset + 32, true)) + decodeComp(view.getUint16(offset + 34, true))) / AHZ;
    const name = bytes.subarray(offset + 48, offset + 64);
    const nul = name.indexOf(0);
    records.push({
      pid: view.getUint32(offset + 16, true),
      ppid: view.getUint32(offset + 20, true),
      command: new TextDecoder().decode(nul === -1 ? name : name.subarray(0, nul)),
      start,
      end: start + elapsed * 1000,
      cpu,
    });
  }
  return records;
}

/**
 * A file's `begin` or `end` in the process map (test/setup/process-map.ts): its worker's own CPU time so far, in microseconds.
 * @typedef {{ event: 'begin' | 'end', file: string, pid: number, time: number, cpu: number, thread: boolean }} SpanEntry
 */
/**
 * One line of the process map: a span's begin or end, or the processes a file saw below its worker.
 * @typedef {SpanEntry | { event: 'alive', file: string, pid: number, time: number, pids: number[] }} MapEntry
 */

/**
 * What a run cost, charged to test files.
 * @typedef {object} Charges
 * @property {number} total CPU seconds of every recorded process
 * @property {Map<string, { own: number, children: Map<string, number> }>} files per test file: its worker's own CPU seconds while it ran, and its child processes' by command
 * @property {Map<string, number>} workers CPU seconds of vitest's processes outside any file (start-up, between files, the main process)
 * @property {Map<string, Map<string, number>>} outside processes no test file started, by the nearest `npm run`/`npm exec` above them (or their own command), then by command
 * @property {Map<string, number>} commands every process by command
 */

/**
 * Charges every process to the test file it served.
 * - A vitest worker's own CPU goes to its files by their `begin`/`end` CPU readings; the rest of it
 *   to `workers`.
 * - Any other process goes to the file whose worker (or one of whose processes) is its nearest
 *   recorded ancestor, the file that worker ran when the process started; or to the file that saw it
 *   alive below its worker (a process re-parented before it exited).
 * - Every other process goes to `outside`.
 * @param {ProcessRecord[]} records
 * @param {MapEntry[]} entries
 * @param {(file: string) => string} [label] how a file is named in the result (default: as recorded)
 * @returns {Charges}
 */
export function chargeToTestFiles(records, entries, label = (file) => file) {
  /** @type {Map<number, ProcessRecord[]>} */
  const byPid = new Map();
  for (const record of records) byPid.set(record.pid, [...(byPid.get(record.pid) ?? []), record]);
  /** The record of `pid` that was running at `time` (pids are reused). */
  const recordAt = (/** @type {number} */ pid, /** @type {number} */ time) => (byPid.get(pid) ?? []).find((record) => record.start <= time && time <= record.end + 1000);

  // Each file's span in its worker: begin to end, with the worker's CPU readings.
  /** @type {Map<number, { file: string, from: number, to: number, cpu: number, thread: boolean }[]>} */
  const spans = new Map();
  /** @type {Map<string, SpanEntry>} */
  const begun = new Map();
  /** @type {Map<ProcessRecord, string>} processes seen alive below a worker, by the file that saw them */
  const seen = new Map();
  for (const entry of entries) {
    if ('pids' in entry) {
      for (const pid of entry.pids) {
        const record = recordAt(pid, entry.time);
        if (record && !seen.has(record)) seen.set(record, entry.file);
      }
    } else if (entry.event === 'begin') begun.set(`${entry.pid} ${entry.file}`, entry);
    else {
      const begin = begun.get(`${entry.pid} ${entry.file}`);
      if (!begin) continue;
      spans.set(entry.pid, [...(spans.get(entry.pid) ?? []), { file: entry.file, from: begin.time, to: entry.time, cpu: (entry.cpu - begin.cpu) / 1e6, thread: entry.thread }]);
    }
  }
  const fileAt = (/** @type {number} */ pid, /** @type {number} */ time) => {
    const list = spans.get(pid) ?? [];
    // A child started within a second of a file's begin (the record's start is in whole seconds) may be the file's: take the last span begun by then.
    return list.filter((span) => span.from <= time + 1000).at(-1)?.file ?? list[0]?.file;
  };

  /** The spans of the files `process` ran as a vitest worker. */
  const hosted = (/** @type {ProcessRecord} */ process) => spans.get(process.pid)?.filter((span) => span.from >= process.start - 1000 && span.to <= process.end + 1000) ?? [];

  /** @type {Charges} */
  const charges = { total: 0, files: new Map(), workers: new Map(), outside: new Map(), commands: new Map() };
  const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key, /** @type {number} */ value) => map.set(key, (map.get(key) ?? 0) + value);
  const fileCharge = (/** @type {string} */ file) => {
    const name = label(file);
    if (!charges.files.has(name)) charges.files.set(name, { own: 0, children: new Map() });
    return /** @type {{ own: number, children: Map<string, number> }} */ (charges.files.get(name));
  };

  for (const record of records) {
    charges.total += record.cpu;
    add(charges.commands, record.command, record.cpu);
    const own = hosted(record);
    if (own.length) {
      // A vitest worker: each file its share, the rest to the workers (a worker thread's files share the process: their sum may be less).
      let charged = 0;
      for (const span of own) {
        fileCharge(span.file).own += span.cpu;
        charged += span.cpu;
      }
      add(charges.workers, record.command, Math.max(0, record.cpu - charged));
      continue;
    }
    // Its nearest ancestor that is a worker or a process a file saw.
    let file = seen.get(record);
    let outsideLabel;
    for (let current = record, depth = 0; !file && depth < 64; depth++) {
      const parent = recordAt(current.ppid, current.start);
      if (!parent) break;
      const files = hosted(parent);
      // The files of vitest's threads pool share its main process: what that process starts (globalSetup's servers) is no one file's.
      if (files.length && files.every((span) => span.thread)) {
        outsideLabel ??= 'vitest (main process: globalSetup)';
        break;
      }
      file = files.length ? fileAt(parent.pid, record.start) : seen.get(parent);
      if (!outsideLabel && /^npm (run|exec) /.test(parent.command)) outsideLabel = parent.command;
      current = parent;
    }
    if (file) add(fileCharge(file).children, record.command, record.cpu);
    else {
      const key = outsideLabel ?? record.command;
      if (!charges.outside.has(key)) charges.outside.set(key, new Map());
      add(/** @type {Map<string, number>} */ (charges.outside.get(key)), record.command, record.cpu);
    }
  }
  return charges;
}
