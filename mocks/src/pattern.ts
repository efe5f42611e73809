/**
 * User-supplied regular expressions (a segment filter's `contains` value, the content `search`
 * parameter, a `$regex` in a query), run by RE2 in time linear in the text — and bounded, so that
 * one request cannot keep the mock (one JavaScript thread) from answering every other.
 *
 * Linear time is not enough when the compiled program is huge: `[\s\S]{1000}[\s\S]{1000}b` is two
 * thousand instructions that RE2 steps through for every character, about 80 ms for each 2 KB text
 * it scans. So a pattern is bounded twice:
 *
 * - when it is compiled ({@link userRegex}), by its length ({@link MAX_PATTERN_LENGTH}), the copies
 *   its counted repeats expand to ({@link MAX_PATTERN_REPETITION}) and the size of its program
 *   ({@link MAX_PATTERN_PROGRAM}): a pattern over a bound is refused with a {@link PatternLimitError};
 * - when it runs, by the work of the request ({@link MatchBudget}, {@link MAX_MATCH_WORK}): the
 *   estimated work of each text is counted before the text is matched, and the text that would
 *   exceed the budget is not matched: {@link PatternLimitError} instead.
 *
 * These are limits of the mock, not of the service: MongoDB runs any pattern PCRE compiles, for as
 * long as it takes. The routes answer a {@link PatternLimitError} with 400 `{errors: [{value, msg,
 * param, location}]}` in both modes ({@link PatternLimitError.issue}).
 */
import { RE2JS } from 're2js';
import { mockLimit, type Failure } from './http/results';
import { badInput, type ValidationIssue } from './http/validation';

/**
 * The longest pattern the mock compiles, in UTF-16 code units of the user's text (`String#length`).
 * Longer text is refused before it is read, whether or not RE2 could compile it (the literal
 * fallback included): reading, compiling and the size of the program all grow with the text, and
 * no search box or segment filter needs more.
 */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * The most copies the counted repeats of a pattern may expand to, in atoms (a character, a class,
 * an escape, `.`): `x{n}`, `x{n,}` and `x{n,m}` count `n`, `n` and `m` copies of `x`'s atoms,
 * nested repeats multiply (`(a{10}b){100}` is 1,100), repeats side by side add
 * (`[\s\S]{1000}[\s\S]{1000}` is 2,000); `*`, `+` and `?` count nothing (one loop each). RE2 itself
 * refuses a single count over 1000 (such a pattern matches literally, see {@link userRegex}): this
 * bound keeps every pattern RE2 takes with one repeat of up to 1000, and refuses two.
 */
export const MAX_PATTERN_REPETITION = 1000;

/**
 * The largest compiled program the mock runs, in RE2 instructions (`RE2JS#programSize()`: about
 * one per atom, two per optional copy, `\w{1,1000}` is 2,001). Checked after the repetition bound,
 * which keeps compiling cheap.
 */
export const MAX_PATTERN_PROGRAM = 2500;

/**
 * The matching work one request may do, in instruction-characters: for each text a pattern is
 * tested on, its cost per character ({@link UserPattern.cost}: the program size, or 1 for a plain
 * substring search) times the text's length, summed over the texts of the request (each distinct
 * text once per filter). Where RE2's DFA gives up on a large program it needs about 30 ns per unit
 * (measured on a loaded 2-core machine), so a request matches for at most about 150 ms; a
 * 10-instruction pattern (`^acme`, `\d{3}-\d{4}`) may still scan 500,000 characters.
 */
export const MAX_MATCH_WORK = 5_000_000;

/**
 * The steps one request may take resolving its filters' dotted paths in the documents it reads
 * (`attributes.x.0.y` over every lead of a listing): one per value visited along a path, one per
 * array item traversed (an array on the way is read item by item, as MongoDB reads it), one per
 * comparison with a list value that has no hash (an object or an array in `$in`). A path whose
 * numeric segments could be read two ways at every level (`x.0` is both the array's first item and
 * the field `"0"` of each item) visits each value at most once per segment, so the steps grow with
 * the documents' size, never exponentially; this bound keeps a listing over huge documents to
 * about 100 ms.
 */
export const MAX_PATH_STEPS = 2_000_000;

/**
 * The most values one list operator of a filter may hold (`$in`, `$nin`, `$all`: a segment's `=`
 * filter whose value is a list is a `$in`). Each is looked up in a set, so the bound is on the
 * filter's size, not on its matching time.
 */
export const MAX_LIST_VALUES = 10_000;

