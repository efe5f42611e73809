// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Loopback stand-in for the knowledge-base engine (Tiledesk's "tilellm" vector-store service) that
// the real server calls through services/aiService.js at KB_ENDPOINT_TRAIN / KB_ENDPOINT_QA (and
// their _GPU twins), all pointed here at http://127.0.0.1:<port>/api by the harness.
// It answers the two calls the contract's operations make, with the engine's own success answers:
//   POST /api/delete/id         (DELETE /{project}/kb/{content_id}: aiService.deleteIndex)
//     200 {"success": true, "message": "ids <id> in Namespace <namespace> deleted"}
//     routes/kb.js then deletes the content and answers 200 with it.
//   POST /api/delete/namespace  (DELETE /{project}/kb/namespace/{id}[?contents_only=true]: aiService.deleteNamespace)
//     200 {"success": "true", "message": "<namespace> is deleted from database"}   (the engine sends the string "true")
//     routes/kb.js then deletes the contents (and the knowledge base) and answers 200.
// Any other call (e.g. /api/qa, /api/ask, /api/scrape/status, chunk listing) answers 404
// {"detail":"Not Found"}, as the engine does for an unknown route, and is logged on stderr.
// Indexing is not an HTTP call: the server queues it on AMQP, which is absent (contents stay status -1).
// Listens on 127.0.0.1 on a free port and prints "LISTENING <port>".
import http from 'node:http';

function readJson(req) {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const ROUTES = {
  'POST /api/delete/id': ({ id, namespace }) => ({ success: true, message: `ids ${id} in Namespace ${namespace} deleted` }),
  'POST /api/delete/namespace': ({ namespace }) => ({ success: 'true', message: `${namespace} is deleted from database` }),
};

async function answer(req, res) {
  const route = ROUTES[`${req.method} ${new URL(req.url, 'http://engine').pathname}`];
  const body = await readJson(req);
  if (route) return send(res, 200, route(body));
  process.stderr.write(`kb-engine-stub: no answer for ${req.method} ${req.url}: 404\n`);
  return send(res, 404, { detail: 'Not Found' });
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((error) => send(res, 500, { detail: String(error) }));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
