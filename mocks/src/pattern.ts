/**
 * User-supplied regular expressions (a segment filter's `contains` value, the content `search`
 * parameter), run by RE2 in time linear in the text.
 */
import { RE2JS } from 're2js';

/** A compiled user pattern: what the filters call. */
export interface UserPattern {
  /** Whether the pattern matches somewhere in `text` (unanchored, like `RegExp.prototype.test`). */
  test(text: string): boolean;
  /** `regex` when RE2 runs it, `literal` when the text is matched as a plain substring. */
  readonly kind: 'regex' | 'literal';
}

const PATTERN_CACHE_LIMIT = 256;
const patternCache = new Map<string, UserPattern>();

/**
 * Compiles user text as a regular expression run by RE2 (`re2js`), whose matching time is linear
 * in the text: no pattern can backtrack catastrophically (`^(a+)+$` over any text answers in
 * microseconds to milliseconds). JavaScript spellings RE2 lacks are translated first (`\uXXXX`,
 * `(?<name>…)`, `\/`). Text RE2 cannot compile — a syntax error (`[`), a backreference (`\1`), a
 * lookahead or lookbehind (`(?=…)`, `(?<=…)`), a repeat count over 1000 — is matched literally,
 * as a plain substring (so `search=(?=x)` finds sources containing the characters `(?=x)`), never
 * refused. Compiled patterns are cached (the 256 most recent).
 *
 * @param source the user's text, any length (bounded in practice by the request size limit).
 * @returns a {@link UserPattern}; never throws.
 */
export function userPattern(source: string): UserPattern {
  return userRegex(source, '');
}

/** Flags of {@link userRegex}: `i` (case-insensitive), `m` (`^`/`$` at line breaks), `s` (`.` matches line breaks). */
export type UserRegexFlags = string;

/**
 * {@link userPattern} with regular-expression flags (MongoDB's `$options` that RE2 supports): `i`,
 * `m`, `s`; other characters are ignored (the caller checks them). The literal fallback honours `i`.
 */
export function userRegex(source: string, flags: UserRegexFlags): UserPattern {
  const key = `${flags}/${source}`;
  const cached = patternCache.get(key);
  if (cached) {
    patternCache.delete(key);
    patternCache.set(key, cached);
    return cached;
  }
  const insensitive = flags.includes('i');
  let pattern: UserPattern;
  try {
    const bits = (insensitive ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0) | (flags.includes('s') ? RE2JS.DOTALL : 0);
    const re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
    pattern = { kind: 'regex', test: (text) => re.test(text) };
  } catch {
    const needle = insensitive ? source.toLowerCase() : source;
    pattern = { kind: 'literal', test: (text) => (insensitive ? text.toLowerCase() : text).includes(needle) };
  }
  if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.delete(patternCache.keys().next().value!);
  patternCache.set(key, pattern);
  return pattern;
}
