// MongoDB wire protocol framing: OP_QUERY on `<db>.$cmd` (the drivers' legacy handshake) answered
// with OP_REPLY, and OP_MSG (body section + document sequences) answered with OP_MSG.
// OP_QUERY on a collection, OP_COMPRESSED and other opcodes are not supported.
import { BSON } from './deps.mjs';
import { runCommand } from './commands.mjs';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const HEADER_SIZE = 16;
const CHECKSUM_PRESENT = 1;
const MORE_TO_COME = 2;
const DESERIALIZE_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false, bsonRegExp: false };
// generic fields of OP_MSG commands that the in-memory server ignores
const GENERIC_FIELDS = [
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'readConcern',
  'writeConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
  'comment',
];
let nextRequestId = 1;

function readCString(buffer, offset) {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

function readDocument(buffer, offset) {
  const length = buffer.readInt32LE(offset);
  return [BSON.deserialize(buffer.subarray(offset, offset + length), DESERIALIZE_OPTIONS), offset + length];
}

function header(length, responseTo, opCode) {
  const buffer = Buffer.alloc(HEADER_SIZE);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(nextRequestId++, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

function opReply(responseTo, doc) {
  const body = BSON.serialize(doc, { ignoreUndefined: true });
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(8, 0); // responseFlags: AwaitCapable
  fields.writeBigInt64LE(0n, 4); // cursorID
  fields.writeInt32LE(0, 12); // startingFrom
  fields.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(HEADER_SIZE + fields.length + body.length, responseTo, OP_REPLY), fields, body]);
}

function opMsg(responseTo, doc) {
  const body = BSON.serialize(doc, { ignoreUndefined: true });
  const flagsAndKind = Buffer.alloc(5); // flagBits 0, section kind 0
  return Buffer.concat([header(HEADER_SIZE + flagsAndKind.length + body.length, responseTo, OP_MSG), flagsAndKind, body]);
}

function handleQuery(conn, message, requestId) {
  const [fullName, afterName] = readCString(message, HEADER_SIZE + 4);
  const [query] = readDocument(message, afterName + 8); // skip numberToSkip, numberToReturn
  if (!fullName.endsWith('.$cmd')) {
    process.stderr.write(`wire-mongo: legacy OP_QUERY on a collection is not supported (${fullName})\n`);
    return opReply(requestId, { $err: 'legacy find unsupported', code: 59, ok: 0 });
  }
  return opReply(requestId, runCommand(fullName.split('.')[0], query.$query ?? query, conn));
}

/** The body document of an OP_MSG with its document sequences merged in (e.g. `documents`). */
function readMsgBody(message, end) {
  let offset = HEADER_SIZE + 4;
  /** @type {Record<string, any> | null} */
  let body = null;
  const sequences = {};
  while (offset < end) {
    const kind = message.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      [body, offset] = readDocument(message, offset);
    } else if (kind === 1) {
      const sectionEnd = offset + message.readInt32LE(offset);
      let [identifier, position] = readCString(message, offset + 4);
      const docs = [];
      while (position < sectionEnd) {
        let doc;
        [doc, position] = readDocument(message, position);
        docs.push(doc);
      }
      sequences[identifier] = docs;
      offset = sectionEnd;
    } else {
      throw new Error(`bad OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new Error('OP_MSG without a body section (kind 0)');
  return Object.assign(body, sequences);
}

function handleMsg(conn, message, requestId) {
  const flags = message.readUInt32LE(HEADER_SIZE);
  const body = readMsgBody(message, flags & CHECKSUM_PRESENT ? message.length - 4 : message.length);
  const db = body.$db || 'admin';
  const raw = { ...body }; // as received, generic fields included (MongoDB prints it in some errors)
  for (const field of GENERIC_FIELDS) delete body[field];
  const reply = runCommand(db, body, conn, raw);
  return flags & MORE_TO_COME ? null : opMsg(requestId, reply);
}

/** The reply to one complete wire message, or null when none is due. */
export function handleMessage(conn, message) {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_QUERY) return handleQuery(conn, message, requestId);
  if (opCode === OP_MSG) return handleMsg(conn, message, requestId);
  process.stderr.write(`wire-mongo: unsupported opCode ${opCode}\n`);
  return null;
}
