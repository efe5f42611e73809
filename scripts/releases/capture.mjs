#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 4 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// `node scripts/releases/capture.mjs --version X [--read-by Y] [--git-dir DIR] [--out FILE]`
//
// Starts release X of the real server (scripts/real-server/, `version` option: from the npm registry
// when it publishes X, else from its tag in --git-dir), runs the parity scenario against it
// (scripts/lib/parity/: every operation, valid and invalid input) and writes the request/answer pairs
// to test/fixtures/releases/X.json.gz (default; gzip keeps each corpus near 100 KB instead of 1 MB; read it with zcat), volatile values replaced (normalise()): ObjectIds and
// UUIDs by stable stand-ins numbered in order of appearance, dates by one fixed date, tokens by a
// fixed token, the run prefix by "run". test/releases-corpus.test.ts validates every answer against
// today's contract and the SDK's zodValidation().
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadIndexedContract } from '../lib/conformance/contract.mjs';
import { runScenario } from '../lib/parity/run.mjs';
import { parityScenario } from '../lib/parity/scenario.mjs';
import { DEFAULT_VERSION, startRealServer } from '../real-server/index.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS_DIR = join(ROOT, 'test/fixtures/releases');
const RUN = 'rel';

const OBJECT_ID = /\b[0-9a-f]{24}\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const JWT = /\b(eyJ[\w-]+)\.(eyJ[\w-]+)\.([\w-]+)/g;
const FIXED_DATE = '2025-01-01T00:00:00.000Z';
const FIXED_JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJyZWRhY3RlZCJ9.cmVkYWN0ZWQ';

/** Replaces volatile values; the same original value always gets the same stand-in. */
export function normaliser() {
  const ids = new Map();
  const uuids = new Map();
  const id = (value) => {
    if (!ids.has(value)) ids.set(value, (ids.size + 1).toString(16).padStart(24, '0'));
    return ids.get(value);
  };
  const uuid = (value) => {
    const key = value.toLowerCase();
    if (!uuids.has(key)) uuids.set(key, `00000000-0000-4000-8000-${(uuids.size + 1).toString(16).padStart(12, '0')}`);
    return uuids.get(key);
  };
  const text = (s) => {
    if (ISO_DATE.test(s)) return FIXED_DATE;
    return s
      .replace(JWT, FIXED_JWT)
      .replace(UUID, uuid)
      .replace(OBJECT_ID, id)
      .replace(/parity-[0-9a-z]+|\brel-[0-9a-z]+\b/g, 'rel');
  };
  const walk = (value) => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    return value;
  };
  return walk;
}

/** Volatile numbers under these keys (epoch milliseconds, durations) become 0. */
const VOLATILE_NUMBER_KEYS = new Set(['ms', 'iat', 'exp', 'nbf', 'createdAt', 'updatedAt', 'timestamp']);
function zeroVolatileNumbers(value) {
  if (Array.isArray(value)) return value.map(zeroVolatileNumbers);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'number' && VOLATILE_NUMBER_KEYS.has(k) && v > 1e9 ? 0 : zeroVolatileNumbers(v)]));
  return value;
}

/**
 * The environment a deployment of an older release needs beyond the harness's: before 2.13.50
 * (config/kb/engine.js), routes/kb.js builds the default knowledge base's engine from
 * PINECONE_INDEX / PINECONE_INDEX_HYBRID with no default, and without them creating it fails
 * (`Path index_name is required`, so the seeding's first GET /kb/namespace/all answers 500). The
 * values are the defaults later releases use.
 */
function releaseEnvironment(version) {
  const [major, minor, patch] = version.split('.').map(Number);
  const before = major < 2 || (major === 2 && (minor < 13 || (minor === 13 && patch < 50)));
  return before ? { PINECONE_INDEX: 'llm-sample-index', PINECONE_INDEX_HYBRID: 'llm-sample-hybrid-index' } : {};
}

/** The headers kept with an answer: those the contract requires somewhere, and the media type. */
const KEPT_HEADERS = ['x-hook-secret'];

