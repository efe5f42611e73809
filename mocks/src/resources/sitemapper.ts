/**
 * The sitemap reader behind `parseSitemap`, as the server runs it: `routes/kb.js:1996-2015` calls
 * `new Sitemapper({url: req.body.sitemap, timeout: 15000}).fetch()` (sitemapper 3.2.24, which
 * fetches with got 11 and parses with fast-xml-parser 4.5, which the mock uses too) and answers its result with 200, or
 * `500 {success: false, error}` when `fetch()` rejects. What the reader does, rule for rule:
 *
 * - the URL as got reads it: `undefined`, `null`, an object or an array → `RequestError`; a number
 *   or a boolean, or a URL whose protocol is not `http:`/`https:` → `UnsupportedProtocolError`; a
 *   string starting with `/` → `Error`; a string that is no URL → `TypeError`;
 * - a fetch that fails (no such host, connection refused or reset) → `RequestError`; an answer
 *   with an error status → `HTTPError` (`HTTP Error occurred: Response code 404 (Not Found)`); no
 *   answer within 15 s → `CancelError`; a 2xx other than 200, or a document that is neither a
 *   `urlset` with `url` entries nor a `sitemapindex` → `UnknownStateError` (or the text of a
 *   top-level `<name>` element, which the reader takes for the error's name); a body the XML parser
 *   refuses → `Error`;
 * - a `urlset`: `sites` are the `loc` values as fast-xml-parser reads them (numbers and booleans
 *   parsed: `<loc>123</loc>` is `123`; a `url` without `loc` gives `null`); a `sitemapindex`: each
 *   nested sitemap is read the same way, their sites concatenated and their errors collected. A
 *   `sitemapindex` without `sitemap` entries makes the reader throw: 500 `{success: false, error: {}}`.
 *   A nested `sitemap` without `loc`, or one that names a sitemap being read (a cycle), makes the
 *   reader fetch the same sitemaps again and again: the server never answers (it runs out of
 *   memory), and so does the mock.
 *
 * Differences kept: the mock answers a sitemap of `behaviour.sitemaps` from the fixture, hosts
 * under the reserved names `.test`, `.example` and `.invalid` fail at once (`RequestError`, as
 * their DNS lookup does), no request is retried (got retries network errors and 5xx statuses twice,
 * about 3 s, with the same outcome unless the site recovers in between). The XML is read by the
 * parser sitemapper uses, fast-xml-parser 4.5, with its options.
 */
import { XMLParser } from 'fast-xml-parser';
import { bypass } from 'msw';

/** One failed sitemap, as sitemapper reports it. */
export interface SitemapFailure {
  type?: unknown;
  message: string;
  url?: unknown;
  retries: number;
}

/** What `Sitemapper.fetch()` resolves to. */
export interface SitemapData {
  url?: unknown;
  sites: unknown[];
  errors: SitemapFailure[];
}

/** The outcome of a read: the data, a rejection of `fetch()` (500 `{success:false, error:{}}`), or a read that never ends. */
export type SitemapOutcome = { data: SitemapData } | { rejected: true } | { endless: string };

/** Options of {@link readSitemap}. */
export interface SitemapOptions {
  /** Page URLs per sitemap URL, answered without fetching. */
  fixtures?: Readonly<Record<string, readonly string[]>>;
  /** The reader's timeout per sitemap, ms (the server's 15000). */
  timeoutMs?: number;
  /** The fetch function (default the global `fetch`, through MSW's `bypass()`). */
  fetch?: typeof fetch;
}

/** How deep nested sitemap indexes are followed before the read counts as endless. */
const MAX_DEPTH = 32;

/** The result of `parse()`: an error text and the error (named), or the parsed document. */
type Parsed = { error: string; data: { name?: unknown } } | { error: null; data: unknown };

class Endless extends Error {}

const named = (name: string, error: string): Parsed => ({ error, data: { name } });
const occurred = (name: string): Parsed => named(name, `Error occurred: ${name}`);

/** Whether a host is under a name that never resolves (RFC 2606/6761). */
const reservedHost = (host: string): boolean => /\.(test|example|invalid)\.?$/i.test(host) || /^(test|example|invalid)$/i.test(host);

