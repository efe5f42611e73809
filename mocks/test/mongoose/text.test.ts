/**
 * MongoDB's `$text` over a text index of language `none` (mocks/src/mongoose/text.ts): the real
 * server's indexes (`models/lead.js`: `{fullname: 'text', email: 'text'}`, `default_language`
 * `DEFAULT_FULLTEXT_INDEX_LANGUAGE || "none"`) — words, case- and diacritic-insensitive, no
 * stemming, no stop words, no substrings.
 */
import { describe, expect, it } from 'vitest';
import { documentFilter, querySchema } from '../../src/mongoose/filter';
import { foldText, parseTextSearch, textWords } from '../../src/mongoose/text';

describe('textWords', () => {
  it.each([
    ['Anna Neri', ['anna', 'neri']],
    ['maria.rossi@example.org', ['maria', 'rossi', 'example', 'org']],
    ['Élodie  Müller-Lüdenscheidt', ['elodie', 'muller', 'ludenscheidt']],
    ['"quoted" (paren) a/b, c; d! e? f:g', ['quoted', 'paren', 'a', 'b', 'c', 'd', 'e', 'f', 'g']],
    ['running the shops', ['running', 'the', 'shops']], // language none: no stemming, no stop words
    ['O’Brien', ['o', 'brien']], // a quotation mark is a delimiter
    ['', []],
  ])('%s', (text, words) => expect(textWords(text)).toEqual(words));

  it('folds case and diacritics', () => {
    expect(foldText('ÅNGSTRÖM Çà')).toBe('angstrom ca');
    expect(foldText('plain ascii')).toBe('plain ascii');
  });
});

describe('parseTextSearch', () => {
  it.each([
    ['anna neri', { terms: ['anna', 'neri'], negated: [], phrases: [], negatedPhrases: [] }],
    ['anna -neri', { terms: ['anna'], negated: ['neri'], phrases: [], negatedPhrases: [] }],
    ['anna-neri', { terms: ['anna', 'neri'], negated: [], phrases: [], negatedPhrases: [] }],
    ['"Anna Neri" x', { terms: ['anna', 'neri', 'x'], negated: [], phrases: ['anna neri'], negatedPhrases: [] }],
    ['x -"anna neri"', { terms: ['x'], negated: [], phrases: [], negatedPhrases: ['anna neri'] }],
    ['"unclosed phrase', { terms: ['unclosed', 'phrase'], negated: [], phrases: ['unclosed phrase'], negatedPhrases: [] }],
  ])('%s', (search, expected) => expect(parseTextSearch(search)).toEqual(expected));
});

describe('$text over the lead index', () => {
  const schema = querySchema({ name: 'lead', fields: { fullname: { type: 'string' }, email: { type: 'string' }, city: { type: 'string' } }, textIndex: ['fullname', 'email'] });
  const anna = { fullname: 'Anna Neri', email: 'anna.neri@example.org', city: 'Joanna Town' };
  const joanna = { fullname: 'Joanna Élodie Bianchi', email: 'jb@example.org', city: 'Roma' };
  const search = (text: string) => [anna, joanna].filter(documentFilter(schema, { $text: { $search: text } })).map((doc) => doc.fullname);

  it.each([
    ['anna', ['Anna Neri']], // a word, not a substring of Joanna
    ['ANNA', ['Anna Neri']],
    ['elodie', ['Joanna Élodie Bianchi']],
    ['neri bianchi', ['Anna Neri', 'Joanna Élodie Bianchi']], // any word
    ['example -neri', ['Joanna Élodie Bianchi']],
    ['"anna neri"', ['Anna Neri']],
    ['"neri anna"', []],
    ['example -"joanna élodie"', ['Anna Neri']],
    ['roma', []], // `city` is not in the index
    ['town', []],
    ['nna', []],
    ['-anna', []], // no positive word: nothing
  ])('%s → %o', (text, names) => expect(search(text)).toEqual(names));

  it('needs a text index and a $search string, as MongoDB', () => {
    expect(() => documentFilter(querySchema({ name: 'x', fields: {} }), { $text: { $search: 'a' } })).toThrow('text index required for $text query');
    expect([{ fullname: 'Route 5' }].filter(documentFilter(schema, { $text: { $search: 5 } }))).toHaveLength(1); // Mongoose casts it to '5'
    expect(() => documentFilter(schema, { $text: {} })).toThrow('$search needs a String');
    expect(() => documentFilter(schema, { $text: 'anna' })).toThrow('Cast to $text failed');
  });
});
