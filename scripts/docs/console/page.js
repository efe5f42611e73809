// The console page (bundled by scripts/docs/console.mjs into build/docs/console/console.js): starts
// the stateful mock in this page's service worker (`setupBrowserMock` of @supportkb/mocks/browser,
// answering under `<this folder>/mock-api`), and only then Swagger UI on the docs copy of the
// contract, whose server is that mock. A select signs in as a seeded user through the mock and sets
// Swagger UI's credentials and opens the mock's websocket as that user (./live.js: the "Live frames"
// panel); every answer is checked against the contract (./validation.js) next to
// where Swagger UI shows it; `#operation/<operationId>` opens that operation.
//
// For automation and for trying error answers from the browser's devtools, the page sets
// `window.supportkbConsole` once ready: `{ ui, worker, service, baseUrl, live, signInAs(role, mode),
// overrides: { respondWith, status, serverError, networkError, latency } }` (the override helpers of
// @supportkb/mocks: `worker.use(overrides.status('getTag', 503, { baseUrl }))`, `worker.resetHandlers()`).
import { latency, networkError, respondWith, serverError, setupBrowserMock, status } from '@supportkb/mocks/browser';
import { createLivePanel } from './live.js';
import { decodeShared } from './shared.js';
import { createAnswerChecker } from './validation.js';

/** Where the mock answers, relative to this page (scripts/docs/console.mjs `MOCK_PATH`). */
const MOCK_PATH = 'mock-api';
const ROLES = ['owner', 'admin', 'agent'];

const statusLine = document.getElementById('console-status');
const userSelect = document.getElementById('console-user');
const authSelect = document.getElementById('console-auth');
const identity = document.getElementById('console-identity');
const resetButton = document.getElementById('console-reset');

/** Shows one sentence in the status line; `state` is `ready`, `error` or `busy`. */
function say(text, state) {
  statusLine.textContent = text;
  statusLine.dataset.state = state;
}

/** GET a JSON file next to the page; throws an Error naming the file on a failure. */
async function fetchJson(path) {
  const response = await fetch(new URL(path, location.href));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** The operations of the docs contract by operationId: method, path and the tag Swagger UI lists it under. */
function operationsOf(spec) {
  const byId = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = item[method];
      if (operation?.operationId) byId.set(operation.operationId, { method, path, tag: operation.tags?.[0] ?? 'default' });
    }
  }
  return byId;
}

/** Swagger UI's DOM id of an operation block (its `escapeDeepLinkPath` on the tag and the operationId). */
function blockId(tag, operationId) {
  return `operations-${tag.trim().replace(/\s/g, '_')}-${operationId.trim().replace(/\s/g, '_')}`;
}

/**
 * `Original` rendered again only when what it shows changes (`shown(props)`, a list of values): while
 * those are the same, the element is the same object, which React does not render again. Swagger UI
 * also passes components its whole state (`state`) and functions made anew on each render, which
 * these do not show.
 */
function renderedOnce(React, Original, shown) {
  return function RenderedOnce(props) {
    const last = React.useRef(null);
    const values = shown(props);
    if (!last.current || values.some((value, i) => !Object.is(value, last.current.values[i]))) last.current = { values, element: React.createElement(Original, props) };
    return last.current.element;
  };
}

/**
 * Swagger UI's getSampleSchema with its string and other primitive answers kept by arguments: each
 * render of an open operation asks it again for every parameter (a pattern's sample is made by a
 * regular-expression generator each time, and thrown away for a parameter whose example is used).
 * Objects are not kept (a caller may change them); samples are the same for the same schema.
 */
function memoizedSample(getSampleSchema) {
  if (typeof getSampleSchema !== 'function') return getSampleSchema;
  const kept = new Map();
  return (...args) => {
    const key = JSON.stringify(args);
    if (kept.has(key)) return kept.get(key);
    const sample = getSampleSchema(...args);
    if (sample === null || typeof sample !== 'object') kept.set(key, sample);
    return sample;
  };
}