/**
 * The text-search work of one request (`full_text`, MongoDB's `$text`), in characters: those of
 * the searched fields of each document whose words are not indexed yet (they are tokenised when a
 * document is written, and again only when its text changes), and those scanned for each phrase
 * (`"…"` in the search) in each document. About 50 ms per million characters.
 */
export const MAX_TEXT_WORK = 5_000_000;

/** The bound a {@link PatternLimitError} reports: a pattern's (`length`, `repetition`, `program`, `work`) or a query's (`paths`, `values`, `text`). */
export type PatternLimit = 'length' | 'repetition' | 'program' | 'work' | 'paths' | 'values' | 'text';

/**
 * A pattern the mock refuses to run: over one of its static bounds, or over the request's matching
 * budget; or a query over the mock's bounds on the rest of a filter's work ({@link MAX_PATH_STEPS},
 * {@link MAX_LIST_VALUES}, {@link MAX_TEXT_WORK}). Not a query error of the service (MongoDB would
 * run it): the routes answer 400 naming the limit.
 */
export class PatternLimitError extends Error {
  /**
   * The filter path the pattern applies to (`fullname`, `source`), when known; set by the filter
   * that compiles or runs the pattern.
   */
  path?: string;

  constructor(
    /** Which bound the pattern exceeds. */
    readonly limit: PatternLimit,
    /** The user's pattern; for a query bound, the user's text it applies to (the filter path, the search). */
    readonly pattern: string,
    /** What the pattern measures (or would reach), in the bound's unit. */
    readonly measured: number,
    /** The bound. */
    readonly max: number,
  ) {
    super(limitMessage(limit, measured, max));
    this.name = 'PatternLimitError';
  }

  /**
   * The validation item of the 400 answer: the pattern (cut to 200 characters), the message, and
   * where the request carried it.
   * @param param the request field, e.g. `search`, `filters.0.value`.
   * @param context a prefix for the message, e.g. "The segment's filter on `fullname`".
   */
  issue(param: string, location: ValidationIssue['location'], context?: string): ValidationIssue {
    const value = this.pattern.length > 200 ? `${this.pattern.slice(0, 200)}…` : this.pattern;
    return { value, msg: context ? `${context}: ${this.message}` : this.message, param, location };
  }

  /** The 400 answer naming the pattern at `param` (see {@link issue}), marked as the mock's own limit. */
  refusal(param: string, location: ValidationIssue['location'], context?: string): Failure {
    return patternRefusal([this.issue(param, location, context)]);
  }
}

function limitMessage(limit: PatternLimit, measured: number, max: number): string {
  const head = 'Pattern too expensive for the mock';
  const tail = 'This is a limit of the mock, not of the service (MongoDB would run the pattern): it keeps one request from blocking all the others.';
  const query = 'Query too expensive for the mock';
  const queryTail = 'This is a limit of the mock, not of the service (MongoDB would run the query): it keeps one request from blocking all the others.';
  switch (limit) {
    case 'paths':
      return `${query}: resolving its path in the documents of this request takes more than ${max} steps (values visited and array items traversed), the limit per request. ${queryTail}`;
    case 'values':
      return `${query}: a list of ${measured} values ($in, $nin, $all), over the limit of ${max}. ${queryTail}`;
    case 'text':
      return `${query}: searching the text of the documents of this request needs more than ${max} characters of work (words to index, phrases to scan), the limit per request. ${queryTail}`;
    case 'length':
      return `${head}: ${measured} characters, over the limit of ${max}. ${tail}`;
    case 'repetition':
      return `${head}: its counted repeats ({n,m}) expand to ${measured} copies, over the limit of ${max}. ${tail}`;
    case 'program':
      return `${head}: it compiles to ${measured} RE2 instructions, over the limit of ${max}. ${tail}`;
    case 'work':
      return `${head}: matching it over the documents of this request needs more than ${max} units of work (RE2 program size × characters scanned), the limit per request. ${tail}`;
  }
}

/** A compiled user pattern: what the filters call. */
export interface UserPattern {
  /** Whether the pattern matches somewhere in `text` (unanchored, like `RegExp.prototype.test`). */
  test(text: string): boolean;
  /** `regex` when RE2 runs it, `literal` when the text is matched as a plain substring. */
  readonly kind: 'regex' | 'literal';
  /** The user's text. */
  readonly source: string;
  /**
   * The estimated work per character of text, in RE2 instructions: the program size (an upper
   * bound of the threads RE2 steps per character), or 1 for a plain substring search (a literal,
   * or a regex that is one literal string).
   */
  readonly cost: number;
}

