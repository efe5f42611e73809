// Which releases of the server a deployment's answers are consistent with: `npm run conformance`'s
// release line. The contract marks the fields that only some releases send (`x-since` / `x-until` on a
// property) and, per schema, those every release that has them sends (`x-release-required`). Each 200
// body of the run is evidence:
// - a marked field that is present: the release is in the field's range;
// - a marked field of `x-release-required` that is absent from an object that has every field its schema
//   requires in all releases (so it is that schema): the release is outside the range.
// The releases of the window (scripts/releases/data/releases.json) that satisfy every piece of evidence
// are the ones the deployment may run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { releaseInRange } from '@supportkb/sdk/manifest';

/** Every release of the window, in semver order (scripts/releases/data/releases.json). */
export const WINDOW_RELEASES = /** @type {string[]} */ (JSON.parse(readFileSync(fileURLToPath(new URL('../../releases/data/releases.json', import.meta.url)), 'utf8')).releases);

/**
 * One piece of evidence: `field` (at `where`, an operation and a JSON path) is present or absent, so the
 * release is inside or outside `[since, until]`.
 * @typedef {{ operationId: string, where: string, field: string, present: boolean, since: string | null, until: string | null }} ReleaseEvidence
 */

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The evidence one 200 body gives, walking its schema (the dereferenced contract's) beside it: properties,
 * array items, and each `anyOf`/`oneOf`/`allOf` branch.
 * @param {string} operationId
 * @param {any} schema
 * @param {unknown} body
 * @returns {ReleaseEvidence[]}
 */
export function releaseEvidence(operationId, schema, body) {
  /** @type {Map<string, ReleaseEvidence>} */
  const out = new Map();
  /** @param {any} node @param {unknown} value @param {string} where @param {Set<any>} seen */
  const walk = (node, value, where, seen) => {
    if (!node || typeof node !== 'object' || seen.has(node) || value === undefined) return;
    seen = new Set(seen).add(node);
    for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of node[key] ?? []) walk(branch, value, where, seen);
    if (Array.isArray(value)) {
      if (node.items) value.forEach((item, i) => walk(node.items, item, `${where}/${i}`, seen));
      return;
    }
    if (!isObject(value) || !node.properties) return;
    const isThisSchema = (node.required ?? []).every((/** @type {string} */ name) => value[name] !== undefined);
    const releaseRequired = new Set(node['x-release-required'] ?? []);
    for (const [field, property] of Object.entries(node.properties)) {
      const since = property?.['x-since'] ?? null;
      const until = property?.['x-until'] ?? null;
      if (since || until) {
        const present = value[field] !== undefined;
        if (present || (isThisSchema && releaseRequired.has(field))) {
          const evidence = { operationId, where: `${where}/${field}`, field, present, since, until };
          out.set(`${present}:${field}:${since}:${until}`, evidence);
        }
      }
      walk(property, value[field], `${where}/${field}`, seen);
    }
  };
  walk(schema, body, '', new Set());
  return [...out.values()];
}

/**
 * Whether `release` agrees with one piece of evidence.
 * @param {string} release
 * @param {ReleaseEvidence} evidence
 */
function agrees(release, { present, since, until }) {
  return present === releaseInRange(release, since, until);
}

/**
 * The releases of the window that every piece of evidence agrees with, and the evidence (deduplicated by
 * field, presence and range).
 * @param {ReleaseEvidence[]} evidence
 * @param {string[]} [releases] the window (default {@link WINDOW_RELEASES})
 * @returns {{ releases: string[], evidence: ReleaseEvidence[] }}
 */
export function consistentReleases(evidence, releases = WINDOW_RELEASES) {
  const unique = [...new Map(evidence.map((e) => [`${e.present}:${e.field}:${e.since}:${e.until}`, e])).values()];
  return { releases: releases.filter((release) => unique.every((e) => agrees(release, e))), evidence: unique };
}

/**
 * The report's line: the range of releases the answers fit, with the evidence that bounds it, or why none does.
 * @param {{ releases: string[], evidence: ReleaseEvidence[] }} result
 * @param {string[]} [window]
 */
export function describeReleases({ releases, evidence }, window = WINDOW_RELEASES) {
  const says = (/** @type {ReleaseEvidence} */ e) =>
    `${e.operationId} ${e.where}: ${e.present ? 'sent' : 'not sent'} (${e.since ? `from ${e.since}` : ''}${e.since && e.until ? ' ' : ''}${e.until ? `up to ${e.until}` : ''})`;
  if (!evidence.length) return `releases: the answers fit every release of the window (${window[0]} to ${window.at(-1)}): no field they carry or lack tells releases apart`;
  if (!releases.length) return `releases: no release of the window (${window[0]} to ${window.at(-1)}) fits every answer: ${evidence.map(says).join('; ')}`;
  const first = window.indexOf(releases[0] ?? '');
  const contiguous = window.slice(first, first + releases.length).every((release, i) => release === releases[i]);
  const range = releases.length === 1 ? releases[0] : `${contiguous ? '' : 'some of '}${releases[0]} to ${releases.at(-1)}`;
  return `releases: the answers fit ${range} (${releases.length} of the window's ${window.length} releases), from ${evidence.map(says).join('; ')}`;
}
