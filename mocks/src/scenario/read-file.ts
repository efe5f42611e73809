/** Reading the files a mock loads (scenarios, recordings) up to a size limit (Node). */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** The default limit of a scenario file or a recording (`--scenario`, `--from-har`, `--seed-from-har`): 128 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 128 * 1024 * 1024;

/** A file over its size limit: `limit` in bytes. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  readonly code = 'ERR_SUPPORTKB_FILE_TOO_LARGE';
  constructor(readonly limit: number) {
    super(`larger than the limit of ${describeBytes(limit)} (raise it with --max-file-size SIZE, or the maxFileBytes option)`);
  }
}

/** `134217728` as `128 MiB`, `1000` as `1000 bytes`. */
function describeBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const)
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  return `${bytes} bytes`;
}

/**
 * Reads a text file (UTF-8) of at most `limit` bytes, never more: a regular file larger than that
 * is refused before reading, anything else (a device such as `/dev/zero`, a pipe) as soon as
 * `limit + 1` bytes have arrived.
 * @throws {FileTooLargeError} over the limit; the `fs` error (with its `code`) when it cannot be read.
 */
export function readFileBounded(file: string | URL, limit: number = DEFAULT_MAX_FILE_BYTES): string {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`maxFileBytes must be a positive whole number of bytes, got ${String(limit)}`);
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && stats.size > limit) throw new FileTooLargeError(limit);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, limit + 1 - size));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      size += read;
      if (size > limit) throw new FileTooLargeError(limit);
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
