/**
 * What the MCP server calls: the embedded stateful mock, in this process (no configuration), or a
 * real deployment (a base URL, a project and credentials). Either way a `@supportkb/sdk` client with
 * request validation (zod) does the calls, so the SDK's validation, errors and retries apply.
 */
import { AuthenticationError, createClient, type ClientOptions, type SupportKbClient } from '@supportkb/sdk';
import { zodValidation } from '@supportkb/sdk/zod';
import { isRole, ROLES, type Role } from './contract';

/** Where the server sends its calls, and as whom. Read from the environment by {@link targetConfigFromEnv}. */
export interface TargetConfig {
  /** API root of a real deployment (`https://<server>/v2`); absent: the embedded mock. */
  baseUrl?: string;
  /** The project every call is scoped to (real deployment; the mock's is its seeded project). */
  projectId?: string;
  /** A JWT (with or without its `JWT ` prefix) for the real deployment. */
  token?: string;
  /** A teammate's email, with {@link TargetConfig.password}: the server signs in on its first call. */
  email?: string;
  password?: string;
  /**
   * On the mock, the seeded member the server acts as (`owner`, `admin` — the default —, `agent`,
   * `guest`). On a real deployment, the caller's role (any role of the ladder, `supervisor` and
   * `teammate` included), to filter `list_operations` (otherwise looked up with `getTeammateByUserId`
   * after sign-in).
   */
  role?: Role;
  /** SDK client options for the real deployment: per-attempt timeout (ms) and retries. */
  timeout?: number;
  maxRetries?: number;
}

/** A configuration the server cannot start with: the message names the variable and the fix (never a secret's value). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The roles the mock has a seeded member for. */
export const MOCK_ROLES = ['owner', 'admin', 'agent', 'guest'] as const;

/**
 * Reads {@link TargetConfig} from environment variables: `SUPPORTKB_BASE_URL`, `SUPPORTKB_PROJECT_ID`,
 * `SUPPORTKB_TOKEN` or `SUPPORTKB_EMAIL` + `SUPPORTKB_PASSWORD`, `SUPPORTKB_ROLE`. Empty values count as unset.
 * @throws {ConfigError} on an unknown role.
 */
export function targetConfigFromEnv(env: Record<string, string | undefined> = process.env): TargetConfig {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const config: TargetConfig = {};
  const set = <K extends keyof TargetConfig>(key: K, v: TargetConfig[K] | undefined) => {
    if (v !== undefined) config[key] = v;
  };
  set('baseUrl', value('SUPPORTKB_BASE_URL'));
  set('projectId', value('SUPPORTKB_PROJECT_ID'));
  set('token', value('SUPPORTKB_TOKEN'));
  set('email', value('SUPPORTKB_EMAIL'));
  set('password', env.SUPPORTKB_PASSWORD || undefined); // a password may have spaces at its ends
  set('role', parseRole(value('SUPPORTKB_ROLE'), 'SUPPORTKB_ROLE'));
  return config;
}

/**
 * `undefined` stays `undefined`; anything else must be a role.
 * @throws {ConfigError} naming `source` and the valid roles.
 */
export function parseRole(value: string | undefined, source: string): Role | undefined {
  if (value === undefined) return undefined;
  if (isRole(value)) return value;
  throw new ConfigError(`${source} must be one of ${ROLES.join(', ')} (got "${value}")`);
}

/**
 * Checks a configuration and says which target it selects.
 * @throws {ConfigError} for a half-configured real deployment or a role the mock has no member for.
 */
