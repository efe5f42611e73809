/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API root of a real deployment; unset = the mock service worker answers. */
  readonly VITE_SUPPORTKB_API?: string;
  /** Project id (default: the mock's seeded project). */
  readonly VITE_SUPPORTKB_PROJECT_ID?: string;
}