/** The counted repeats of a pattern: the copies they expand to, and whether RE2 accepts their counts. */
interface RepeatScan {
  /** The copies counted repeats expand to ({@link MAX_PATTERN_REPETITION}). */
  copies: number;
  /** Every count at most 1000 and `n <= m`, and along every nesting the counts' product at most 1000 (RE2's `repeatIsValid`). */
  valid: boolean;
}

/** What a part of a pattern expands to: atoms, copies made by its counted repeats, the largest product of nested counts. */
interface Part {
  atoms: number;
  copies: number;
  product: number;
}

/** RE2's limit on a count, and on the product of nested counts (`Parser.repeatIsValid(re, 1000)`). */
const RE2_MAX_REPEAT = 1000;

/** The end (exclusive) of the escape at `i` (a backslash): `\x{…}`, `\p{…}`, `\pL`, or one character. */
function escapeEnd(s: string, i: number): number {
  const next = s[i + 1];
  if ((next === 'p' || next === 'P' || next === 'x') && s[i + 2] === '{') {
    const close = s.indexOf('}', i + 3);
    return close < 0 ? s.length : close + 1;
  }
  if (next === 'p' || next === 'P') return Math.min(s.length, i + 3);
  return Math.min(s.length, i + 2);
}

/** The end (exclusive) of the character class at `i` (a `[`), as RE2 reads it. */
function classEnd(s: string, i: number): number {
  let j = i + 1;
  if (s[j] === '^') j++;
  if (s[j] === ']') j++;
  while (j < s.length) {
    if (s[j] === '\\') j = escapeEnd(s, j);
    else if (s[j] === '[' && s[j + 1] === ':') {
      const close = s.indexOf(':]', j + 2);
      j = close < 0 ? j + 1 : close + 2;
    } else if (s[j] === ']') return j + 1;
    else j++;
  }
  return s.length;
}

/**
 * Reads the counted repeats of an RE2 pattern (after `translateRegExp`) without compiling it:
 * linear in the text. Syntax RE2 refuses otherwise (a repeat of nothing) is counted as it comes.
 */
function scanRepeats(s: string): RepeatScan {
  interface Frame {
    /** The parts before `last`. */
    sum: Part;
    /** The last part, which a repeat applies to. */
    last?: Part;
  }
  let valid = true;
  const add = (a: Part, b: Part): Part => ({ atoms: a.atoms + b.atoms, copies: a.copies + b.copies, product: Math.max(a.product, b.product) });
  const empty = (): Part => ({ atoms: 0, copies: 0, product: 1 });
  const close = (frame: Frame): Part => (frame.last ? add(frame.sum, frame.last) : frame.sum);
  const stack: Frame[] = [{ sum: empty() }];
  const top = () => stack[stack.length - 1]!;
  const push = (part: Part) => {
    const frame = top();
    if (frame.last) frame.sum = add(frame.sum, frame.last);
    frame.last = part;
  };
  const atom = () => push({ atoms: 1, copies: 0, product: 1 });
  const repeat = (min: number, max: number) => {
    if (min > RE2_MAX_REPEAT || max > RE2_MAX_REPEAT || (max >= 0 && min > max)) valid = false;
    const count = max >= 0 ? max : min;
    const frame = top();
    const of = frame.last ?? empty();
    const product = count === 0 ? 1 : count * of.product;
    if (product > RE2_MAX_REPEAT) valid = false;
    // The expansion replaces the inner repeats' copies: `(a{10}){100}` is 1000 copies, not 1010.
    frame.last = { atoms: count * of.atoms, copies: count * Math.max(1, of.atoms), product };
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      if (s[i + 1] === 'Q') {
        const end = s.indexOf('\\E', i + 2);
        const quoted = end < 0 ? s.length - (i + 2) : end - (i + 2);
        for (let k = 0; k < quoted; k++) atom();
        i = end < 0 ? s.length : end + 2;
        continue;
      }
      i = escapeEnd(s, i);
      atom();
    } else if (c === '[') {
      i = classEnd(s, i);
      atom();
    } else if (c === '(') {
      // A group's header is no atom: `(?:`, `(?i:`, `(?P<name>`, `(?<name>`; `(?i)` sets flags only.
      let j = i + 1;
      if (s[j] === '?') {
        j++;
        if ((s[j] === 'P' && s[j + 1] === '<') || (s[j] === '<' && s[j + 1] !== '=' && s[j + 1] !== '!')) {
          const end = s.indexOf('>', j);
          j = end < 0 ? s.length : end + 1;
        } else {
          while (j < s.length && /[A-Za-z-]/.test(s[j]!)) j++;
          if (s[j] === ')') {
            i = j + 1;
            continue;
          }
          if (s[j] === ':' || s[j] === '=' || s[j] === '!') j++;
        }
      }
      stack.push({ sum: empty() });
      i = j;
    } else if (c === ')') {
      if (stack.length > 1) {
        const group = close(stack.pop()!);
        push(group);
      } else atom();
      i++;
    } else if (c === '|') {
      const frame = top();
      frame.sum = close(frame);
      frame.last = undefined;
      i++;
    } else if (c === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i, i + 24));
      if (counted) {
        const min = Number(counted[1]);
        const max = counted[2] === undefined ? min : counted[3] === '' ? -1 : Number(counted[3]);
        repeat(min, max);
        i += counted[0].length;
      } else {
        atom();
        i++;
      }
    } else if (c === '*' || c === '+' || c === '?') {
      i++; // a loop or an option: nothing copied
    } else {
      atom();
      i++;
    }
  }
  while (stack.length > 1) {
    const group = close(stack.pop()!);
    push(group);
  }
  return { copies: close(stack[0]!).copies, valid };
}

