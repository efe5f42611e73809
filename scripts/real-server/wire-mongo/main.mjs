// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// In-memory MongoDB wire-protocol server for the real-server harness (see ../README.md): enough of
// MongoDB for the mongodb 3.7 driver of mongoose 5.13, which @tiledesk/tiledesk-server uses.
// Listens on 127.0.0.1 on a free port and prints "LISTENING <port>"; data lives until exit.
// Environment: WIRE_MONGO_MODULES (install directory holding mingo and bson6, see deps.mjs),
// WIRE_MONGO_SPARSE_INDEXES (unique indexes to treat as sparse, "collection.index,...").
import net from 'node:net';
import { servedSummary } from './commands.mjs';
import { handleMessage } from './protocol.mjs';

let connections = 0;

/** Splits the incoming byte stream into length-prefixed wire messages and answers each. */
function serveConnection(socket) {
  const conn = { id: ++connections, remote: `${socket.remoteAddress}:${socket.remotePort}` };
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
      const length = pending.readInt32LE(0);
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      try {
        const reply = handleMessage(conn, message);
        if (reply) socket.write(reply);
      } catch (error) {
        process.stderr.write(`wire-mongo: failed to handle a message: ${error?.stack ?? error}\n`);
      }
    }
  });
  socket.on('error', () => {}); // a client going away is not an error of the server
}

function exit() {
  process.stderr.write(`wire-mongo: commands served: ${servedSummary()}\n`);
  process.exit(0);
}

const server = net.createServer(serveConnection);
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.address().port}\n`));
process.on('SIGTERM', exit);
process.on('SIGINT', exit);
