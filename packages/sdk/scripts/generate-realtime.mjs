#!/usr/bin/env node
// The generator of the realtime topics, run by `npm run generate` after hey-api: from the websocket's
// AsyncAPI document (openapi/asyncapi.yaml) it writes src/generated/realtime.gen.ts, which
// `@supportkb/sdk/realtime` reads: per topic (each channel but the socket itself) its address template
// and parameters (`realtimeTopics`), and its message types (`RealtimeTopicTypes`: the snapshot, the
// created and the updated document), named by the contract's schemas that the document `$ref`s
// (`./components/schemas/Conversation.yaml` → `Conversation` of types.gen.ts) or written from the
// document's own schemas (`Event`, `Bot`, `TeammateWithBusy` → `RealtimeEvent`, ...).
// Committed; a test checks that regenerating gives no diff. Per-topic code belongs here, not by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const input = process.env.SUPPORTKB_REALTIME_INPUT ?? fileURLToPath(new URL('../../../openapi/asyncapi.yaml', import.meta.url));
const outputDir = process.env.SUPPORTKB_GENERATE_OUTPUT ?? fileURLToPath(new URL('../src/generated', import.meta.url));
const doc = parse(readFileSync(input, 'utf8'));
const CONTRACT_REF = /^\.\/components\/schemas\/(\w+)\.yaml$/;
const LOCAL_REF = /^#\/components\/(schemas|messages)\/(\w+)$/;
const imports = new Set();
const ownTypes = new Map();

/** The TypeScript type of a JSON schema of the document (the subset it uses). */
function typeOf(schema) {
  if (schema.$ref) {
    const contract = CONTRACT_REF.exec(schema.$ref);
    if (contract) {
      imports.add(contract[1]);
      return contract[1];
    }
    const local = LOCAL_REF.exec(schema.$ref);
    if (!local || local[1] !== 'schemas') throw new Error(`${input}: unsupported $ref ${schema.$ref}`);
    return ownType(local[2]);
  }
  if (schema.oneOf) return schema.oneOf.map(typeOf).join(' | ');
  if (schema.allOf) return schema.allOf.map(typeOf).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      return `Array<${typeOf(schema.items ?? {})}>`;
    case 'object': {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(([name, s]) => `${docOf(s, '  ')}  ${name}${required.has(name) ? '' : '?'}: ${typeOf(s)};\n`);
      if (schema.additionalProperties) fields.push('  [key: string]: unknown;\n');
      return `{\n${fields.join('')}}`;
    }
    default:
      return 'unknown';
  }
}

function docOf(schema, indent = '') {
  const text = (schema.description ?? '').trim();
  if (!text) return '';
  const [first, ...rest] = text.replace(/\*\//g, '*\\/').split('\n');
  return `${indent}/** ${first}${rest.map((line) => `\n${indent} *${line ? ` ${line}` : ''}`).join('')} */\n`;
}

/** A schema of the document's own components, emitted once as `Realtime<Name>`. */
function ownType(name) {
  const typeName = `Realtime${name}`;
  if (!ownTypes.has(name)) {
    ownTypes.set(name, '');
    const schema = doc.components.schemas[name];
    ownTypes.set(name, `${docOf(schema)}export type ${typeName} = ${typeOf(schema)};\n`);
  }
  return typeName;
}

/** The `message` type of a topic message (`payload.allOf[1].properties.payload.properties.message`). */
function messageType(ref) {
  const name = LOCAL_REF.exec(ref)?.[2];
  if (!name) throw new Error(`${input}: a channel's message must $ref a component message, got ${ref}`);
  const payload = doc.components.messages[name].payload;
  const inner = payload.allOf?.[1]?.properties?.payload;
  return { method: inner?.properties?.method?.const, type: inner ? typeOf(inner.properties.message) : undefined };
}

const topics = [];
for (const [id, channel] of Object.entries(doc.channels)) {
  if (id === 'socket') continue;
  const params = [...channel.address.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const kinds = {};
  for (const [key, message] of Object.entries(channel.messages)) {
    if (key === 'injected') continue;
    const { method, type } = messageType(message.$ref);
    kinds[key] = { method, type };
  }
  topics.push({ id, address: channel.address, params, title: channel.title, description: channel.description, kinds });
}

const body = topics
  .map(
    (t) =>
      `${docOf({ description: `${t.title}: \`${t.address}\`.\n\n${t.description.trim()}` }, '  ')}  ${t.id}: {\n    params: { ${t.params.map((p) => `${p}: string`).join('; ')} };\n    snapshot: ${t.kinds.snapshot.type};\n    created: ${t.kinds.created?.type ?? 'never'};\n    updated: ${t.kinds.updated?.type ?? 'never'};\n  };\n`,
  )
  .join('');
const table = topics.map((t) => `  ${t.id}: { address: ${JSON.stringify(t.address)}, params: [${t.params.map((p) => JSON.stringify(p)).join(', ')}] },\n`).join('');
const out = `// This file is generated from openapi/asyncapi.yaml by scripts/generate-realtime.mjs (npm run generate). Do not edit.
${imports.size ? `import type { ${[...imports].sort().join(', ')} } from './types.gen';\n` : ''}
${[...ownTypes.values()].join('\n')}
/** The websocket's topics: per topic its parameters and the documents its frames carry. */
export type RealtimeTopicTypes = {
${body}};

/** Each topic's address template and parameters, in the order of the address. */
export const realtimeTopics = {
${table}} as const;
`;
writeFileSync(`${outputDir}/realtime.gen.ts`, out);
console.log(`realtime topics: ${topics.length} → ${outputDir}/realtime.gen.ts`);
