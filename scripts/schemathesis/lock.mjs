#!/usr/bin/env node
// Regenerates requirements.txt (the hashed lock of the Schemathesis install) from requirements.in:
// pip-tools in a throwaway virtualenv, `pip-compile --generate-hashes` against PyPI, this header on
// top. Run it after changing the version in requirements.in: `node scripts/schemathesis/lock.mjs`
// (Node 20 or 24, a python3 >= 3.11 with venv; needs PyPI). Then run the tests: the install
// (install.mjs) notices the new lock by its hash.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUIREMENTS, SOURCE_DIR } from './install.mjs';

const PIP_TOOLS = 'pip-tools==7.6.2';
const HEADER = `# The full lock of the project's Schemathesis install: every package of the dependency tree at an
# exact version, with the sha256 of every file PyPI publishes for it (install.mjs installs with
# \`pip install --require-hashes --only-binary :all: --no-deps\`). Generated for CPython 3.11
# (Schemathesis 4.32 needs >= 3.11) from requirements.in by lock.mjs (${PIP_TOOLS}):
#
#   pip-compile --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \\
#     --no-emit-find-links --no-header --output-file requirements.txt requirements.in
#
# Do not edit by hand: change requirements.in and run \`node scripts/schemathesis/lock.mjs\`.

`;

const python = process.env.SCHEMATHESIS_PYTHON || 'python3';
const dir = mkdtempSync(join(tmpdir(), 'supportkb-schemathesis-lock-'));
try {
  execFileSync(python, ['-m', 'venv', join(dir, 'venv')], { stdio: 'inherit' });
  const bin = join(dir, 'venv', process.platform === 'win32' ? 'Scripts' : 'bin');
  execFileSync(join(bin, 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PIP_TOOLS], { stdio: 'inherit' });
  const out = join(dir, 'requirements.txt');
  execFileSync(
    join(bin, 'pip-compile'),
    ['--quiet', '--generate-hashes', '--allow-unsafe', '--strip-extras', '--no-emit-index-url', '--no-emit-find-links', '--no-header', '--output-file', out, 'requirements.in'],
    { stdio: 'inherit', cwd: SOURCE_DIR },
  );
  writeFileSync(REQUIREMENTS, HEADER + readFileSync(out, 'utf8'));
  console.log(`wrote ${REQUIREMENTS}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
