/**
 * Case-insensitive routing, as Express routes the server's paths: no router of server 2.19.16 sets
 * `caseSensitive` (its `express.Router({mergeParams: true})` and the app keep Express's default), so
 * `GET /{project_id}/Leads` is `listLeads` (checked on it: `/Tags` and `/LEADS` answer 200). MSW
 * matches literal path segments case-sensitively, so the service registers one last handler that
 * takes a request no operation's handler matched and routes it again with the literal segments
 * compared without case; parameters keep the case they were sent in.
 */
import { http, type HttpHandler } from 'msw';

/** An operation's route (`HEAD` of a GET operation a route of its own), with the answer of its MSW handler. */
export interface CaselessRoute {
  /** `GET`, `POST`, … */
  readonly method: string;
  /** The contract's path template, `/{project_id}/leads`. */
  readonly path: string;
  /** Answers a request routed here, with `params` its path parameters (as MSW passes them). */
  readonly answer: (request: Request, params: Readonly<Record<string, unknown>>) => Promise<Response>;
}

/** A path segment as MSW hands a parameter over: percent-decoded (kept as sent when it does not decode). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route a request reaches when literal segments are compared without case: the first of
 * `routes` (in MSW's order) whose method is `method` and whose template matches the end of
 * `segments` (`*`, the default base URL: any leading part) or all of them (a base URL's path
 * removed), with one literal at least differing in case (else MSW would have matched it).
 */
export function caselessRoute(routes: readonly CaselessRoute[], method: string, segments: readonly string[], anyPrefix: boolean): { route: CaselessRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const template = route.path.split('/').slice(1);
    if (anyPrefix ? template.length > segments.length : template.length !== segments.length) continue;
    const offset = segments.length - template.length;
    const params: Record<string, string> = {};
    let differs = false;
    const fits = template.every((part, i) => {
      const segment = segments[offset + i]!;
      if (part.startsWith('{')) {
        params[part.slice(1, -1)] = decoded(segment);
        return segment !== '';
      }
      const literal = decoded(segment);
      if (literal === part) return true;
      differs = true;
      return literal.toLowerCase() === part.toLowerCase();
    });
    if (fits && differs) return { route, params };
  }
  return undefined;
}

/**
 * The fallback handler: answers a request no operation's handler matched when its path, literal
 * segments compared without case, is an operation's (`HEAD` as the GET's). It matches only those
 * requests (a custom predicate): any other request stays unmatched, so MSW applies the caller's
 * `onUnhandledFrame` strategy to it (`'error'` rejects it, `'warn'` warns and lets it through), and
 * the standalone server answers its 404 page. A handler that matched every request and answered
 * none would make MSW pass such a request on to the network silently, whatever the strategy.
 * @param baseUrl the service's base URL (`*`, or an API root whose path prefixes every operation).
 */
export function caselessHandler(baseUrl: string, routes: readonly CaselessRoute[]): HttpHandler {
  const base = baseUrl === '*' ? undefined : new URL(baseUrl);
  const basePath = base?.pathname.replace(/\/+$/, '') ?? '';
  /** The route a request takes, if any. */
  const routeOf = (request: Request) => {
    const url = new URL(request.url);
    let pathname = url.pathname;
    if (base) {
      // The base URL is the deployment's, not the server's routes: matched as MSW matches it.
      if (url.origin !== base.origin || !pathname.startsWith(`${basePath}/`)) return undefined;
      pathname = pathname.slice(basePath.length);
    }
    // Express ignores one trailing slash (strict routing is off), as MSW does.
    const segments = pathname.replace(/\/$/, '').split('/').slice(1);
    return caselessRoute(routes, request.method.toUpperCase(), segments, !base);
  };
  // The predicate and the resolver route the same request: the fallback serves rare requests only.
  return http.all(
    ({ request }) => routeOf(request) !== undefined,
    async ({ request }) => {
      const found = routeOf(request);
      return found ? found.route.answer(request, found.params) : undefined;
    },
  );
}
