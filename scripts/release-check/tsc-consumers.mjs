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
// With `--all` (readme.mjs, the README snippets), every file's diagnostics count, as the project's
// `tsc -p` reports them under the tsconfig's own settings (there skipLibCheck: true), with the
// project's TypeScript.
//
// The programs share their parsed (and bound) files: a file is parsed once for every program that
// reads it with the same language version and module format (lib.dom.d.ts, @types/node and the
// packages' declarations are most of each program). Each program type-checks with its own checker.
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { isOurs } from './types.mjs';

const args = process.argv.slice(2);
const all = args[0] === '--all';
const [project, ...configs] = all ? args.slice(1) : args;
if (!project || !configs.length) {
  console.error('usage: node tsc-consumers.mjs [--all] <project> <tsconfig>…');
  process.exit(2);
}
process.chdir(resolve(project));
/** The repository's TypeScript; with --all, the project's own (the one its README snippets' users have). */
const ts = /** @type {typeof import('typescript')} */ (createRequire(all ? join(process.cwd(), 'package.json') : import.meta.url)('typescript'));
const formatHost = { getCanonicalFileName: (/** @type {string} */ f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
/** A file's path as tsc prints it: relative to the project, with forward slashes. */
const relativeName = (/** @type {string} */ file) => relative(process.cwd(), file).split(sep).join('/');

/** Parsed files, shared by the programs: by language version, module format and path. */
const parsedFiles = new Map();
/** A compiler host for `options` whose files come from {@link parsedFiles}. */
function sharingHost(/** @type {import('typescript').CompilerOptions} */ options) {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const o = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
    const key = `${o.languageVersion}\0${o.impliedNodeFormat ?? ''}\0${o.jsDocParsingMode ?? ''}\0${fileName}`;
    let file = parsedFiles.get(key);
    if (!file) {
      file = read(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) parsedFiles.set(key, file);
    }
    return file;
  };
  return host;
}

const results = configs.map((config) => {
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) return { config, lines: [`${config}: error TS5083: Cannot read file '${config}'.`] };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, configFileParsingDiagnostics: parsed.errors, host: sharingHost(parsed.options) });
  /** @type {import('typescript').Diagnostic[]} */
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (all) diagnostics.push(...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics());
  else
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
