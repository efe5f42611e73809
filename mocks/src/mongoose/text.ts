/**
 * MongoDB's text search (`$text`) over a text index, as the server's indexes declare it: every
 * text index of the server (`models/lead.js`: `{fullname: 'text', email: 'text'}`, and those of
 * requests, messages and FAQs) is created with `default_language` `process.env.DEFAULT_FULLTEXT_INDEX_LANGUAGE
 * || "none"` — with the language `none`, MongoDB indexes words without stemming and without stop
 * words — and `language_override: "dummy"` (a document's own `language` field changes nothing). So,
 * as MongoDB 4.4 with text index version 3:
 *
 * - a field's text is split into words at delimiters (white space, dashes and hyphens, pattern
 *   syntax such as `@` `.` `,` `/` `(`, quotation marks, terminal punctuation): `maria.rossi@example.org`
 *   is the words `maria`, `rossi`, `example`, `org`; `Ann` does not match `Joanna` (no substrings);
 * - words compare case-insensitively and diacritic-insensitively (`Élodie` matches `elodie`);
 * - `$search` is read as MongoDB reads it: words (any one must be in the document), `-word`
 *   (none may be), `"a phrase"` (each must be in one of the fields, case- and diacritic-insensitively;
 *   its words count as words too), `-"a phrase"` (none may be).
 *
 * The words of a document are indexed when it is written (`save`, `findByIdAndUpdate` of a model
 * with a {@link Model.textIndex}) and kept while its text is the same: a search does not tokenise
 * the documents again (a document changed by other means is indexed when it is searched, and that
 * work counts against the request's {@link MatchBudget}, as do phrase scans).
 */
import type { MatchBudget } from '../pattern';

/** MongoDB's text delimiters: white space, dashes, punctuation of pattern syntax, quotation marks, terminal punctuation. */
const DELIMITERS = /[\p{White_Space}\p{Dash}\p{Pattern_Syntax}\p{Quotation_Mark}\p{Terminal_Punctuation}]+/u;

/** Text that case folding alone normalises (no combining marks to strip). */
const ASCII = /^[\u0000-\u007f]*$/;

/** Case- and diacritic-insensitive form of a text (text index version 3). */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text as a text index of language `none` keeps them (folded, no stemming, no stop words). */
export function textWords(text: string): string[] {
  return foldText(text).split(DELIMITERS).filter(Boolean);
}

/** The parsed `$search` string: words, negated words, phrases, negated phrases (all folded). */
export interface TextSearch {
  readonly terms: readonly string[];
  readonly negated: readonly string[];
  readonly phrases: readonly string[];
  readonly negatedPhrases: readonly string[];
}

/** Reads a `$search` string as MongoDB does: `-` before a word or a phrase at the start or after white space negates it; `"…"` is a phrase. */
export function parseTextSearch(search: string): TextSearch {
  const out = { terms: [] as string[], negated: [] as string[], phrases: [] as string[], negatedPhrases: [] as string[] };
  let i = 0;
  while (i < search.length) {
    const negate = search[i] === '-' && (i === 0 || /\s/.test(search[i - 1]!));
    const start = negate ? i + 1 : i;
    if (search[start] === '"') {
      const end = search.indexOf('"', start + 1);
      const phrase = search.slice(start + 1, end === -1 ? search.length : end);
      (negate ? out.negatedPhrases : out.phrases).push(foldText(phrase));
      if (!negate) out.terms.push(...textWords(phrase));
      i = end === -1 ? search.length : end + 1;
      continue;
    }
    let end = start;
    while (end < search.length && !/\s/.test(search[end]!) && search[end] !== '"') end++;
    const words = textWords(search.slice(start, end));
    (negate ? out.negated : out.terms).push(...words);
    i = end === start ? end + 1 : end;
  }
  return out;
}

/** The text index entry of one document: the values it was built from, their words, their folded text. */
interface TextEntry {
  readonly fields: readonly string[];
  readonly values: readonly unknown[];
  readonly words: ReadonlySet<string>;
  readonly folded: readonly string[];
}

/** The index entries of the documents, kept while the documents live. */
const entries = new WeakMap<object, TextEntry>();

/** The values of a document's indexed fields (strings only are indexed). */
const valuesOf = (doc: object, fields: readonly string[]): unknown[] => fields.map((name) => (Object.hasOwn(doc, name) ? (doc as Record<string, unknown>)[name] : undefined));

/** The entry of `doc` when it is current (the same fields and values it was built from). */
function currentEntry(doc: object, fields: readonly string[]): TextEntry | undefined {
  const entry = entries.get(doc);
  if (!entry || entry.fields.length !== fields.length) return undefined;
  for (let i = 0; i < fields.length; i++) {
    const name = fields[i]!;
    if (entry.fields[i] !== name || entry.values[i] !== (Object.hasOwn(doc, name) ? (doc as Record<string, unknown>)[name] : undefined)) return undefined;
  }
  return entry;
}

function buildEntry(doc: object, fields: readonly string[]): TextEntry {
  const values = valuesOf(doc, fields);
  const strings = values.filter((value): value is string => typeof value === 'string');
  const folded = strings.map(foldText);
  const words = new Set<string>();
  for (const text of folded) for (const word of text.split(DELIMITERS)) if (word) words.add(word);
  const entry = { fields, values, words, folded };
  entries.set(doc, entry);
  return entry;
}

/** The characters of `doc`'s indexed fields: the work of indexing it. */
const textLength = (doc: object, fields: readonly string[]): number => valuesOf(doc, fields).reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : 0), 0);

/**
 * Indexes the words of a written document (its text index `fields`), so that searches need not.
 * Call it after each write; a document whose text changes otherwise is indexed when searched.
 */
export function indexText(doc: object, fields: readonly string[]): void {
  if (!currentEntry(doc, fields)) buildEntry(doc, fields);
}

/**
 * The document test of a parsed `$search` over the text index `fields`.
 * @param source the user's search text (what a refusal names).
 * @throws {PatternLimitError} (`text`, from the returned test) when indexing a document or scanning
 *   for a phrase would exceed the request's text-search work.
 */
export function textSearchTest(search: TextSearch, fields: readonly string[], budget: MatchBudget, source: string): (doc: object) => boolean {
  return (doc) => {
    let entry = currentEntry(doc, fields);
    if (!entry) {
      budget.scanText(textLength(doc, fields), source);
      entry = buildEntry(doc, fields);
    }
    const { words, folded } = entry;
    if (!search.terms.some((term) => words.has(term))) return false;
    if (search.negated.some((term) => words.has(term))) return false;
    const scanned = folded.reduce((sum, text) => sum + text.length, 0);
    for (const phrase of search.phrases) {
      budget.scanText(scanned, source);
      if (!folded.some((value) => value.includes(phrase))) return false;
    }
    for (const phrase of search.negatedPhrases) {
      budget.scanText(scanned, source);
      if (folded.some((value) => value.includes(phrase))) return false;
    }
    return true;
  };
}