async function main() {
  if (location.protocol === 'file:') return; // console.html's inline script has said why, in one sentence
  if (!('serviceWorker' in navigator)) {
    say('This browser gives this page no service worker, so the mock cannot run here: open the console over https or on localhost / 127.0.0.1 (npm run docs:serve).', 'error');
    return;
  }
  await window.__swaggerUiLoaded; // set by console.html, which loads Swagger UI beside this script
  const SwaggerUIBundle = window.SwaggerUIBundle;
  if (typeof SwaggerUIBundle !== 'function') throw new Error('console/swagger-ui-bundle.js did not load');

  performance.mark('console:script-started');
  const baseUrl = new URL(MOCK_PATH, location.href).href;
  const { worker, service } = setupBrowserMock({ baseUrl });
  const [spec, encodedOperations] = await Promise.all([
    fetchJson('console/openapi.json'),
    fetchJson('console/operations.json'),
    worker.start({ quiet: true, onUnhandledFrame: 'bypass', serviceWorker: { url: new URL('mockServiceWorker.js', location.href).pathname } }).then(() => performance.mark('console:mock-started')),
  ]);
  spec.servers = [{ url: baseUrl, description: spec.servers?.[0]?.description ?? "The stateful mock in this page's service worker" }];
  const resolved = decodeShared(encodedOperations);
  let checker; // compiled on the first answer
  const checkerOf = () => (checker ??= createAnswerChecker(resolved));
  const operations = operationsOf(spec);
  const live = createLivePanel({
    baseUrl,
    projectId: service.seed.projectId,
    list: document.getElementById('console-frames'),
    state: document.getElementById('console-live-state'),
    count: document.getElementById('console-live-count'),
  });
  const readySentence = `The stateful mock answers under ${baseUrl} in this page's service worker: nothing you send leaves the page.`;

  /** Verdicts by answer (Swagger UI keeps an answer as one immutable object while it is shown). */
  const verdicts = new WeakMap();
  /** The contract check shown under each answer: the operation, the status and the verdict with its problems. */
  const ContractCheck = (React) =>
    function ContractCheck({ response, path, method }) {
      const operationId = checkerOf().operationIdOf(method, path);
      const answer = {
        status: response.get('status'),
        headers: response.get('headers')?.toJS?.() ?? {},
        text: response.get('text') ?? '',
        error: response.get('error') ? [response.get('name'), response.get('message')].filter(Boolean).join(': ') : undefined,
      };
      if (!verdicts.has(response))
        verdicts.set(response, operationId ? checkerOf().check(operationId, answer) : { valid: false, problems: [`no operation of the contract is ${method.toUpperCase()} ${path}`] });
      const { valid, problems } = verdicts.get(response);
      const h = React.createElement;
      return h(
        'div',
        { className: 'console-validation', 'data-testid': 'contract-check', 'data-valid': String(valid), 'data-operation-id': operationId ?? '', 'data-status': String(answer.status ?? '') },
        h('strong', null, 'Checked against the contract: '),
        valid ? h('span', { 'data-testid': 'verdict' }, 'valid') : h('span', { 'data-testid': 'verdict' }, 'invalid'),
        ` (${operationId ?? '?'}, status ${answer.status ?? 'none'}${valid ? ': declared, and the headers and body match the response schema' : ''})`,
        valid ? null : h('ul', null, ...problems.map((problem) => h('li', null, problem))),
      );
    };

  /**
   * Swagger UI's resolver, given what console/operations.json has already resolved: an operation
   * (`['paths', path, method]`) comes from there; anything else without a `$ref` from the document
   * as it is. Swagger UI's own OpenAPI 3.1 resolver reads the whole document again for every
   * operation opened (about a second each on this contract); it still answers what is left (the
   * console's copy of the contract leaves it nothing: its operations and components have no `$ref`).
   */
  const resolveSubtree = (original) => async (document, path, options) => {
    const [root, route, method] = path;
    if (root === 'paths' && path.length === 3 && resolved.paths[route]?.[method]) return { spec: resolved.paths[route][method], errors: [] };
    const subtree = path.reduce((node, key) => node?.[key], spec);
    if (subtree !== undefined && !JSON.stringify(subtree).includes('"$ref"')) return { spec: subtree, errors: [] };
    if (typeof original !== 'function') return { spec: subtree, errors: [new Error(`the console cannot resolve ${path.join('/')}`)] };
    return original(document, path, options);
  };

  const consolePlugin = (system) => ({
    fn: { resolveSubtree: resolveSubtree(system.fn.resolveSubtree) },
    // Runs after the presets' afterLoad (the OAS 3.1 plugin puts its getSampleSchema there).
    afterLoad() {
      this.fn.getSampleSchema = memoizedSample(this.fn.getSampleSchema);
    },
    wrapComponents: {
      // Swagger UI renders the page again on every change of its state (about 20 to open an
      // operation and send it), and each time its Markdown parsed and sanitized (DOMPurify) every
      // description shown, and its highlighter coloured every example and answer, again: with an
      // operation open, a render took 146 ms, 62 ms with these two rendered once.
      // What it shows: the Markdown source, sanitized, in a div of that class (the page's configuration is fixed).
      Markdown: (Original, system) => renderedOnce(system.React, Original, ({ source, className }) => [source, className]),
      // What it shows: the text, coloured for its language (the page leaves syntax highlighting on, in one theme).
      SyntaxHighlighter: (Original, system) => renderedOnce(system.React, Original, ({ language, className, children }) => [language, className, children]),
      // An optional parameter's example, moved out of the value by the build (scripts/docs/console.mjs
      // requiredPrefilled), shown as its empty input's placeholder.
      JsonSchema_string: (Original, system) => (props) => {
        const placeholder = props.schema?.get?.('x-console-placeholder');
        return system.React.createElement(Original, placeholder ? { ...props, description: placeholder } : props);
      },
      liveResponse: (Original, system) => {
        const Check = ContractCheck(system.React);
        return (props) => system.React.createElement('div', null, system.React.createElement(Original, props), system.React.createElement(Check, props));
      },
    },
    statePlugins: {
      layout: {
        wrapActions: {
          // Opening an operation gives Swagger UI the operation resolved first (Swagger UI would ask
          // its resolver after a debounce, and until then its Execute button sends an empty
          // operation), and makes the address its deep link (without a new history entry).
          show: (original, system) => (thing, shown) => {
            const entry = shown && Array.isArray(thing) && thing[0] === 'operations' ? operations.get(thing[2]) : undefined;
            if (entry) {
              if (system.specSelectors.specResolvedSubtree(['paths', entry.path, entry.method]) === undefined) {
                system.specActions.updateResolvedSubtree(['paths', entry.path, entry.method], resolved.paths[entry.path][entry.method]);
              }
              history.replaceState(null, '', `#operation/${encodeURIComponent(thing[2])}`);
            }
            return original(thing, shown);
          },
        },
      },
    },
  });

  const ui = await new Promise((resolve, reject) => {
    try {
      const instance = SwaggerUIBundle({
        spec,
        domNode: document.getElementById('swagger-ui'),
        presets: [SwaggerUIBundle.presets.apis],
        plugins: [consolePlugin],
        layout: 'BaseLayout',
        deepLinking: false,
        docExpansion: 'none',
        defaultModelsExpandDepth: -1,
        displayOperationId: true,
        displayRequestDuration: true,
        tryItOutEnabled: true,
        showMutatedRequest: true,
        persistAuthorization: false,
        validatorUrl: null,
        onComplete: () => {
          performance.mark('console:swagger-ui-rendered');
          resolve(instance);
        },
      });
    } catch (error) {
      reject(error);
    }
  });

  /** Signs in as a seeded user through the mock and gives Swagger UI that credential (and no other). */
  async function signInAs(role, mode = 'jwt') {
    if (ui.authSelectors.authorized()?.size) ui.authActions.logout(['JWT', 'basicAuth']);
    identity.dataset.state = 'busy';
    if (role === 'none') {
      identity.textContent = 'No credentials: operations that need them answer 401.';
      live.connect(undefined, 'not connected: the websocket needs a JWT');
    } else if (role === 'guest') {
      const answer = await fetch(`${baseUrl}/auth/signinAnonymously`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id_project: service.seed.projectId }),
      });
      const body = await answer.json();
      if (!answer.ok || typeof body.token !== 'string') throw new Error(`signInAnonymously answered ${answer.status}`);
      ui.preauthorizeApiKey('JWT', body.token);
      identity.textContent = `Signed in as ${body.user?.firstname ?? 'an anonymous guest'} (guest) with the JWT of signInAnonymously.`;
      // The server never answers a visitor's handshake (the socket stays connecting): not opened.
      live.connect(undefined, "not connected: the server never answers an anonymous visitor's handshake");
    } else if (ROLES.includes(role)) {
      const member = service.seed.members[role];
      // The websocket takes a JWT only: a sign-in gives one, also when Swagger UI sends Basic credentials.
      const answer = await fetch(`${baseUrl}/auth/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: member.email, password: member.password }),
      });
      const body = await answer.json();
      if (!answer.ok || typeof body.token !== 'string') throw new Error(`signIn as ${member.email} answered ${answer.status}`);
      if (mode === 'basic') {
        ui.preauthorizeBasic('basicAuth', member.email, member.password);
        identity.textContent = `Calling as ${member.firstname} ${member.lastname} (${member.email}, ${role}) with Basic credentials.`;
      } else {
        ui.preauthorizeApiKey('JWT', body.token);
        identity.textContent = `Signed in as ${member.firstname} ${member.lastname} (${member.email}, ${role}) with the JWT of signIn.`;
      }
      live.connect(body.token);
    } else {
      throw new TypeError(`signInAs: unknown role ${JSON.stringify(role)} (one of ${[...ROLES, 'guest', 'none'].join(', ')})`);
    }
    identity.dataset.state = 'signed-in';
    identity.dataset.role = role;
    identity.dataset.mode = role === 'guest' ? 'jwt' : mode;
  }

  /** Signs in as the selects say; changes apply one after the other, so the last choice wins. */
  let choices = Promise.resolve();
  function applyChoice() {
    authSelect.disabled = userSelect.value === 'guest' || userSelect.value === 'none';
    choices = choices.then(async () => {
      try {
        await signInAs(userSelect.value, authSelect.value);
      } catch (error) {
        identity.dataset.state = 'error';
        identity.textContent = `Signing in failed: ${error.message}`;
      }
    });
    return choices;
  }

  /** Opens the operation of `#operation/<operationId>` and its tag, closes the others, and scrolls to it. */
  function openFromHash() {
    const match = /^#operation\/(.+)$/.exec(location.hash);
    if (!match) return;
    const operationId = decodeURIComponent(match[1]);
    const entry = operations.get(operationId);
    if (!entry) {
      say(`This address names the operation ${operationId}, which the contract does not have.`, 'error');
      return;
    }
    // The linked operation alone: the operations and tags open before close (Swagger UI renders
    // every open one again on each change, so a page of open operations gets slow).
    // Swagger UI's layout state: `shown` maps a key (a List such as ['operations', tag, operationId]) to a boolean.
    const open = [];
    for (const [key, isShown] of ui.getState().getIn(['layout', 'shown'])?.entries() ?? []) if (isShown) open.push(key.toJS?.() ?? key);
    for (const key of open) {
      const keep = key[0] === 'operations-tag' ? key[1] === entry.tag : key[0] === 'operations' ? key[1] === entry.tag && key[2] === operationId : true;
      if (!keep) ui.layoutActions.show(key, false);
    }
    ui.layoutActions.show(['operations-tag', entry.tag], true);
    ui.layoutActions.show(['operations', entry.tag, operationId], true);
    const started = performance.now();
    const scroll = () => {
      const block = document.getElementById(blockId(entry.tag, operationId));
      if (block) block.scrollIntoView({ block: 'start' });
      else if (performance.now() - started < 5000) requestAnimationFrame(scroll);
    };
    requestAnimationFrame(scroll);
  }

  userSelect.addEventListener('change', applyChoice);
  authSelect.addEventListener('change', applyChoice);
  resetButton.addEventListener('click', async () => {
    service.reset();
    await applyChoice();
    say(`The mock's data is the seeded dataset again. ${readySentence}`, 'ready');
  });
  window.addEventListener('hashchange', openFromHash);

  await applyChoice();
  userSelect.disabled = false;
  resetButton.disabled = false;
  say(readySentence, 'ready');
  openFromHash();
  window.supportkbConsole = { ui, worker, service, baseUrl, live, signInAs, overrides: { respondWith, status, serverError, networkError, latency } };
  document.documentElement.dataset.console = 'ready';
  window.__consoleReadyAt = performance.now();
}

main().catch((error) => {
  say(`The console could not start: ${error?.message ?? error}`, 'error');
  document.documentElement.dataset.console = 'error';
  console.error(error);
});
