import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INSTALL_DIR, ensureInstalled, serverDirOf } from '../scripts/real-server/index.mjs';
import { root } from './contract-helpers';

/**
 * The real-server harness's in-memory MongoDB (`scripts/real-server/wire-mongo/`) refuses what
 * MongoDB 4.4 refuses, with MongoDB's errmsg, code and codeName, so that the harness never answers a
 * request production cannot. Commands go through the mongodb 3.7 driver the real server itself uses
 * (mongoose's, legacy topology as the server's app.js connects), loaded from build/real-server/.
 */

// The driver is loaded, untyped, from the install directory.
type Db = any;

let wire: ChildProcess;
let wireLog = ''; // its stderr: mongo.log in a harness run
let client: any;
let db: Db;

async function startWireMongo(): Promise<number> {
  wire = spawn(process.execPath, [join(root, 'scripts/real-server/wire-mongo/main.mjs')], {
    env: { PATH: process.env.PATH, WIRE_MONGO_MODULES: DEFAULT_INSTALL_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  wire.stderr!.on('data', (chunk) => {
    wireLog += String(chunk);
  });
  return new Promise((resolve, reject) => {
    wire.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const match = /^LISTENING (\d+)$/m.exec(output);
      if (match) resolve(Number(match[1]));
    });
    wire.once('exit', (code) => reject(new Error(`wire-mongo exited with code ${code}: ${output}`)));
  });
}

/** The mongodb driver of the server's mongoose, as scripts/real-server/seed.mjs loads it. */
function serverMongoDriver(): any {
  const fromServer = createRequire(join(serverDirOf(DEFAULT_INSTALL_DIR), 'package.json'));
  return createRequire(fromServer.resolve('mongoose/package.json'))('mongodb');
}

beforeAll(async () => {
  await ensureInstalled();
  const port = await startWireMongo();
  const { MongoClient } = serverMongoDriver();
  client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/refusals`, { useNewUrlParser: true, useUnifiedTopology: false });
  db = client.db();
  await db.collection('leads').insertMany([
    { n: 1, name: 'a' },
    { n: 2, name: 'b' },
    { n: 3, name: 'c' },
  ]);
});

afterAll(async () => {
  await client?.close();
  if (wire && wire.exitCode === null) {
    const exited = once(wire, 'exit');
    wire.kill('SIGTERM');
    await exited;
  }
});

/** What a refused command rejects with: MongoDB's reply fields, as the driver's MongoError carries them. */
function refusal(code: number, codeName: string, message: string | RegExp) {
  return expect.objectContaining({ code, codeName, message: typeof message === 'string' ? message : expect.stringMatching(message) });
}

const leads = () => db.collection('leads');
const ns = (docs: { n: number }[]) => docs.map((doc) => doc.n);

describe('wire-mongo refuses what MongoDB 4.4 refuses', () => {
  it('find: a negative skip (GET /{p}/leads?page=-1 sends skip: -40)', async () => {
    await expect(leads().find({}).skip(-40).toArray()).rejects.toEqual(refusal(2, 'BadValue', 'Skip value must be non-negative, but received: -40'));
    // logged, since the real server may then never answer the request that sent it
    await vi.waitFor(() => expect(wireLog).toContain('wire-mongo: refused find: BadValue (2) Skip value must be non-negative, but received: -40'));
  });

  it('find: a skip or a limit that is not a number, printing the command as MongoDB does', async () => {
    await expect(leads().find({}, { skip: 'abc' }).toArray()).rejects.toEqual(
      refusal(9, 'FailedToParse', /^Failed to parse: \{ find: "leads", filter: \{\}, skip: "abc", lsid: \{ id: UUID\("[0-9a-f-]{36}"\) \}, \$db: "refusals" \}\. 'skip' field must be numeric\.$/),
    );
    await expect(db.command({ find: 'leads', limit: '5' })).rejects.toEqual(refusal(9, 'FailedToParse', /'limit' field must be numeric\.$/));
    await expect(db.command({ find: 'leads', limit: -5 })).rejects.toEqual(refusal(2, 'BadValue', 'Limit value must be non-negative, but received: -5'));
    await expect(db.command({ find: 'leads', skip: Number.NaN })).rejects.toEqual(refusal(2, 'BadValue', 'Skip value must be non-negative, but received: -9223372036854775808'));
    await expect(db.command({ find: 'leads', filter: 'x' })).rejects.toEqual(refusal(9, 'FailedToParse', `Failed to parse: filter: "x". 'filter' field must be of BSON type object.`));
  });

  it('find and findAndModify: a sort value that is not 1, -1 or a $meta document', async () => {
    await expect(leads().find({}).sort({ n: 'abc' }).toArray()).rejects.toEqual(refusal(15974, 'Location15974', 'Illegal key in $sort specification: n: "abc"'));
    await expect(leads().find({}).sort({ n: '1' }).toArray()).rejects.toEqual(refusal(15974, 'Location15974', 'Illegal key in $sort specification: n: "1"'));
    await expect(leads().find({}).sort({ n: true }).toArray()).rejects.toEqual(refusal(15974, 'Location15974', 'Illegal key in $sort specification: n: true'));
    for (const direction of [2, 0, -2, 0.5]) {
      await expect(leads().find({}).sort({ n: direction }).toArray()).rejects.toEqual(refusal(15975, 'Location15975', '$sort key ordering must be 1 (for ascending) or -1 (for descending)'));
    }
    await expect(
      leads()
        .find({})
        .sort({ n: { $meta: 'nope' } })
        .toArray(),
    ).rejects.toEqual(refusal(31138, 'Location31138', 'Illegal $meta sort: $meta: "nope"'));
    await expect(
      leads()
        .find({})
        .sort({ n: { $x: 1 } })
        .toArray(),
    ).rejects.toEqual(refusal(17312, 'Location17312', '$meta is the only expression supported by $sort right now'));
    await expect(leads().findOneAndUpdate({}, { $set: { touched: true } }, { sort: { n: 2 } })).rejects.toEqual(
      refusal(15975, 'Location15975', '$sort key ordering must be 1 (for ascending) or -1 (for descending)'),
    );
  });

  it('find: a sort key that is not a field path (GET /{p}/leads?sort=$foo)', async () => {
    await expect(leads().find({}).sort({ $foo: 1 }).toArray()).rejects.toEqual(refusal(16410, 'Location16410', "FieldPath field names may not start with '$'."));
    await expect(leads().find({}).sort({ 'a..b': 1 }).toArray()).rejects.toEqual(refusal(15998, 'Location15998', 'FieldPath field names may not be empty strings.'));
    await expect(leads().find({}).sort({ 'a.': 1 }).toArray()).rejects.toEqual(refusal(40353, 'Location40353', "FieldPath must not end with a '.'."));
  });

  it('count: a negative, fractional, NaN or non-numeric skip, a non-numeric limit', async () => {
    await expect(db.command({ count: 'leads', skip: -40 })).rejects.toEqual(refusal(9, 'FailedToParse', 'Expected a non-negative number in: skip: -40'));
    await expect(db.command({ count: 'leads', skip: 1.5 })).rejects.toEqual(refusal(9, 'FailedToParse', 'Expected an integer: skip: 1.5'));
    await expect(db.command({ count: 'leads', skip: Number.NaN })).rejects.toEqual(refusal(9, 'FailedToParse', 'Expected an integer, but found NaN in: skip: nan.0'));
    await expect(db.command({ count: 'leads', skip: 'abc' })).rejects.toEqual(refusal(2, 'BadValue', 'skip value is not a valid number'));
    await expect(db.command({ count: 'leads', limit: 'abc' })).rejects.toEqual(refusal(2, 'BadValue', 'limit value is not a valid number'));
  });

  it('aggregate: $skip and $limit that are negative, zero, NaN or not numbers; an invalid $sort', async () => {
    const run = (pipeline: object[]) => leads().aggregate(pipeline).toArray();
    await expect(run([{ $skip: -40 }])).rejects.toEqual(refusal(15956, 'Location15956', 'Argument to $skip cannot be negative'));
    await expect(run([{ $skip: Number.NaN }])).rejects.toEqual(refusal(15956, 'Location15956', 'Argument to $skip cannot be negative'));
    await expect(run([{ $skip: 'abc' }])).rejects.toEqual(refusal(15972, 'Location15972', 'Argument to $skip must be a number not a string'));
    await expect(run([{ $limit: 0 }])).rejects.toEqual(refusal(15958, 'Location15958', 'the limit must be positive'));
    await expect(run([{ $limit: -5 }])).rejects.toEqual(refusal(15958, 'Location15958', 'the limit must be positive'));
    await expect(run([{ $limit: 'abc' }])).rejects.toEqual(refusal(15957, 'Location15957', 'the limit must be specified as a number'));
    await expect(run([{ $sort: { n: 'desc' } }])).rejects.toEqual(refusal(15974, 'Location15974', 'Illegal key in $sort specification: n: "desc"'));
    await expect(run([{ $sort: {} }])).rejects.toEqual(refusal(15976, 'Location15976', '$sort stage must have at least one sort key'));
    await expect(run([{ $sort: 1 }])).rejects.toEqual(refusal(15973, 'Location15973', 'the $sort key specification must be an object'));
    await expect(run([{ $facet: { page: [{ $skip: -1 }] } }])).rejects.toEqual(refusal(15956, 'Location15956', 'Argument to $skip cannot be negative'));
    // countDocuments() builds { $skip } and { $limit } stages from its options
    await expect(leads().countDocuments({}, { skip: -1 })).rejects.toEqual(refusal(15956, 'Location15956', 'Argument to $skip cannot be negative'));
  });

  it('filters: an operator inside $in or $nin, a $regex that is no string (GET /{p}/groups?member[$gt]=a; a segment contains 5)', async () => {
    await expect(
      leads()
        .find({ members: { $in: [{ $gt: 'a' }] } })
        .toArray(),
    ).rejects.toEqual(refusal(2, 'BadValue', 'cannot nest $ under $in'));
    await expect(db.command({ count: 'leads', query: { tags: { $nin: [{ $ne: 'x' }] } } })).rejects.toEqual(refusal(2, 'BadValue', 'cannot nest $ under $nin'));
    await expect(
      leads()
        .find({ 'attributes.plan': { $regex: 5 } })
        .toArray(),
    ).rejects.toEqual(refusal(2, 'BadValue', '$regex has to be a string'));
    await expect(
      leads()
        .aggregate([{ $match: { name: { $regex: 5 } } }])
        .toArray(),
    ).rejects.toEqual(refusal(2, 'BadValue', '$regex has to be a string'));
    expect(
      await leads()
        .find({ members: { $in: [{ a: 1 }, 'x'] }, name: { $regex: 'x' } })
        .toArray(),
    ).toEqual([]);
  });

  it('still answers what MongoDB accepts', async () => {
    expect(ns(await leads().find({}).sort({ n: -1 }).skip(1).limit(1).toArray())).toEqual([2]);
    expect(
      ns(
        await leads()
          .find({})
          .sort([['n', 'desc']])
          .toArray(),
      ),
    ).toEqual([3, 2, 1]); // the driver turns 'desc' into -1 (in the array form only)
    expect(ns(await leads().find({}).sort({ n: 1.9 }).toArray())).toEqual([1, 2, 3]); // truncated to 1, as MongoDB does
    expect(ns(await leads().find({}).limit(-2).toArray())).toEqual([1, 2]); // the driver sends limit: 2, singleBatch: true
    expect(ns(await leads().find({}).sort({ $natural: -1 }).toArray())).toHaveLength(3); // a hint, not a sort pattern
    expect(
      ns(
        await leads()
          .find({})
          .sort({ score: { $meta: 'textScore' } })
          .toArray(),
      ),
    ).toHaveLength(3);
    expect(await leads().countDocuments({}, { skip: 1, limit: 1 })).toBe(1);
    expect((await db.command({ count: 'leads', skip: 1, limit: -1 })).n).toBe(1); // for counts, limit and -limit mean the same
    expect(
      ns(
        await leads()
          .aggregate([{ $sort: { n: -1 } }, { $skip: 1 }, { $limit: 1.5 }])
          .toArray(),
      ),
    ).toEqual([2]);
  });
});

/**
 * `$text` as MongoDB 4.4 evaluates it over the real server's text indexes (`models/lead.js`:
 * `{fullname: 'text', email: 'text'}`, `default_language` `"none"`, `language_override: "dummy"`):
 * words, case- and diacritic-insensitive, no stemming, no stop words, only the indexed fields — not
 * the substring match over every string field the harness did before (`full_text=ann` then found
 * "Joanna", and any lead whose city held the text). The mock's lead listing reads it the same way
 * (mocks/src/mongoose/text.ts).
 */
describe('wire-mongo evaluates $text as MongoDB does', () => {
  const people = () => db.collection('textpeople');
  beforeAll(async () => {
    await people().createIndex({ fullname: 'text', email: 'text' }, { name: 'lead_fulltext', default_language: 'none', language_override: 'dummy' });
    await people().insertMany([
      { n: 1, fullname: 'Anna Neri', email: 'anna.neri@example.org', city: 'Joanna Town' },
      { n: 2, fullname: 'Joanna Élodie Bianchi', email: 'jb@example.org', city: 'Roma' },
      { n: 3, fullname: 'The running shops', email: null, city: 'Anna' },
    ]);
  });
  const search = async (text: string) =>
    ns(
      await people()
        .find({ $text: { $search: text } })
        .sort({ n: 1 })
        .toArray(),
    );

  it('matches words of the indexed fields, case- and diacritic-insensitively; no substrings, no other fields', async () => {
    expect(await search('anna')).toEqual([1]);
    expect(await search('ANNA')).toEqual([1]);
    expect(await search('ann')).toEqual([]);
    expect(await search('elodie')).toEqual([2]);
    expect(await search('roma')).toEqual([]);
    expect(await search('neri bianchi')).toEqual([1, 2]);
    expect(await search('rossi')).toEqual([]);
  });

  it('language none: no stemming, no stop words', async () => {
    expect(await search('the')).toEqual([3]);
    expect(await search('run')).toEqual([]);
    expect(await search('shop')).toEqual([]);
    expect(await search('shops')).toEqual([3]);
  });

  it('negations and phrases; counts and updates read $text alike', async () => {
    expect(await search('example -neri')).toEqual([2]);
    expect(await search('"anna neri"')).toEqual([1]);
    expect(await search('"neri anna"')).toEqual([]);
    expect(await search('example -"joanna élodie"')).toEqual([1]);
    expect(await people().countDocuments({ $text: { $search: 'example' } })).toBe(2);
    expect(await db.command({ count: 'textpeople', query: { $text: { $search: 'anna' } } })).toMatchObject({ n: 1 });
    expect(
      ns(
        await people()
          .aggregate([{ $match: { $text: { $search: 'example' } } }, { $sort: { n: -1 } }])
          .toArray(),
      ),
    ).toEqual([2, 1]);
    await expect(
      people()
        .aggregate([{ $sort: { n: 1 } }, { $match: { $text: { $search: 'anna' } } }])
        .toArray(),
    ).rejects.toEqual(refusal(17313, 'Location17313', '$match with $text is only allowed as the first pipeline stage'));
  });

  it('refuses $text without a text index, as MongoDB does', async () => {
    await expect(
      leads()
        .find({ $text: { $search: 'a' } })
        .toArray(),
    ).rejects.toEqual(refusal(27, 'IndexNotFound', 'text index required for $text query'));
  });
});
