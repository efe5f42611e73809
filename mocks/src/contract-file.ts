/**
 * Where this package keeps the bundled contract: `contract/openapi.yaml` (the build copies
 * `openapi/dist/openapi.yaml` there; exported as `@supportkb/mocks/openapi.yaml`). Platform
 * neutral: read from the module's URL without `node:url`, so the package's main entry can export it.
 */

/**
 * Path of the bundled contract this package ships (`contract/openapi.yaml`): the document Prism
 * serves by default. A file path as `fileURLToPath` gives it (on Windows, `C:\...`).
 */
export const defaultDocument: string = filePathOf(new URL('../contract/openapi.yaml', import.meta.url));

/** The file path of a `file:` URL, as Node's `fileURLToPath` reads it (a drive letter on Windows), without `node:url`. */
function filePathOf(url: URL): string {
  const path = decodeURIComponent(url.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1).replaceAll('/', '\\') : path;
}