const PATTERN_CACHE_LIMIT = 256;
/** Compiled patterns and refusals, the most recent last. */
const patternCache = new Map<string, UserPattern | PatternLimitError>();

/**
 * Compiles user text as a regular expression run by RE2 (`re2js`), whose matching time is linear
 * in the text: no pattern can backtrack catastrophically (`^(a+)+$` over any text answers in
 * microseconds to milliseconds). JavaScript spellings RE2 lacks are translated first (`\uXXXX`,
 * `(?<name>…)`, `\/`). Text RE2 cannot compile — a syntax error (`[`), a backreference (`\1`), a
 * lookahead or lookbehind (`(?=…)`, `(?<=…)`), a repeat count over 1000 — is matched literally,
 * as a plain substring (so `search=(?=x)` finds sources containing the characters `(?=x)`).
 * Compiled patterns, and refusals, are cached (the 256 most recent).
 *
 * @param source the user's text.
 * @returns a {@link UserPattern}.
 * @throws {PatternLimitError} for text over {@link MAX_PATTERN_LENGTH}, a pattern whose repeats
 *   expand over {@link MAX_PATTERN_REPETITION} or whose program is over {@link MAX_PATTERN_PROGRAM}.
 */
export function userPattern(source: string): UserPattern {
  return userRegex(source, '');
}

/** Flags of {@link userRegex}: `i` (case-insensitive), `m` (`^`/`$` at line breaks), `s` (`.` matches line breaks). */
export type UserRegexFlags = string;

/**
 * {@link userPattern} with regular-expression flags (MongoDB's `$options` that RE2 supports): `i`,
 * `m`, `s`; other characters are ignored (the caller checks them). The literal fallback honours `i`.
 * @throws {PatternLimitError} as {@link userPattern}.
 */
export function userRegex(source: string, flags: UserRegexFlags): UserPattern {
  const key = `${flags}/${source}`;
  const cached = patternCache.get(key);
  if (cached) {
    patternCache.delete(key);
    patternCache.set(key, cached);
    if (cached instanceof PatternLimitError) throw fresh(cached);
    return cached;
  }
  let outcome: UserPattern | PatternLimitError;
  try {
    outcome = compile(source, flags);
  } catch (error) {
    if (!(error instanceof PatternLimitError)) throw error;
    outcome = error;
  }
  if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.delete(patternCache.keys().next().value!);
  patternCache.set(key, outcome);
  if (outcome instanceof PatternLimitError) throw fresh(outcome);
  return outcome;
}

/** A copy of a cached refusal, for one caller (the filters name their path on it). */
const fresh = (error: PatternLimitError): PatternLimitError => new PatternLimitError(error.limit, error.pattern, error.measured, error.max);

