// The exceptions of the security lint (.spectral.mjs), kept apart so tests can read them: every OWASP
// rule that does not fit this service, with its one-line reason. "Reference" is
// shared/spec/reference-implementation.md (how the real server behaves); the contract describes that
// server, so it cannot promise protections the server does not have. A rule that finds a real,
// fixable problem in the contract does not belong here: fix the contract.

/** Rules turned off for the whole contract: rule → one-line reason. */
export const off = {
  'owasp:api2:2023-no-http-basic': 'The service really authenticates agents with HTTP Basic (email + password) beside the JWT (reference §0, auth chain); the contract must describe it.',
  'owasp:api4:2023-rate-limit': 'The service sends no rate-limit headers: it has no global rate limiter (reference §0); headers it never sends cannot be declared.',
  'owasp:api4:2023-rate-limit-responses-429': 'No contracted route answers 429 (reference §0: the only limiter guards the uncontracted inbound /webhook/:id; plan quotas answer 403).',
  'owasp:api4:2023-string-limit': 'The server bounds no string field (Mongoose schemas without maxlength; only the 500 KB body limit, documented as 413); an invented maxLength would reject data the service accepts.',
  'owasp:api4:2023-string-restricted': 'Free-text fields (names, messages, notes, label texts, sort fields) have no format; ids, e-mails, URLs and dates already carry pattern or format.',
  'owasp:api4:2023-integer-limit': 'The server clamps no integer (page, limit, lastdays, counters); coded integers (status, direction) are enums and natural bounds are stated as minimum.',
  'owasp:api4:2023-integer-format': 'Integers are JSON numbers from a Node.js/Mongo server: neither int32 nor int64 describes them (JavaScript safe integers).',
  'owasp:api8:2023-define-cors-origin': 'CORS is cross-cutting: the server answers every response with the cors() defaults (reference §0), stated once in info.description; ~400 per-response copies would add nothing a client can act on.',
  'owasp:api4:2023-array-limit': 'The server returns unbounded plain arrays (teammates, groups, aggregations) and bounds no request array except the 300 URLs of /kb/multi, which the contract states (maxItems 300).',
};

/** Rules turned off at single places of the bundled contract: [JSON pointer, rule, one-line reason]. */
export const offAt = [
  ['/paths/~1auth~1signin/post', 'owasp:api2:2023-write-restricted', 'Sign-in issues the credential: it cannot require one (reference §1, no auth middleware on /auth).'],
  ['/paths/~1auth~1signinAnonymously/post', 'owasp:api2:2023-write-restricted', 'Anonymous sign-in issues a guest token to an unauthenticated visitor (reference §1).'],
  ['/paths/~1auth~1signinAnonymously/post', 'owasp:api8:2023-define-error-responses-401', 'No credential is checked, so the server never answers 401 here (reference §1).'],
  ['/paths/~1{project_id}~1labels/get', 'owasp:api8:2023-define-error-responses-401', 'Label reads have no auth at all on the real server (reference §7): it never answers 401.'],
  ['/paths/~1{project_id}~1labels~1{lang}/get', 'owasp:api8:2023-define-error-responses-401', 'Label reads have no auth at all on the real server (reference §7): it never answers 401.'],
  ['/paths/~1{project_id}~1labels~1default/get', 'owasp:api8:2023-define-error-responses-401', 'Label reads have no auth at all on the real server (reference §7): it never answers 401.'],
  ['/paths/~1{project_id}~1labels~1default~1{lang}/get', 'owasp:api8:2023-define-error-responses-401', 'Label reads have no auth at all on the real server (reference §7): it never answers 401.'],
  ['/servers/1/url', 'owasp:api8:2023-no-server-http', 'The second server is the local mock on the loopback address (npm run mock:prism), not a deployment.'],
];

export const document = 'openapi/dist/openapi.yaml';

