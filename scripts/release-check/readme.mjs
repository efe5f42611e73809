// The `readme` check: every code block of a package's README, as shipped in its tarball, runs as a
// user runs it (see README SNIPPETS in scripts/release-check.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { step } from './common.mjs';

const MOCK_URL = 'http://127.0.0.1:4010';
const SECRET_OUTPUT = /Str0ng-example-passw0rd|eyJ[\w-]+\.[\w-]+\./;
/** At most this many snippet programs at once, for every package together. */
const snippetSlots = (() => {
  let free = 4;
  const waiting = [];
  return async (fn) => {
    if (free === 0) await new Promise((resolveSlot) => waiting.push(resolveSlot));
    else free--;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
})();

/**
 * Type-checks the ts snippets of a package (its tsconfig, relative to the project) with the project's
 * TypeScript, as `tsc -p` does: every package's check asked for in the same turn runs in one process
 * (tsc-consumers.mjs --all), whose programs share the files they all parse (@types/node, lib.dom.d.ts,
 * the packages' declarations). Resolves with the tsconfig's error lines, or with a failure of the
 * process as one line.
 * @param {string} project
 * @param {string} tsconfig
 * @returns {Promise<string[]>}
 */
function typecheckSnippets(project, tsconfig) {
  if (!typecheckSnippets.batch) {
    const configs = /** @type {string[]} */ ([]);
    const done = new Promise((next) => setImmediate(next)).then(async () => {
      typecheckSnippets.batch = undefined;
      // A guard against a hang, not a budget: the three packages' snippets took over 60 s each on a
      // busy 2-core machine (one tsc process per package then, beside the snippets).
      const worker = join(import.meta.dirname, 'tsc-consumers.mjs');
      const r = await spawnIn(project, process.execPath, [worker, '--all', project, ...configs], { timeout: 240_000 }).exited;
      if (r.code !== 0) return { failed: `tsc-consumers.mjs --all: exit code ${r.code ?? r.signal}\n${(r.stdout + r.stderr).trim()}` };
      return { results: /** @type {{ config: string, lines: string[] }[]} */ (JSON.parse(r.stdout)) };
    });
    typecheckSnippets.batch = { configs, done };
  }
  typecheckSnippets.batch.configs.push(tsconfig);
  return typecheckSnippets.batch.done.then(({ failed, results }) => (failed ? [failed] : (results?.find((r) => r.config === tsconfig)?.lines ?? [`${tsconfig}: not compiled`])));
}
/** @type {{ configs: string[], done: Promise<{ failed?: string, results?: { config: string, lines: string[] }[] }> } | undefined} */
typecheckSnippets.batch = undefined;

/** The fenced blocks of a README: { lang, name, flags, code, line }, and its untagged code blocks. */
function readmeBlocks(text) {
  const blocks = [];
  const untagged = [];
  const fence = /^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (const m of text.matchAll(fence)) {
    const [lang = '', ...attributes] = m[1].trim().split(/\s+/);
    const line = text.slice(0, m.index).split('\n').length;
    const name = attributes.find((a) => a.startsWith('snippet='))?.slice('snippet='.length);
    if (!['js', 'ts', 'sh'].includes(lang)) {
      if (/^(javascript|typescript|mjs|cjs|mts|tsx|jsx|bash|shell|console)$/.test(lang) || name)
        untagged.push({ line, lang, why: `a \`\`\`${lang} block: tag code as \`\`\`js, \`\`\`ts or \`\`\`sh with snippet=NAME` });
      continue;
    }
    if (!name) {
      untagged.push({ line, lang, why: `a \`\`\`${lang} block without snippet=NAME (every code block of a README runs)` });
      continue;
    }
    blocks.push({ lang, name, flags: new Set(attributes.filter((a) => !a.startsWith('snippet='))), code: m[2], line });
  }
  return { blocks, untagged };
}

/** Runs a program in the project; resolves with its exit code, signal and output (never rejects). */
function spawnIn(project, command, args, { env = {}, timeout = 60_000, detached = false } = {}) {
  const child = spawn(command, args, { cwd: project, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((done) => {
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeout / 1000} s)`;
      try {
        if (child.pid !== undefined) process.kill(detached ? -child.pid : child.pid, 'SIGKILL');
      } catch {}
    }, timeout);
    child.on('error', (error) => {
      stderr += String(error.message);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** The `// → text` expectations of a snippet, in order. */
function expectationsOf(code) {
  return [...code.matchAll(/\/\/ → (.+)$/gm)].map((m) => m[1].trim());
}

/** Problems with a snippet program's run: its exit, stderr, the expected output, secrets. */
function judgeRun(name, code, result) {
  const problems = [];
  const tail = (text) => text.trim().split('\n').slice(-15).join('\n');
  if (result.code !== 0) problems.push(`${name}: exit code ${result.code ?? result.signal}\n${tail(result.stdout)}\n${tail(result.stderr)}`);
  else if (/\b(\w*Error|Warning)\b:|^\s+at .+:\d+:\d+\)?$/m.test(result.stderr)) problems.push(`${name}: printed an error or a warning on stderr:\n${tail(result.stderr)}`);
  let from = 0;
  for (const expected of expectationsOf(code)) {
    const at = result.stdout.indexOf(expected, from);
    if (at === -1) {
      problems.push(`${name}: the output lacks "${expected}" (a \`// →\` comment, in order); it was:\n${tail(result.stdout)}`);
      break;
    }
    from = at + expected.length;
  }
  if (SECRET_OUTPUT.test(result.stdout + result.stderr)) problems.push(`${name}: printed a password or a token`);
  return problems;
}

/** One line of a ```sh snippet: problems, and what was done. */
async function shellLine(packages, p, project, readme, line) {
  const words = line.split(/\s+/);
  const peers = p.manifest.peerDependencies ?? {};
  const ours = new Set(packages.map((q) => q.manifest.name));
  if (words[0] === 'npm' && ['install', 'i', 'add'].includes(words[1])) {
    const specs = words.slice(2).filter((w) => !w.startsWith('-'));
    const unknown = specs
      .map((spec) => spec.replace(/^(@?[^@]+)@.*$/, '$1'))
      .filter((name) => !ours.has(name) && !(name in peers) && !packages.some((q) => name in (q.manifest.peerDependencies ?? {})));
    return { problems: unknown.map((name) => `\`${line}\`: ${name} is neither one of the packages nor a peer dependency of one`), did: 'install line checked' };
  }
  const bins = Object.assign({}, ...packages.map((q) => (typeof q.manifest.bin === 'string' ? { [q.manifest.name.split('/').pop()]: q.manifest.bin } : (q.manifest.bin ?? {}))));
  if (words[0] !== 'npx' || !(words[1] in bins)) return { problems: [`\`${line}\`: a sh snippet may hold \`npm install …\` and \`npx <bin>\` of the packages (${Object.keys(bins).join(', ')}) only`] };
  const args = words.slice(2);
  const portAt = args.findIndex((a) => a === '--port' || a === '-p');
  if (portAt !== -1) args[portAt + 1] = '0';
  const help = args.includes('--help') || args.includes('-h');
  const started = spawnIn(project, 'npx', [words[1], ...args], { env: { PORT: '0' }, timeout: 30_000, detached: true });
  if (help) {
    const r = await started.exited;
    return { problems: r.code === 0 && /usage/i.test(r.stdout) ? [] : [`\`${line}\`: exit code ${r.code}, no usage:\n${r.stdout}${r.stderr}`], did: `${words[1]} --help` };
  }
  // A server: its URL, an answer, then SIGTERM. Or a command that needs an optional peer not installed.
  const url = await new Promise((found) => {
    const poll = setInterval(() => {
      const text = started.output().stdout;
      const m = /http:\/\/[\w.:[\]-]+/.exec(text);
      if (m) {
        clearInterval(poll);
        found(m[0]);
      }
    }, 50);
    started.exited.then(() => {
      clearInterval(poll);
      found(undefined);
    });
  });
  if (!url) {
    const r = await started.exited;
    const missingPeers = Object.keys(peers).filter((name) => peers[name] && p.manifest.peerDependenciesMeta?.[name]?.optional && !existsSync(join(project, 'node_modules', name)));
    const lines = r.stderr.trim().split('\n');
    const install = /`(npm install [^`]+)`/.exec(r.stderr)?.[1];
    const named = missingPeers.find((name) => install?.includes(name));
    if (r.code === 1 && lines.length === 1 && named && readme.includes(install)) return { problems: [], did: `${words[1]} without ${named} (an optional peer): says \`${install}\`` };
    return {
      problems: [
        `\`${line}\`: no URL printed, exit code ${r.code}${named ? '' : ' (a command whose optional peer is missing must say, in one line, the `npm install` that the README shows)'}:\n${r.stdout}${r.stderr}`,
      ],
    };
  }
  const problems = [];
  try {
    await fetch(url, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer());
  } catch (error) {
    problems.push(`\`${line}\`: ${url} does not answer: ${error.message}`);
  }
  try {
    if (started.child.pid !== undefined) process.kill(-started.child.pid, 'SIGTERM');
  } catch {}
  const stopped = await Promise.race([started.exited, new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
  if (!stopped) problems.push(`\`${line}\`: still running 10 s after SIGTERM`);
  return { problems, did: `${words[1]} served ${url.replace(/:\d+$/, ':<port>')}` };
}

export async function readmeStep(packages, p, project) {
  return step('readme', async () => {
    const readmeFile = p.packed.files.map((f) => f.path).find((f) => /^readme(\.md)?$/i.test(f));
    if (!readmeFile) return { problems: ['the tarball has no README.md'] };
    const readme = readFileSync(join(p.extracted, readmeFile), 'utf8');
    const { blocks, untagged } = readmeBlocks(readme);
    const problems = untagged.map((u) => `README.md:${u.line}: ${u.why}`);
    const names = blocks.map((b) => b.name);
    for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`README.md: two snippets are named ${name}`);
    if (!blocks.length) return { problems: [...problems, 'README.md has no snippet'] };
    const dir = join(project, 'readme', p.manifest.name.replace(/^@/, '').replace('/', '-'));
    mkdirSync(dir, { recursive: true });
    const typechecked = [];

    // TypeScript: the project's TypeScript, strict, over every ts snippet at once (typecheckSnippets).
    const ts = blocks.filter((b) => b.lang === 'ts');
    for (const b of ts) writeFileSync(join(dir, `${b.name}.mts`), b.code);
    const typecheck = ts.length
      ? (async () => {
          const compilerOptions = {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            lib: ['es2023', 'dom', 'dom.iterable'],
            types: ['node'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
          };
          writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ts.map((b) => `${b.name}.mts`) }, null, 2));
          const errors = await typecheckSnippets(project, relative(project, join(dir, 'tsconfig.json')));
          if (errors.length) problems.push(`tsc (strict) on the ts snippets:\n${errors.join('\n')}`);
          else typechecked.push(`${ts.length} ts type-checked (tsc strict)`);
        })()
      : Promise.resolve();

    // A runner that serves a fresh stateful mock of the installed package for snippets that call the mock's URL.
    writeFileSync(
      join(dir, '_with-mock.mjs'),
      `import { pathToFileURL } from 'node:url';\nimport { startMock } from '@supportkb/mocks';\nconst mock = await startMock({ port: 0 });\nprocess.env.SUPPORTKB_README_MOCK_URL = mock.url;\ntry {\n  await import(pathToFileURL(process.argv[2]).href);\n} finally {\n  await mock.stop();\n}\n`,
    );
    /** What each block did, in the README's order. */
    const done = blocks.map(() => /** @type {string[]} */ ([]));
    const runs = blocks.map((b, index) =>
      snippetSlots(async () => {
        const did = done[index] ?? [];
        if (b.lang === 'sh') {
          // The lines of a block at once: each is an install line to check or a command of its own.
          const lines = b.code
            .split('\n')
            .map((raw) =>
              raw
                .replace(/\s+#.*$/, '')
                .replace(/^#.*$/, '')
                .trim(),
            )
            .filter(Boolean);
          for (const r of await Promise.all(lines.map((line) => shellLine(packages, p, project, readme, line)))) {
            problems.push(...r.problems.map((x) => `${b.name}: ${x}`));
            if (r.did) did.push(`${b.name}: ${r.did}`);
          }
          return;
        }
        const usesMock = b.code.includes(MOCK_URL);
        const code = usesMock ? b.code.replaceAll(`'${MOCK_URL}'`, 'String(process.env.SUPPORTKB_README_MOCK_URL)') : b.code;
        if (usesMock && code.includes(MOCK_URL)) return void problems.push(`${b.name}: name ${MOCK_URL} only as the string '${MOCK_URL}' (it is replaced by a fresh mock's URL)`);
        const file = join(dir, `${b.name}.run.${b.lang === 'ts' ? 'mts' : 'mjs'}`);
        writeFileSync(file, code);
        if (b.flags.has('browser')) {
          const esbuild = await import('esbuild');
          try {
            await esbuild.build({ entryPoints: [file], absWorkingDir: project, bundle: true, write: false, platform: 'browser', format: 'esm', target: 'es2022', logLevel: 'silent' });
            did.push(`${b.name} (browser: bundles)`);
          } catch (error) {
            problems.push(`${b.name}: does not bundle for the browser: ${error.message.split('\n').slice(0, 6).join(' ')}`);
          }
          return;
        }
        const args = b.flags.has('test') ? ['--test', '--test-reporter=spec', file] : usesMock ? [join(dir, '_with-mock.mjs'), file] : [file];
        const result = await spawnIn(project, process.execPath, args).exited;
        const found = judgeRun(b.name, b.code, result);
        problems.push(...found);
        if (!found.length) did.push(`${b.name}${usesMock ? ' (against a fresh mock)' : ''}${b.flags.has('test') ? ' (node --test)' : ''}`);
      }),
    );
    await Promise.all([typecheck, ...runs]);
    return { problems, detail: `${blocks.length} snippets: ${[...typechecked, ...done.flat()].join('; ')}` };
  });
}
