/**
 * Validating a scenario: the format and every seeded document against the contract's schemas
 * (the SDK's zod schemas), with errors naming the file, the JSON path and the violation.
 */
import { safeParse, type $ZodIssue } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { SEED } from '../state/seed';
import { scenarioSchema, type Scenario } from './format';

/** One violation of a scenario. */
export interface ScenarioIssue {
  /** The JSON path, `seed.leads[2].email` (`''`: the whole scenario). */
  path: string;
  /** What is wrong, e.g. `Invalid email address`. */
  message: string;
}

/**
 * A scenario that cannot be loaded: `ScenarioError: leads.json: seed.leads[2].email: Invalid email address`
 * (the first violation in the message, all of them in `issues`). Code `ERR_SUPPORTKB_SCENARIO`.
 */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly code = 'ERR_SUPPORTKB_SCENARIO';
  /** The file (or `scenario` for an object). */
  readonly file: string;
  /** The JSON path of the first violation. */
  readonly path: string;
  /** The first violation. */
  readonly violation: string;
  /** Every violation. */
  readonly issues: readonly ScenarioIssue[];
  constructor(file: string, issues: readonly ScenarioIssue[]) {
    const first = issues[0] ?? { path: '', message: 'Invalid scenario' };
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`${file}: ${first.path ? `${first.path}: ` : ''}${first.message}${more}`);
    this.file = file;
    this.path = first.path;
    this.violation = first.message;
    this.issues = issues;
  }
}

/** `['seed', 'leads', 2, 'email']` as `seed.leads[2].email`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}

/** English messages for this package's parses only (zod/mini has none). */
const messages = { error: en().localeError };

/** The issues of a zod parse as scenario issues (unknown keys: one issue per key, at the key). */
function toIssues(issues: readonly $ZodIssue[]): ScenarioIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: jsonPath([...issue.path, key]), message: 'Unknown field (not in the contract, nor in the scenario format)' }));
    if (issue.code === 'invalid_union' && issue.errors.length) {
      // The branch that got furthest says the most.
      const best = [...issue.errors].sort((a, b) => Math.max(0, ...b.map((i) => i.path.length)) - Math.max(0, ...a.map((i) => i.path.length)))[0]!;
      return toIssues(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] })));
    }
    return [{ path: jsonPath(issue.path), message: issue.message }];
  });
}

