#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// `npm run conformance -- --base-url URL --project ID (--email E --password P | --token T) [--read-only]`
//
// Checks a running deployment of the Support and Knowledge Base Service (the real server, the
// stateful mock, Prism, ...) against the contract: a scenario calls every operation, creating its
// own resources (names start with a recognisable `conformance-<run>` prefix) and deleting them
// afterwards, and every answer's status, media type, required headers and body are validated
// against the bundled contract with Ajv. Prints one line per operation (pass / FAIL with the JSON
// path of each violation / skip with the reason) and `N passed, M failed, K skipped`; exits 1 on
// any violation, 2 on a usage error or when the deployment cannot be reached.
//
// The scenario and its reporting live in ./lib/conformance/; this file is the command line.
import { parseArgs } from 'node:util';
import { loadIndexedContract } from './lib/conformance/contract.mjs';
import { runConformance } from './lib/conformance/run.mjs';

const USAGE = `Usage: npm run conformance -- --base-url URL --project ID (--email E --password P | --token T) [options]

Checks every operation of a deployment against the contract (openapi/), creating and deleting its own
resources (prefixed conformance-<run>). Use credentials of an admin or owner of the project.

  --base-url URL         API root of the deployment, e.g. http://127.0.0.1:4010
  --project ID           project id
  --email E --password P sign in as this admin/owner (covers signIn)
  --token T              or use this JWT (with or without the "JWT " prefix)
  --project-secret S     the project's JWT secret: signs a custom token (covers signInWithCustomToken)
  --read-only            only reads and sign-ins: create, update and delete nothing
  --reset-labels         allow deleteAllLabels on a project that has labels (they are restored afterwards)
  --sitemap-url URL      sitemap for parseSitemap (default: one served on loopback for a loopback
                         deployment, otherwise https://example.com/sitemap.xml)
  --timeout MS           per-request timeout (default 15000)
  --contract FILE        a bundled contract to check against (default: bundle openapi/openapi.yaml)
  --json FILE            also write the full report as JSON
  --help                 this text`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      project: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      token: { type: 'string' },
      'project-secret': { type: 'string' },
      'read-only': { type: 'boolean', default: false },
      'reset-labels': { type: 'boolean', default: false },
      'sitemap-url': { type: 'string' },
      timeout: { type: 'string', default: '15000' },
      contract: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`conformance: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const problems = [];
if (!values['base-url']) problems.push('--base-url is required');
else if (!URL.canParse(values['base-url'])) problems.push(`--base-url is not a URL: ${values['base-url']}`);
if (!values.project) problems.push('--project is required');
if (!values.token && !(values.email && values.password)) problems.push('give --email and --password, or --token');
const timeout = Number(values.timeout);
if (!Number.isInteger(timeout) || timeout <= 0) problems.push(`--timeout must be a positive integer (ms): ${values.timeout}`);
if (problems.length) {
  console.error(`conformance: ${problems.join('; ')}\n\n${USAGE}`);
  process.exit(2);
}

const contract = await loadIndexedContract(values.contract);
const report = await runConformance({
  contract,
  baseUrl: values['base-url'].replace(/\/+$/, ''),
  projectId: values.project,
  email: values.email,
  password: values.password,
  token: values.token,
  projectSecret: values['project-secret'],
  readOnly: values['read-only'],
  resetLabels: values['reset-labels'],
  sitemapUrl: values['sitemap-url'],
  timeout,
  print: (line) => console.log(line),
});
if (values.json) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
}
process.exit(report.unreachable ? 2 : report.failed > 0 ? 1 : 0);
