#!/usr/bin/env node
// Fails clearly when the tooling would run on a Node older than the one the project installs.
// `npm run` puts node_modules/.bin first on PATH, so this sees the registry's Node 24 (devDependency `node`).
const MIN = [24, 18, 0];
const have = process.versions.node.split('.').map(Number);
const older = have[0] !== MIN[0] ? have[0] < MIN[0] : have[1] !== MIN[1] ? have[1] < MIN[1] : have[2] < MIN[2];
if (older) {
  console.error(
    `supportkb needs Node >= ${MIN.join('.')} for its tooling, but this is Node ${process.versions.node} (${process.execPath}).\n` +
      'Run commands through npm scripts (`npm run ...`, `npm test`), which put the project\'s own Node 24\n' +
      '(installed by `npm ci` from the registry package `node`) first on PATH; do not call node_modules/.bin tools directly.',
  );
  process.exit(1);
}
