'use strict';
// Preloaded into the real server (`node -r guard-loopback.cjs bin/www`) so that it can only ever
// talk to this machine: every TCP/TLS connection to a host that is not loopback fails with
// ECONNREFUSED, every DNS lookup of such a host fails with ENOTFOUND (each refusal logged once per
// host on stderr), and servers listening on a bare port are bound to 127.0.0.1.
const net = require('node:net');
const dns = require('node:dns');

const refused = new Set();

function isLoopback(host) {
  return !host || host === 'localhost' || host === '::1' || host === '0.0.0.0' || /^(::ffff:)?127\./.test(host);
}

function noteRefusal(host, what) {
  if (refused.has(host)) return;
  refused.add(host);
  process.stderr.write(`[guard-loopback] refused ${what} to ${host}\n`);
}

function lookupError(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (guard-loopback)`), { code: 'ENOTFOUND', hostname });
}

/** The host a `socket.connect(...)` call targets; undefined for local ones (IPC path, no host). */
function connectHost(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') return first.path ? undefined : first.host;
  if (typeof first === 'string' && Number.isNaN(Number(first))) return undefined; // IPC path
  return typeof args[1] === 'string' ? args[1] : undefined;
}

function guardConnect() {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(...args) {
    const host = connectHost(args);
    if (isLoopback(host)) return connect.apply(this, args);
    noteRefusal(host, 'connection');
    const error = Object.assign(new Error(`guard-loopback: connection to ${host} refused`), { code: 'ECONNREFUSED' });
    process.nextTick(() => this.destroy(error));
    return this;
  };
}

function guardLookup() {
  const lookup = dns.lookup;
  dns.lookup = function guardedLookup(hostname, options, callback) {
    const done = typeof options === 'function' ? options : callback;
    if (isLoopback(hostname)) return lookup.call(this, hostname, options, callback);
    noteRefusal(hostname, 'dns lookup');
    process.nextTick(() => done(lookupError(hostname)));
    return undefined;
  };
  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = function guardedPromiseLookup(hostname, options) {
    if (isLoopback(hostname)) return lookupPromise.call(this, hostname, options);
    noteRefusal(hostname, 'dns lookup');
    return Promise.reject(lookupError(hostname));
  };
}

/** `server.listen(port)` and `server.listen({ port })` without a host bind to 127.0.0.1. */
function guardListen() {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function guardedListen(...args) {
    const [first] = args;
    const barePort = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
    if (barePort && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
    else if (first && typeof first === 'object' && !Array.isArray(first) && first.port !== undefined && !first.host && !first.path) args[0] = { ...first, host: '127.0.0.1' };
    return listen.apply(this, args);
  };
}

guardConnect();
guardLookup();
guardListen();