/** Compiles a pattern within the static bounds. @throws {PatternLimitError} */
function compile(source: string, flags: UserRegexFlags): UserPattern {
  if (source.length > MAX_PATTERN_LENGTH) throw new PatternLimitError('length', source, source.length, MAX_PATTERN_LENGTH);
  const insensitive = flags.includes('i');
  let re: RE2JS;
  try {
    const translated = RE2JS.translateRegExp(source);
    // Counted before compiling: RE2 expands repeats while it compiles (142 `a{1000}` in a
    // 1000-character pattern take about a second), and the expansion is what the program costs.
    const repeats = scanRepeats(translated);
    if (repeats.valid && repeats.copies > MAX_PATTERN_REPETITION) throw new PatternLimitError('repetition', source, repeats.copies, MAX_PATTERN_REPETITION);
    const bits = (insensitive ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0) | (flags.includes('s') ? RE2JS.DOTALL : 0);
    re = RE2JS.compile(translated, bits);
  } catch (error) {
    if (error instanceof PatternLimitError) throw error;
    const needle = insensitive ? source.toLowerCase() : source;
    return { kind: 'literal', source, cost: 1, test: (text) => (insensitive ? text.toLowerCase() : text).includes(needle) };
  }
  const size = re.programSize();
  if (size > MAX_PATTERN_PROGRAM) throw new PatternLimitError('program', source, size, MAX_PATTERN_PROGRAM);
  // A pattern that is one literal string is searched as a substring (`prefixComplete`).
  const cost = re.re2().prefixComplete ? 1 : size;
  return { kind: 'regex', source, cost, test: (text) => re.test(text) };
}

/**
 * Whether a pattern is within the static bounds the mock compiles patterns in (what a route that
 * stores a pattern checks before storing it).
 * @throws {PatternLimitError} as {@link userRegex}.
 */
export function checkUserPattern(source: string, flags: UserRegexFlags = ''): void {
  userRegex(source, flags);
}

/**
 * The matching work of one request ({@link MAX_MATCH_WORK}): every pattern test of the request
 * goes through one budget, which counts each text's estimated work before matching it and refuses
 * the text that would exceed the limit, so a refusal costs nothing more.
 */
export class MatchBudget {
  #spent = 0;
  #steps = 0;
  #text = 0;
  /** The steps allowed resolving paths ({@link MAX_PATH_STEPS}). */
  readonly pathLimit: number;
  /** The text-search work allowed, in characters ({@link MAX_TEXT_WORK}). */
  readonly textLimit: number;

  /**
   * @param limit the pattern work allowed, in instruction-characters (default {@link MAX_MATCH_WORK}).
   * @param limits the other bounds of the request's query work (defaults {@link MAX_PATH_STEPS} and {@link MAX_TEXT_WORK}).
   */
  constructor(
    readonly limit: number = MAX_MATCH_WORK,
    limits: { readonly pathSteps?: number; readonly textWork?: number } = {},
  ) {
    this.pathLimit = limits.pathSteps ?? MAX_PATH_STEPS;
    this.textLimit = limits.textWork ?? MAX_TEXT_WORK;
  }

  /** The work counted so far, in instruction-characters. */
  get spent(): number {
    return this.#spent;
  }

  /** The path-resolution steps counted so far. */
  get pathSteps(): number {
    return this.#steps;
  }

  /** The text-search work counted so far, in characters. */
  get textWork(): number {
    return this.#text;
  }

  /**
   * Counts `steps` of path resolution on `path`.
   * @throws {PatternLimitError} (`paths`) once the request's steps exceed {@link pathLimit}.
   */
  walk(steps: number, path: string): void {
    this.#steps += steps;
    if (this.#steps > this.pathLimit) throw new PatternLimitError('paths', path, this.#steps, this.pathLimit);
  }

  /**
   * Counts `chars` of text-search work for `search`, before it is done.
   * @throws {PatternLimitError} (`text`) without counting, when it would exceed {@link textLimit}.
   */
  scanText(chars: number, search: string): void {
    if (this.#text + chars > this.textLimit) throw new PatternLimitError('text', search, this.#text + chars, this.textLimit);
    this.#text += chars;
  }

  /**
   * `pattern.test(text)`, when its work (`pattern.cost × text.length`) fits in what is left.
   * @throws {PatternLimitError} (`work`) without matching, when it does not.
   */
  test(pattern: UserPattern, text: string): boolean {
    const work = pattern.cost * text.length;
    if (this.#spent + work > this.limit) throw new PatternLimitError('work', pattern.source, this.#spent + work, this.limit);
    this.#spent += work;
    return pattern.test(text);
  }
}

/** The 400 answer to patterns over the mock's bounds (`issues` from {@link PatternLimitError.issue}), marked as the mock's own limit. */
export function patternRefusal(issues: readonly ValidationIssue[]): Failure {
  return mockLimit(badInput(400, issues), 'the bounds on user patterns (mocks/README.md, "Bounded patterns")');
}