export function checkTargetConfig(config: TargetConfig): 'mock' | 'real' {
  const real = ['projectId', 'token', 'email', 'password'].filter((key) => config[key as keyof TargetConfig] !== undefined);
  if (!config.baseUrl) {
    if (real.length)
      throw new ConfigError(
        `SUPPORTKB_BASE_URL is not set, but ${real.map(envName).join(', ')} ${real.length > 1 ? 'are' : 'is'}: set SUPPORTKB_BASE_URL to use a real deployment, or unset ${real.length > 1 ? 'them' : 'it'} for the embedded mock`,
      );
    if (config.role && !(MOCK_ROLES as readonly string[]).includes(config.role)) throw new ConfigError(`The mock has no seeded ${config.role}: choose among ${MOCK_ROLES.join(', ')}`);
    return 'mock';
  }
  try {
    const url = new URL(config.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http(s)');
  } catch {
    throw new ConfigError(`SUPPORTKB_BASE_URL must be an http(s) URL, the API root (e.g. https://api.tiledesk.com/v2)`);
  }
  if (!config.projectId) throw new ConfigError('SUPPORTKB_PROJECT_ID is required with SUPPORTKB_BASE_URL: the id of the project the server works on');
  if (config.token && (config.email || config.password)) throw new ConfigError('Set either SUPPORTKB_TOKEN or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD, not both');
  if (!config.token && !(config.email && config.password)) {
    throw new ConfigError(
      config.email || config.password
        ? `SUPPORTKB_${config.email ? 'PASSWORD' : 'EMAIL'} is missing: a sign-in needs SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD`
        : 'Credentials are missing: set SUPPORTKB_TOKEN, or SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD',
    );
  }
  return 'real';
}

const envName = (key: string) => `SUPPORTKB_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The API the server calls, with the SDK client that calls it. */
export interface Target {
  readonly kind: 'mock' | 'real';
  /** Where calls go, for humans: `the embedded mock (project …)` or the base URL and project. */
  readonly label: string;
  readonly projectId: string;
  readonly client: SupportKbClient;
  /** The caller's role (looked up once on a real deployment; `undefined` when it cannot be known). */
  role(): Promise<Role | undefined>;
  /**
   * Before a call: signs in when the configuration has an email and password and no token is held
   * (the first call, or after {@link Target.refresh}).
   * @throws {AuthenticationError} when the deployment refuses the sign-in (the message names no secret).
   */
  ready(): Promise<void>;
  /** After a 401: drops a token obtained by sign-in so the next {@link Target.ready} signs in again; `false` when there is nothing to renew. */
  refresh(): boolean;
  /**
   * Secret values (the configured token and password, a token obtained by signing in), which tool
   * output and logs must never contain: the server scrubs each in every form (`scrub.ts`).
   */
  readonly secrets: readonly string[];
  /** Releases what the target holds (nothing to close for either today; kept for transports). */
  close(): Promise<void>;
}

/**
 * Creates the target a configuration selects (see {@link checkTargetConfig}).
 * @param overrides SDK client options (tests: `fetch`, `maxRetries`).
 * @throws {ConfigError} for an invalid configuration.
 */
export async function createTarget(config: TargetConfig, overrides: Partial<ClientOptions> = {}): Promise<Target> {
  return checkTargetConfig(config) === 'mock' ? createMockTarget(config, overrides) : createRealTarget(config, overrides);
}

const validate = () => zodValidation({ response: false });

async function createMockTarget(config: TargetConfig, overrides: Partial<ClientOptions>): Promise<Target> {
  // Loaded only for the mock: a real deployment never needs MSW or the store.
  const { createMockFetch } = await import('@supportkb/mocks');
  // The SDK's fetch, answered by the mock's MSW handlers in this process: no socket, no global patch.
  const mockFetch = createMockFetch();
  const { service } = mockFetch;
  const role = (config.role ?? 'admin') as (typeof MOCK_ROLES)[number];
  const authorization = await service.authorization(role);
  const projectId = service.seed.projectId;
  const client = createClient({ baseUrl: 'https://mock.supportkb.invalid/v2', projectId, auth: { token: authorization }, fetch: mockFetch, validate: validate(), ...overrides });
  return {
    kind: 'mock',
    label: `the embedded mock (project ${projectId} "${service.seed.projectName}")`,
    projectId,
    client,
    role: async () => role,
    ready: async () => {},
    refresh: () => false,
    secrets: [authorization], // scrubbed with and without its `JWT ` prefix (scrub.ts)
    close: async () => {},
  };
}

async function createRealTarget(config: TargetConfig, overrides: Partial<ClientOptions>): Promise<Target> {
  const { baseUrl, projectId, token, email, password } = config as Required<Pick<TargetConfig, 'baseUrl' | 'projectId'>> & TargetConfig;
  const client = createClient({
    baseUrl,
    projectId,
    ...(token ? { auth: { token } } : {}),
    validate: validate(),
    ...(config.timeout !== undefined ? { timeout: config.timeout } : {}),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
    ...overrides,
  });
  let userId: string | undefined = token ? userIdOfToken(token) : undefined;
  let signedIn = Boolean(token);
  let role: Promise<Role | undefined> | undefined = config.role ? Promise.resolve(config.role) : undefined;
  const secrets = [token, password].filter((s): s is string => Boolean(s));
  const target: Target = {
    kind: 'real',
    label: `${baseUrl} (project ${projectId})`,
    projectId,
    client,
    secrets,
    async ready() {
      if (signedIn || !email || !password) return;
      try {
        const session = await client.auth.signIn({ email, password });
        userId = session.user?._id;
        secrets.push(session.token);
        signedIn = true;
      } catch (error) {
        if (error instanceof AuthenticationError) {
          throw new AuthenticationError(error.status, error.headers, error.body, error.request, `the deployment refused the sign-in of SUPPORTKB_EMAIL: check SUPPORTKB_EMAIL and SUPPORTKB_PASSWORD`);
        }
        throw error;
      }
    },
    refresh() {
      if (!email || !password || !signedIn) return false;
      signedIn = false;
      client.setAuth(undefined);
      return true;
    },
    role() {
      role ??= (async () => {
        try {
          await target.ready();
          if (!userId) return undefined;
          // The service answers the teammate in an array of one.
          const [teammate] = [await client.team.getByUserId({ user_id: userId })].flat() as { role?: string }[];
          const role = teammate?.role;
          return isRole(role) ? role : undefined; // a custom role: unknown
        } catch {
          return undefined; // unknown: list_operations then lists every operation
        }
      })();
      return role;
    },
    close: async () => {},
  };
  return target;
}

/** The user id (`_id` claim) of a JWT, read without verifying it (only to look the caller's role up). */
function userIdOfToken(token: string): string | undefined {
  try {
    const payload = token.replace(/^JWT /, '').split('.')[1];
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { _id?: unknown };
    return typeof claims._id === 'string' ? claims._id : undefined;
  } catch {
    return undefined;
  }
}
