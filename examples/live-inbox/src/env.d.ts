/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API root of a real deployment; unset = the mock service worker answers. */
  readonly VITE_SUPPORTKB_API?: string;
  /** Project id (default: the mock's seeded project). */
  readonly VITE_SUPPORTKB_PROJECT_ID?: string;
}

/** The in-page mock, when the page runs on it (see main.ts): for the browser console and the test. */
declare var supportkbMock: import('@supportkb/mocks/browser').BrowserMock | undefined; // eslint-disable-line no-var
