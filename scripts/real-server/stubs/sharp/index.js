'use strict';
// Stands in for `sharp` (native: its install script downloads a prebuilt libvips, and installs run
// with --ignore-scripts). The server requires it at boot but uses it only to make image thumbnails
// (routes/images.js, routes/filesp.js): every chain of operations is accepted and every terminal
// call (toBuffer, toFile, metadata) rejects with a clear error.

function rejectStubbed() {
  return Promise.reject(new Error('sharp is stubbed in the real-server harness: no image processing'));
}

const TERMINAL = new Set(['toBuffer', 'toFile', 'metadata']);

function sharp() {
  const pipeline = new Proxy({}, {
    get(_target, name) {
      if (name === 'then') return undefined; // not a thenable
      return TERMINAL.has(name) ? rejectStubbed : () => pipeline;
    },
  });
  return pipeline;
}

sharp.cache = () => {};
sharp.concurrency = () => 0;
sharp.simd = () => false;
sharp.format = {};
sharp.versions = {};

module.exports = sharp;
