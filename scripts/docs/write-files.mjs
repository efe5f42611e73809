// Writing the docs' files (scripts/docs/console.mjs, scripts/docs/realtime.mjs): each through a
// temporary name and a rename, so a reader (a browser, `npm run docs:serve`) never sees half a file.
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Writes each `[file, data]` under `outDir` (folders made as needed), each atomically.
 * @param {string} outDir
 * @param {[string, string | Uint8Array][]} files paths relative to `outDir`, and their contents.
 * @returns {{ file: string, bytes: number }[]} the files written and their sizes.
 */
export function writeFiles(outDir, files) {
  for (const [file, data] of files) {
    const path = join(outDir, file);
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  }
  return files.map(([file]) => ({ file, bytes: statSync(join(outDir, file)).size }));
}