/** gzip's magic number (what `is-gzip` checks). */
const isGzip = (bytes: Uint8Array): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `Sitemapper.parse(url)`: got's reading of the URL, the fetch, the XML. */
async function parse(url: unknown, options: SitemapOptions): Promise<Parsed> {
  if (url === undefined || url === null || (typeof url === 'object' && url !== null)) return occurred('RequestError');
  if (typeof url !== 'string') return occurred('UnsupportedProtocolError');
  if (url.startsWith('/')) return occurred('Error');
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return occurred('TypeError');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return occurred(target.protocol === 'unix:' ? 'RequestError' : 'UnsupportedProtocolError');
  const fixture = options.fixtures && Object.hasOwn(options.fixtures, url) ? options.fixtures[url] : undefined;
  if (fixture) return { error: null, data: { urlset: { url: fixture.map((loc) => ({ loc })) } } };
  if (reservedHost(target.hostname)) return occurred('RequestError');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(bypass(new Request(target, { method: 'GET', redirect: 'follow', signal: controller.signal })));
    } catch {
      return timedOut ? named('CancelError', `Request timed out after ${timeoutMs} milliseconds for url: '${url}'`) : occurred('RequestError');
    }
    if (response.status < 200 || response.status > 299) {
      void response.body?.cancel().catch(() => {});
      return named('HTTPError', `HTTP Error occurred: Response code ${response.status} (${response.statusText})`);
    }
    if (response.status !== 200) {
      void response.body?.cancel().catch(() => {});
      return { error: null, data: {} };
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      return timedOut ? named('CancelError', `Request timed out after ${timeoutMs} milliseconds for url: '${url}'`) : occurred('RequestError');
    }
    try {
      if (isGzip(bytes)) bytes = await gunzip(bytes);
      return { error: null, data: parseXml(new TextDecoder().decode(bytes)) };
    } catch {
      return occurred('Error');
    }
  } finally {
    clearTimeout(timer);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * `Sitemapper.crawl(url)`: the sites and errors of one sitemap, following nested ones.
 * @returns `undefined` where sitemapper's own `try` swallows an exception (then `fetch()` rejects).
 * @throws {Endless} for a read that would never end.
 */
async function crawl(url: unknown, top: unknown, chain: readonly unknown[], options: SitemapOptions): Promise<{ sites: unknown[]; errors: SitemapFailure[] } | undefined> {
  // `crawl(undefined)` reads `this.url` again (parse's default parameter); a url being read is read again.
  const effective = url === undefined ? top : url;
  if (chain.length > 0 && (chain.includes(effective) || chain.length >= MAX_DEPTH)) throw new Endless();
  const { error, data } = await parse(effective, options);
  if (error) return { sites: [], errors: [{ type: (data as { name?: unknown }).name, message: error, url, retries: 0 }] };
  const doc = isRecord(data) ? data : {};
  const urlset = doc.urlset;
  if (isRecord(urlset) && urlset.url) {
    const entries = Array.isArray(urlset.url) ? urlset.url : [urlset.url];
    return { sites: entries.map((site) => (isRecord(site) ? site.loc : undefined) ?? null), errors: [] };
  }
  if (doc.sitemapindex) {
    const index = doc.sitemapindex;
    const nested = isRecord(index) ? index.sitemap : undefined;
    if (!Array.isArray(nested)) return undefined; // `data.sitemapindex.sitemap.map` throws: crawl's catch answers nothing
    const results = await Promise.all(nested.map((entry) => crawl(isRecord(entry) ? entry.loc : undefined, top, [...chain, effective], options)));
    if (results.some((result) => result === undefined)) return undefined; // `result.errors` of undefined throws
    const done = results as { sites: unknown[]; errors: SitemapFailure[] }[];
    return { sites: done.filter((r) => r.errors.length === 0).flatMap((r) => r.sites), errors: done.filter((r) => r.errors.length !== 0).flatMap((r) => r.errors) };
  }
  const name = doc.name;
  return { sites: [], errors: [{ url, type: name ? name : 'UnknownStateError', message: 'An unknown error occurred.', retries: 0 }] };
}

/** `new Sitemapper({url, timeout: 15000}).fetch()`, as the server's route calls it. */
export async function readSitemap(url: unknown, options: SitemapOptions = {}): Promise<SitemapOutcome> {
  try {
    const result = await crawl(url, url, [], options);
    if (!result) return { rejected: true };
    return { data: { url, sites: result.sites, errors: result.errors } };
  } catch (error) {
    if (error instanceof Endless) return { endless: 'a sitemap index names a sitemap without <loc> or one being read, and sitemapper fetches them again forever' };
    return { rejected: true };
  }
}

// --- the XML: fast-xml-parser 4.5, configured as sitemapper configures it ------------------------

/** sitemapper's parser: every `sitemap` and `url` element an array, namespace prefixes removed. */
const xml = new XMLParser({ isArray: (name: string) => name === 'sitemap' || name === 'url', removeNSPrefix: true });

/**
 * Parses a sitemap document as sitemapper does (fast-xml-parser's `XMLParser`, its options).
 * @throws {Error} what fast-xml-parser throws for a document it refuses.
 */
export function parseXml(text: string): Record<string, unknown> {
  const value: unknown = xml.parse(text);
  return isRecord(value) ? value : {};
}
