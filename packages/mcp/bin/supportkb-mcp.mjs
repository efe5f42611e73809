#!/usr/bin/env node
// supportkb-mcp: the MCP server (stdio by default, --http for Streamable HTTP). `--help` lists the options.
// On a Node.js older than the package's `engines` it prints one line saying how to get a newer one
// (exit code 1) before loading anything that would fail on it.
import { readFileSync } from 'node:fs';

const MIN_NODE = /^>=\s*([\d.]+)$/.exec(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node)[1];
const have = process.versions.node.split('.').map((part) => Number.parseInt(part, 10) || 0);
const need = MIN_NODE.split('.').map(Number);
const differs = need.findIndex((part, i) => (have[i] ?? 0) !== part);
if (differs !== -1 && (have[differs] ?? 0) < need[differs]) {
  process.stderr.write(
    `supportkb-mcp: needs Node.js >= ${MIN_NODE}, but this is Node.js ${process.versions.node} (${process.execPath}): install Node.js ${MIN_NODE} or newer (https://nodejs.org/en/download, or \`nvm install 24\`), or run it on Node 24 from the npm registry: \`npx -y -p node@24 supportkb-mcp\`\n`,
  );
  process.exit(1);
}

const { main } = await import('../dist/index.js');
main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`supportkb-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
