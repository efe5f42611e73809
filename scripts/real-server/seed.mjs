// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Seeds a freshly started real server through its public API: signs up the owner, signs in,
// creates a project and its JWT secret (`POST /<project>/keys/generate`, to sign custom tokens),
// lists the knowledge bases once (`GET /<project>/kb/namespace/all`), which creates the project's
// default knowledge base (id = project id) as the dashboard's first visit does, then puts the project on an active paid plan straight in the database, since no public route
// does that (plans belong to the enterprise payments module) and the free plan allows a single
// knowledge base (the default one), so `POST /<project>/kb/namespace` would answer 403.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const OWNER = { email: 'owner@example.com', password: 'Owner-pass-123', firstname: 'Olivia', lastname: 'Owner' };
const PROJECT_NAME = 'Real server project';
const PAID_PLAN = { 'profile.type': 'payment', 'profile.name': 'Business', isActiveSubscription: true };

async function call(baseUrl, method, path, { body, token } = {}) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) };
  const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`seeding: ${method} ${path} answered ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The mongodb driver the server itself uses (mongoose's), loaded from the install directory. */
function serverMongoDriver(serverDir) {
  const fromServer = createRequire(join(serverDir, 'package.json'));
  return createRequire(fromServer.resolve('mongoose/package.json'))('mongodb');
}

async function putOnPaidPlan({ serverDir, mongoUri, projectId }) {
  const { MongoClient, ObjectId } = serverMongoDriver(serverDir);
  const client = await MongoClient.connect(mongoUri, { useNewUrlParser: true, useUnifiedTopology: true });
  try {
    await client
      .db()
      .collection('projects')
      .updateOne({ _id: new ObjectId(projectId) }, { $set: PAID_PLAN });
  } finally {
    await client.close();
  }
}

/**
 * Waits until the server's schema migrations (`migrations/*.js`, run in the background after it
 * starts answering) are all recorded `up` in `schemaMigrations`. Seeding before they ran would give
 * the seeded documents what the migrations add to the documents that exist when they run (e.g. a
 * `presence` on every teammate), which a deployment's later documents do not have: the run would
 * depend on a race.
 * @throws {Error} after `timeoutMs`.
 */
export async function waitForMigrations({ serverDir, mongoUri, timeoutMs = 120_000 }) {
  const expected = readdirSync(join(serverDir, 'migrations')).filter((name) => name.endsWith('.js')).length;
  const { MongoClient } = serverMongoDriver(serverDir);
  const client = await MongoClient.connect(mongoUri, { useNewUrlParser: true, useUnifiedTopology: true });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await client.db().collection('schemaMigrations').countDocuments({ state: 'up' });
      if (done >= expected) return;
      if (Date.now() > deadline) throw new Error(`the server's schema migrations did not finish within ${timeoutMs / 1000} s (${done} of ${expected} up)`);
      await sleep(100);
    }
  } finally {
    await client.close();
  }
}

/**
 * Seeds the owner and the project, once the server's schema migrations ran; returns `{ email, password, userId, token, projectId, projectSecret }`.
 * `owner`: another owner than the default one (its email unused on this server), for a further project on the same server.
 */
export async function seedProject({ baseUrl, mongoUri, serverDir, owner = OWNER }) {
  await waitForMigrations({ serverDir, mongoUri });
  const { email, password } = owner;
  const signUp = await call(baseUrl, 'POST', '/auth/signup', { body: owner });
  const { token } = await call(baseUrl, 'POST', '/auth/signin', { body: { email, password } });
  const project = await call(baseUrl, 'POST', '/projects', { body: { name: PROJECT_NAME }, token });
  const projectId = project._id;
  const keys = await call(baseUrl, 'POST', `/${projectId}/keys/generate`, { body: {}, token });
  await call(baseUrl, 'GET', `/${projectId}/kb/namespace/all`, { token });
  await putOnPaidPlan({ serverDir, mongoUri, projectId });
  return { email, password, userId: signUp.user?._id, token, projectId, projectSecret: keys.jwtSecret };
}

/** Signs the seeded owner in again (a server started on another instance's database): `{ token }`. */
export async function signIn({ baseUrl, email, password }) {
  const { token } = await call(baseUrl, 'POST', '/auth/signin', { body: { email, password } });
  return { token };
}