/** Checks what `scenarioSchema` cannot say: ids unique per collection, references to documents of the scenario or the seed's. */
function crossChecks(scenario: Scenario): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  const seed = scenario.seed ?? {};
  /** Reports each document of `list` whose key (`keyOf`) an earlier one has, at `seed.<name>[i].<field>`; `what(key)` names the duplicate. */
  const unique = <T>(name: string, list: readonly T[] | undefined, keyOf: (doc: T) => string | undefined, field: string, what: (key: string) => string) => {
    const seen = new Map<string, number>();
    (list ?? []).forEach((doc, i) => {
      const key = keyOf(doc);
      if (key === undefined) return;
      if (seen.has(key)) out.push({ path: `seed.${name}[${i}].${field}`, message: `Duplicate ${what(key)} (also seed.${name}[${seen.get(key)}])` });
      else seen.set(key, i);
    });
  };
  const id = (key: string) => `id ${key}`;
  for (const name of ['users', 'groups', 'segments', 'tags', 'leads', 'contents', 'subscriptions'] as const) unique<{ _id?: string }>(name, seed[name], (doc) => doc._id, '_id', id);
  unique('knowledgeBases', seed.knowledgeBases, (kb) => kb.id, 'id', id);
  // The service's unique index on (project, event, target).
  unique(
    'subscriptions',
    seed.subscriptions,
    (s) => JSON.stringify([s.id_project ?? seed.project?._id ?? SEED.projectId, s.event, s.target]),
    'target',
    () => 'event and target',
  );
  unique(
    'labels.data',
    seed.labels?.data,
    (entry) => entry.lang,
    'lang',
    (lang) => `language ${lang}`,
  );
  unique('labels.data', seed.labels?.data, (entry) => entry._id, '_id', id);
  const defaults = (seed.labels?.data ?? []).flatMap((entry, i) => (entry.default === true ? [i] : []));
  for (const i of defaults.slice(1)) out.push({ path: `seed.labels.data[${i}].default`, message: `A second default language (also seed.labels.data[${defaults[0]}])` });
  // A content's knowledge base: one of the seed's, the project's default (id = project id), or in `extend` a built-in one.
  const projectId = seed.project?._id ?? SEED.projectId;
  const knowledgeBases = new Set([projectId, ...(seed.knowledgeBases ?? []).flatMap((kb) => (kb.id ? [kb.id] : []))]);
  if (seed.mode !== 'replace' && projectId === SEED.projectId) knowledgeBases.add(SEED.secondKnowledgeBaseId);
  (seed.contents ?? []).forEach((content, i) => {
    if (content.namespace !== undefined && !knowledgeBases.has(content.namespace))
      out.push({ path: `seed.contents[${i}].namespace`, message: `No knowledge base ${content.namespace} in the seed (seed.knowledgeBases, or the project's default, whose id is the project's)` });
  });
  const requests = new Map<string, number>();
  (seed.conversations ?? []).forEach((conversation, i) => {
    if (requests.has(conversation.request_id))
      out.push({ path: `seed.conversations[${i}].request_id`, message: `Duplicate request_id ${conversation.request_id} (also seed.conversations[${requests.get(conversation.request_id)}])` });
    else requests.set(conversation.request_id, i);
  });
  const latency = scenario.latency;
  if (latency !== undefined && typeof latency === 'object' && !('min' in latency) && 'max' in latency) out.push({ path: 'latency', message: 'A range needs min and max' });
  return out;
}

/**
 * Nesting limit of a scenario (objects and arrays, the scenario itself level 1): the service's limit
 * of request bodies (100, MongoDB's) plus the format's own levels. Deeper values are refused at load:
 * seeding, cloning and answering them would exhaust the call stack.
 */
export const MAX_SCENARIO_DEPTH = 128;

/**
 * The JSON path of the first value of `input` nested deeper than `limit` levels, or `undefined`:
 * an explicit stack, no recursion, so any depth is measured safely.
 */
export function tooDeep(input: unknown, limit: number): string | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= limit) return path.length > 8 ? `${jsonPath(path.slice(0, 6))}…(${path.length} levels)` : jsonPath(path);
    const items: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    for (let i = items.length - 1; i >= 0; i--) stack.push({ value: items[i]![1], path: [...path, items[i]![0]] });
  }
  return undefined;
}

/**
 * Validates a scenario object.
 * @param input the parsed JSON (or a `defineScenario` object).
 * @param file what error messages call it; default `scenario`.
 * @returns the scenario, typed.
 * @throws {ScenarioError} naming the file, the JSON path and the violation.
 */
export function validateScenario(input: unknown, file = 'scenario'): Scenario {
  const deep = tooDeep(input, MAX_SCENARIO_DEPTH);
  if (deep !== undefined) throw new ScenarioError(file, [{ path: deep, message: `Nested deeper than ${MAX_SCENARIO_DEPTH} levels (the scenario itself is level 1)` }]);
  const parsed = safeParse(scenarioSchema(), input, messages);
  if (!parsed.success) throw new ScenarioError(file, toIssues(parsed.error.issues));
  const scenario = input as Scenario;
  const issues = crossChecks(scenario);
  if (issues.length) throw new ScenarioError(file, issues);
  return scenario;
}

/**
 * Parses and validates a scenario's JSON text.
 * @throws {ScenarioError} when it is not JSON or not a valid scenario.
 */
export function parseScenario(text: string, file = 'scenario'): Scenario {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(file, [{ path: '', message: `Not JSON: ${(error as Error).message}` }]);
  }
  return validateScenario(input, file);
}
