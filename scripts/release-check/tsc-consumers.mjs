// The `types (tsc)` worker: compiles the consumer programs of the scratch project, one per tsconfig
// named on the command line, in this one process, and prints their diagnostics as JSON
// ({ config, lines }[], each line as `tsc --pretty false` prints it, relative to the project).
//
// Run by types.mjs as `node tsc-consumers.mjs <project> <tsconfig>…`. What it checks, per program:
// the options and global diagnostics, and every file the check counts (the consumer files and the
// declarations of @supportkb packages), syntax and types, under the program's own settings
// (skipLibCheck: false included, so our declaration files are type-checked). The bodies of
// third-party declaration files are not checked: their errors never failed the check (they were only
// counted), and checking them took about 85% of the time (the MCP SDK's and zod's schemas, type-fest,
// lib.dom.d.ts). Errors located in them while ours are checked are still reported, as theirs.
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { isOurs } from './types.mjs';

const [project, ...configs] = process.argv.slice(2);
if (!project || !configs.length) {
  console.error('usage: node tsc-consumers.mjs <project> <tsconfig>…');
  process.exit(2);
}
process.chdir(resolve(project));
const formatHost = { getCanonicalFileName: (/** @type {string} */ f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
/** A file's path as tsc prints it: relative to the project, with forward slashes. */
const relativeName = (/** @type {string} */ file) => relative(process.cwd(), file).split(sep).join('/');

const results = configs.map((config) => {
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) return { config, lines: [`${config}: error TS5083: Cannot read file '${config}'.`] };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, configFileParsingDiagnostics: parsed.errors });
  /** @type {ts.Diagnostic[]} */
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const file of program.getSourceFiles()) {
    if (!isOurs(relativeName(file.fileName))) continue;
    diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  const lines = ts
    .formatDiagnostics(ts.sortAndDeduplicateDiagnostics(diagnostics), formatHost)
    .split('\n')
    .filter((l) => /error TS\d+/.test(l));
  return { config, lines };
});
process.stdout.write(JSON.stringify(results));
