#!/usr/bin/env node
// supportkb-mcp: the MCP server (stdio by default, --http for Streamable HTTP). `--help` lists the options.
import { main } from '../dist/index.js';

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`supportkb-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