/**
 * Captures the scenario on `version`; with `readBy`, first runs it on `version` (its documents
 * stored by that release), then starts release `readBy` on the same database (an upgrade: its
 * migrations run on them) and captures the scenario there: what a newer release answers with the
 * documents an older one stored. Writes `<version>.json.gz` or `<version>-read-by-<readBy>.json.gz`.
 */
export async function capture({ version, readBy, gitDir, out, log = () => {} }) {
  const contract = await loadIndexedContract();
  const start = async (release, options = {}) => {
    const started = Date.now();
    const server = await startRealServer({ version: release === DEFAULT_VERSION ? undefined : release, gitDir, log, serverEnv: releaseEnvironment(release), ...options });
    log(`release ${release} started at ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return server;
  };
  let records;
  const server = await start(version);
  try {
    if (!readBy) {
      records = await runScenario({ contract, ...server, run: RUN, steps: parityScenario(), timeout: 10_000, recordHeaders: true });
    } else {
      await runScenario({ contract, ...server, run: RUN, steps: parityScenario(), timeout: 10_000 });
      log(`release ${version}: scenario run, its documents stored; now ${readBy} on its database`);
      const reader = await start(readBy, { database: server });
      try {
        records = await runScenario({ contract, ...reader, run: `${RUN}2`, steps: parityScenario(), timeout: 10_000, recordHeaders: true });
      } finally {
        await reader.stop();
      }
    }
  } finally {
    await server.stop();
  }
  const release = readBy ? `${version}-read-by-${readBy}` : version;
  const normalise = normaliser();
  const calls = records.map((r) => {
    const headers = Object.fromEntries(KEPT_HEADERS.filter((h) => r.headers?.[h] !== undefined).map((h) => [h, r.headers[h]]));
    return {
      id: r.id,
      op: r.op,
      method: r.method,
      url: normalise(r.url),
      status: r.status,
      ...(r.contentType ? { contentType: r.contentType } : {}),
      ...(Object.keys(headers).length ? { headers: normalise(headers) } : {}),
      ...(r.error ? { error: r.error.replace(/\d+ ms/, 'N ms') } : {}),
      body: zeroVolatileNumbers(normalise(r.body)),
    };
  });
  const corpus = {
    about: readBy
      ? `The parity scenario (scripts/lib/parity/) against release ${readBy} of @tiledesk/tiledesk-server started on the database of release ${version} after the same scenario ran there (an upgrade), captured by scripts/releases/capture.mjs; volatile values replaced. Do not edit: capture again.`
      : `The parity scenario (scripts/lib/parity/) against release ${version} of @tiledesk/tiledesk-server, captured by scripts/releases/capture.mjs; volatile values replaced. Do not edit: capture again.`,
    release,
    ...(readBy ? { storedBy: version, readBy } : {}),
    serverEnv: releaseEnvironment(version),
    calls,
  };
  const file = out ?? join(CORPUS_DIR, `${release}.json.gz`);
  mkdirSync(dirname(file), { recursive: true });
  const json = `${JSON.stringify(corpus, null, 0).replace(/\},\{"id"/g, '},\n{"id"')}\n`;
  writeFileSync(file, file.endsWith('.gz') ? gzipSync(json, { level: 9 }) : json);
  return { file, calls: calls.length, answered: calls.filter((c) => c.status !== 0).length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { version: { type: 'string' }, 'read-by': { type: 'string' }, 'git-dir': { type: 'string' }, out: { type: 'string' } } });
  if (!values.version) {
    console.error('usage: capture.mjs --version X [--read-by Y] [--git-dir DIR] [--out FILE]');
    process.exit(2);
  }
  capture({ version: values.version, readBy: values['read-by'], gitDir: values['git-dir'], out: values.out, log: (l) => console.error(l) }).then(
    ({ file, calls, answered }) => console.error(`wrote ${relative(process.cwd(), file)}: ${calls} calls, ${answered} answered`),
    (error) => {
      console.error(`capture: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}
