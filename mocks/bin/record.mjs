#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// supportkb-record (`npm run record -- options`): a recording proxy on 127.0.0.1 in front of a real
// deployment, until SIGINT/SIGTERM (or, under npm, until npm goes away: cli.mjs stopOnSignals); then
// the traffic is written to --out as HAR 1.2 with credentials, tokens and secrets redacted. `--help`
// lists the options; a bad option is one line on stderr saying the fix (exit code 2 for usage, 1
// otherwise). Never prints a password or a token. Needs the built package.
import { existsSync, writeFileSync } from 'node:fs';
import { fail, importBuilt, invocation, listenProblem, parseCommandLine, requireSupportedNode, stopOnSignals } from './cli.mjs';

const { name, example } = invocation('supportkb-record', 'record');
const usage = `Usage: ${example('--base-url URL --project ID (--email E --password P | --token T) --out FILE.har [--port N] [--host H] [--allow-origin ORIGIN]')}

A recording proxy in front of a deployment of the Support and Knowledge Base Service API: point an
app or the SDK at the URL it prints (no credentials needed: the proxy adds them), use the app, then
Ctrl-C. Every exchange is written to FILE.har (HAR 1.2) with credentials, tokens and secrets
replaced by "REDACTED".

Options:
      --base-url URL   the deployment, e.g. https://api.tiledesk.com/v2 (required)
      --project ID     the project the session uses; printed with the URL (required)
      --email E        a teammate's email: the proxy signs in once and sends the JWT it gets
      --password P     that teammate's password
      --token T        or a token instead: "JWT …" (a bare token gets the JWT prefix) or "Basic …"
      --out FILE.har   where to write the recording on stop (required)
  -p, --port N         TCP port (default 4010, or $PORT); 0 picks a free port
      --host H         interface to listen on (default 127.0.0.1, this machine only); requests are
                       answered only under a loopback Host (localhost, 127.0.0.1, [::1])
      --allow-origin ORIGIN
                       a web page origin (e.g. http://localhost:5173) allowed to call the proxy from a
                       browser, with CORS grants; repeat for more. Requests from any other page are
                       refused (403): the proxy adds the credentials
  -h, --help           this help`;

const { values, port } = parseCommandLine({
  bin: name,
  usage,
  options: {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    'base-url': { type: 'string' },
    project: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    token: { type: 'string' },
    out: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
  },
});
requireSupportedNode('supportkb-record');
const host = values.host ?? '127.0.0.1';
for (const option of ['base-url', 'project', 'out']) if (!values[option]) fail(name, `--${option} is required; --help lists the options`, 2);
if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(values['base-url'])) fail(name, '--base-url must not hold credentials (user:password@): pass --email E --password P, or --token T, instead', 2);
if (!/^https?:\/\/[^\s/]/i.test(values['base-url'])) fail(name, `invalid --base-url ${JSON.stringify(values['base-url'])}: pass the deployment's http(s) URL, e.g. http://127.0.0.1:3000`, 2);
const byPassword = values.email !== undefined || values.password !== undefined;
if (byPassword && values.token !== undefined) fail(name, 'pass either --email and --password, or --token, not both', 2);
if (byPassword && !(values.email && values.password)) fail(name, `--${values.email ? 'password' : 'email'} is missing: pass --email E --password P together`, 2);
if (!byPassword && !values.token) fail(name, 'credentials are required: pass --email E --password P, or --token T', 2);

const dist = new URL('../dist/record.js', import.meta.url);
if (!existsSync(dist)) fail(name, '@supportkb/mocks is not built: run `npm run build` at the repository root first (`npm run record` does it for you)');
const { startRecordingProxy } = await importBuilt(name, dist);

const out = values.out;
let proxy;
try {
  proxy = await startRecordingProxy({
    target: values['base-url'],
    port,
    host,
    credentials: byPassword ? { email: values.email, password: values.password } : { token: values.token },
    ...(values['allow-origin'] ? { allowedOrigins: values['allow-origin'] } : {}),
  });
} catch (error) {
  // Sign-in failures say which step and status; their messages never hold the password or token.
  fail(name, error?.code ? listenProblem(error, { host, port, example }) : String(error?.message ?? error).replace(/^startRecordingProxy: /, ''), error instanceof TypeError ? 2 : 1);
}
console.log(
  `Recording proxy for ${values['base-url']} at ${proxy.url} (project ${values.project}; credentials added to requests without any). Point the app or the SDK at ${proxy.url}; Ctrl-C writes ${out}.`,
);
stopOnSignals(
  name,
  async () => {
    const har = await proxy.stop();
    writeFileSync(out, `${JSON.stringify(har, null, 2)}\n`);
    return har;
  },
  { npmScript: 'record', stopped: () => console.log(`recorded ${proxy.count} exchange${proxy.count === 1 ? '' : 's'} into ${out} (secrets redacted)`) },
);
