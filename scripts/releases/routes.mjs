// Reads the routes of one release of the server from its sources: the routers mounted with
// `app.use('<prefix>', [...middleware], router)` in app.js and pubmodules/pubModulesManager.js,
// each router variable resolved through its `require(...)` to a file, and in that file every
// `router.<method>('<path>', ...)` outside comments, with its line. Pure text reading: no server
// code runs.
import { posix } from 'node:path';

/**
 * Replaces comments with spaces (newlines kept, so line numbers stay), leaving strings intact.
 * @param {string} source
 * @returns {string}
 */
export function stripComments(source) {
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const d = source[i + 1];
    if (c === '/' && d === '/') {
      while (i < n && source[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && d === '*') {
      out += '  ';
      i += 2;
      while (i < n && !(source[i] === '*' && source[i + 1] === '/')) {
        out += source[i] === '\n' ? '\n' : ' ';
        i++;
      }
      if (i < n) {
        out += '  ';
        i += 2;
      }
    } else if (c === '"' || c === "'" || c === '`') {
      out += c;
      i++;
      while (i < n && source[i] !== c) {
        if (source[i] === '\\') {
          out += source[i] + (source[i + 1] ?? '');
          i += 2;
          continue;
        }
        if (source[i] === '\n' && c !== '`') break;
        out += source[i];
        i++;
      }
      if (i < n) {
        out += source[i];
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * The line (1-based) of `index` in `text`.
 * @param {string} text
 * @param {number} index
 */
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/**
 * The text of a call starting at `open` (index of its "("), up to the matching ")".
 * @param {string} text
 * @param {number} open
 */
function callText(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const q = c;
      for (i++; i < text.length && text[i] !== q; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

/**
 * `app.use('<prefix>', ..., <router>)` mounts of a file.
 * @param {string} text
 */
function mountsOf(text) {
  /** @type {{ prefix: string, variable: string, line: number }[]} */
  const mounts = [];
  const re = /\bapp\.use\(\s*(['"])([^'"]*)\1/g;
  for (let m; (m = re.exec(text));) {
    const args = callText(text, m.index + 'app.use'.length);
    const last = /(?:this\.)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*$/.exec(args.trim());
    if (!last) continue;
    mounts.push({ prefix: m[2] ?? '', variable: last[1] ?? '', line: lineOf(text, m.index) });
  }
  return mounts;
}

/**
 * `name = require('x')[.prop]` assignments of a file: Map name → { request, prop }.
 * @param {string} text
 */
function requiresOf(text) {
  /** @type {Map<string, { request: string, prop: string | undefined }>} */
  const map = new Map();
  const re = /(?:(?:var|let|const)\s+|this\.)([A-Za-z_$][\w$]*)\s*=\s*require\(\s*(['"])([^'"]+)\2\s*\)(?:\.([A-Za-z_$][\w$]*))?/g;
  for (let m; (m = re.exec(text));) map.set(m[1] ?? '', { request: m[3] ?? '', prop: m[4] });
  return map;
}

/**
 * The file a relative `require(request)` of `fromFile` loads (`.js`, `/index.js` tried), if the release has it.
 * @param {string} fromFile
 * @param {string} request
 * @param {(path: string) => boolean} exists
 * @returns {string | undefined}
 */
function resolveRequest(fromFile, request, exists) {
  if (!request.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(fromFile), request));
  for (const candidate of [base, `${base}.js`, `${base}/index.js`]) if (exists(candidate)) return candidate;
  return undefined;
}

const ROUTE_RE = /\brouter\.(get|post|put|patch|delete|all)\(\s*(['"])([^'"]*)\2/g;

/**
 * The routes of a router file.
 * @param {string} text
 */
function routesOf(text) {
  /** @type {{ method: string, path: string, line: number }[]} */
  const routes = [];
  for (let m; (m = ROUTE_RE.exec(text));) routes.push({ method: (m[1] ?? '').toUpperCase(), path: m[3] ?? '', line: lineOf(text, m.index) });
  return routes;
}

/**
 * Follows `module.exports = {prop: x}` / `x = require(...)` to the file defining a router export.
 * @param {string} file
 * @param {string | undefined} prop
 * @param {(path: string) => string | undefined} read
 * @param {(path: string) => boolean} exists
 * @param {number} [depth]
 * @returns {string}
 */
function followExport(file, prop, read, exists, depth = 0) {
  if (depth > 3) return file;
  const text = stripComments(read(file) ?? '');
  if (!prop) {
    if (ROUTE_RE.test(text)) {
      ROUTE_RE.lastIndex = 0;
      return file;
    }
    ROUTE_RE.lastIndex = 0;
    return file;
  }
  const requires = requiresOf(text);
  const direct = requires.get(prop);
  if (direct) {
    const target = resolveRequest(file, direct.request, exists);
    if (target) return followExport(target, direct.prop, read, exists, depth + 1);
  }
  // module.exports = { prop: name }
  const exp = new RegExp(`${prop}\\s*:\\s*([A-Za-z_$][\\w$]*)`).exec(text);
  const r = exp ? requires.get(exp[1] ?? '') : undefined;
  if (r) {
    const target = resolveRequest(file, r.request, exists);
    if (target) return followExport(target, r.prop, read, exists, depth + 1);
  }
  return file;
}

const MOUNT_FILES = ['app.js', 'pubmodules/pubModulesManager.js'];

/**
 * A route a release mounts: `path` in full, Express syntax; `file` and `line` where the router
 * declares it; `mount` the `app.use` that mounts that router.
 * @typedef {{ method: string, path: string, file: string, line: number, mount: { file: string, line: number, prefix: string } }} ReleaseRoute
 */
/**
 * Every mounted route of a release, in registration order per mounting file.
 * @param {(path: string) => string | undefined} read a file's text in the release (undefined: absent)
 * @param {(path: string) => boolean} exists whether the release has a file
 * @returns {ReleaseRoute[]}
 */
export function releaseRoutes(read, exists) {
  /** @type {ReleaseRoute[]} */
  const all = [];
  for (const mountFile of MOUNT_FILES) {
    const raw = read(mountFile);
    if (raw === undefined) continue;
    const text = stripComments(raw);
    const requires = requiresOf(text);
    for (const mount of mountsOf(text)) {
      const [head, ...rest] = mount.variable.split('.');
      const req = requires.get(head ?? '');
      if (!req) continue;
      const required = resolveRequest(mountFile, req.request, exists);
      if (!required) continue;
      const prop = rest.length ? rest[rest.length - 1] : req.prop;
      const file = followExport(required, prop, read, exists);
      const routerText = stripComments(read(file) ?? '');
      for (const route of routesOf(routerText)) {
        const path = `${mount.prefix.replace(/\/$/, '')}${route.path === '/' ? '' : route.path}` || '/';
        all.push({ method: route.method, path, file, line: route.line, mount: { file: mountFile, line: mount.line, prefix: mount.prefix } });
      }
    }
  }
  return all;
}

/**
 * Whether an Express path and an OpenAPI path name the same route (parameter names aside).
 * @param {string} expressPath
 * @param {string} openapiPath
 * @returns {boolean}
 */
export function samePath(expressPath, openapiPath) {
  const a = expressPath.replace(/\/+$/, '').split('/');
  const b = openapiPath.replace(/\/+$/, '').split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => {
    const other = b[i];
    const aParam = seg.startsWith(':');
    const bParam = /^\{[^}]+\}$/.test(other ?? '');
    return aParam && bParam ? true : !aParam && !bParam && seg === other;
  });
}

/**
 * Whether an Express route path would match a concrete request path (what Express dispatches).
 * @param {string} expressPath
 * @param {string} concretePath
 * @returns {boolean}
 */
export function expressMatches(expressPath, concretePath) {
  const a = expressPath.replace(/\/+$/, '').split('/');
  const b = concretePath.replace(/\/+$/, '').split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
