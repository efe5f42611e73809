// The exceptions of the security lint (.spectral.mjs), kept apart so tests can read them: every OWASP
// rule that does not fit this service, with its one-line reason. The reasons state how the real server
// behaves (the open-source Tiledesk server 2.19.16, npm package @tiledesk/tiledesk-server; file names are
// in that package); the contract describes that server, so it cannot promise protections the server
// does not have. A rule that finds a real,
// fixable problem in the contract does not belong here: fix the contract.

/**
 * Rules turned off for the whole contract: rule → one-line reason.
 * @type {Record<string, string>}
 */
export const off = {
  'owasp:api2:2023-no-http-basic':
    'The service really authenticates agents with HTTP Basic (email + password) beside the JWT (its passport chain tries Basic, then JWT: app.js); the contract must describe it.',
  'owasp:api4:2023-rate-limit': 'The service sends no rate-limit headers: it has no global rate limiter (the one in app.js is commented out); headers it never sends cannot be declared.',
  'owasp:api4:2023-rate-limit-responses-429': 'No contracted route answers 429: the only limiter guards the uncontracted inbound /webhook/:id, and plan quotas answer 403.',
  'owasp:api4:2023-string-limit':
    'The server bounds no string field (Mongoose schemas without maxlength; only the 500 KB body limit, documented as 413); an invented maxLength would reject data the service accepts.',
  'owasp:api4:2023-string-restricted': 'Free-text fields (names, messages, notes, label texts, sort fields) have no format; ids, e-mails, URLs and dates already carry pattern or format.',
  'owasp:api4:2023-integer-limit': 'The server clamps no integer (page, limit, lastdays, counters); coded integers (status, direction) are enums and natural bounds are stated as minimum.',
  'owasp:api4:2023-integer-format': 'Integers are JSON numbers from a Node.js/Mongo server: neither int32 nor int64 describes them (JavaScript safe integers).',
  'owasp:api8:2023-define-cors-origin':
    'CORS is cross-cutting: the server answers every response with the cors() defaults (app.js), stated once in info.description; ~400 per-response copies would add nothing a client can act on.',
  'owasp:api4:2023-array-limit':
    'The server returns unbounded plain arrays (teammates, groups, aggregations) and bounds no request array except the 300 URLs of /kb/multi, which the contract states (maxItems 300).',
};

/**
 * Rules turned off at single places of the bundled contract: [JSON pointer, rule, one-line reason].
 * @type {Array<[pointer: string, rule: string, reason: string]>}
 */
export const offAt = [
  ['/paths/~1auth~1signin/post', 'owasp:api2:2023-write-restricted', 'Sign-in issues the credential: it cannot require one (routes/auth.js is mounted on /auth without auth middleware).'],
  ['/paths/~1auth~1signinAnonymously/post', 'owasp:api2:2023-write-restricted', 'Anonymous sign-in issues a guest token to an unauthenticated visitor (no auth middleware on /auth).'],
  ['/paths/~1auth~1signinAnonymously/post', 'owasp:api8:2023-define-error-responses-401', 'No credential is checked (no auth middleware on /auth), so the server never answers 401 here.'],
  [
    '/paths/~1{project_id}~1labels/get',
    'owasp:api8:2023-define-error-responses-401',
    'Label reads have no auth at all on the real server (app.js mounts routes/labels.js behind fetchLabels only): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1labels~1{lang}/get',
    'owasp:api8:2023-define-error-responses-401',
    'Label reads have no auth at all on the real server (app.js mounts routes/labels.js behind fetchLabels only): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1labels~1default/get',
    'owasp:api8:2023-define-error-responses-401',
    'Label reads have no auth at all on the real server (app.js mounts routes/labels.js behind fetchLabels only): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1labels~1default~1{lang}/get',
    'owasp:api8:2023-define-error-responses-401',
    'Label reads have no auth at all on the real server (app.js mounts routes/labels.js behind fetchLabels only): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1departments/get',
    'owasp:api8:2023-define-error-responses-401',
    'Department reads have no auth on the real server (app.js:578 mounts routes/department.js without passport; its GET / and GET /:departmentid check nothing): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1departments~1{department_id}/get',
    'owasp:api8:2023-define-error-responses-401',
    'Department reads have no auth on the real server (app.js:578 mounts routes/department.js without passport; its GET / and GET /:departmentid check nothing): it never answers 401.',
  ],
  [
    '/paths/~1{project_id}~1requests~1{request_id}~1messages/get',
    'owasp:api8:2023-define-error-responses-500',
    'routes/message.js:534 hands a database error to a `next` the route never received (undefined): the TypeError escapes the callback and nothing answers, so the route has no 500 to declare.',
  ],
  [
    '/paths/~1{project_id}~1requests/get/parameters/10/schema',
    'owasp:api1:2023-no-numeric-ids',
    "ticket_id is the server's sequential ticket number (models/request.js), a filter within the caller's project (routes/request.js:1329), not an id any route looks an object up by.",
  ],
  [
    '/paths/~1{project_id}~1subscriptions/get',
    'owasp:api8:2023-define-error-responses-500',
    "routes/subscription.js:87 hands a database error to `next`, the exec callback's third parameter, which Mongoose never passes (undefined): the TypeError escapes and nothing answers, so the route has no 500 to declare.",
  ],
  ['/servers/1/url', 'owasp:api8:2023-no-server-http', 'The second server is the local mock on the loopback address (npm run mock:prism), not a deployment.'],
];

export const document = 'openapi/dist/openapi.yaml';
