// Redocly plugin `supportkb-docs`, used only by `npm run docs` (scripts/docs/redocly.docs.yaml): the
// contract, `npm run bundle` and the SDK generated from it never see what it adds.
//
// Decorators (oas3):
//   operations      every description's soft line breaks joined (the page's search index would run
//                   the two words together: "fetchthem"), and each element's releases first in its description
//                   ("Since release 2.18.1.", from `x-since` / `x-until`); on every operation: the operationId, the SDK
//                   method and a "Try it" link first in the description; one collapsed "Implementation notes"
//                   block with the provenance of the operation, its parameters, body and responses;
//                   and `x-codeSamples` (TypeScript with the SDK, curl), from the SDK's manifest and
//                   the contract's examples (scripts/docs/operation-docs.mjs)
//   changelog-link  a link to changelog.html (the changes since the released contract), one to the
//                   console, one to realtime.html (the websocket's reference) and one to openapi.yaml (this decorated contract) at the top of info.description
//   guides          each `## ` section of info.description (the guides: Authenticating requests,
//                   Pagination, ...) as a tag of its own (`x-traitTag`: Redoc shows it in the sidebar as a page,
//                   before the resource tags, with no operation), so that the page's search indexes it
//                   under its title: Redoc's search ranks a title match far above a match in a text,
//                   and never indexes the sections of the overview page. Page only: scripts/docs/build.mjs
//                   skips it for openapi.yaml, which keeps info.description whole for other tools.
//
// The SDK's manifest is read from the built package (packages/sdk/dist/manifest.js): `npm run docs`
// builds it first when it is stale.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { codeSamples, DocsInputError, implementationNotes, operationHeader, readableMarkdown, releaseNote } from './operation-docs.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const MANIFEST = fileURLToPath(new URL('../../packages/sdk/dist/manifest.js', import.meta.url));

/** `apiOperations` of the built `@supportkb/sdk/manifest`. */
async function loadManifest() {
  if (!existsSync(MANIFEST)) throw new DocsInputError(`${MANIFEST} is missing: build the SDK first (npm run build).`);
  return (await import(pathToFileURL(MANIFEST).href)).apiOperations;
}
// Redocly calls decorators synchronously: the manifest is loaded when the plugin module loads.
const apiOperations = await loadManifest();

/**
 * Joins the soft line breaks of every `description` of `node` (operations, parameters, responses,
 * schemas, tags, webhooks), not inside examples or vendor extensions, and starts the description of
 * every element with `x-since` / `x-until` with the releases that have it (`releaseNote`).
 */
function readableDescriptions(node) {
  if (Array.isArray(node)) node.forEach(readableDescriptions);
  else if (node && typeof node === 'object') {
    const note = releaseNote(node);
    if (note) node.description = node.description ? `${note} ${node.description}` : note;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') node[key] = readableMarkdown(value);
      else if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) readableDescriptions(value);
    }
  }
}

/** Decorates every operation of the bundled document (see the header). */
function Operations() {
  return {
    Root: {
      leave(root) {
        readableDescriptions(root);
        for (const [path, pathItem] of Object.entries(root.paths ?? {})) {
          for (const method of METHODS) {
            const operation = pathItem[method];
            if (!operation) continue;
            const entry = apiOperations[operation.operationId];
            if (!entry) throw new DocsInputError(`${operation.operationId} is not in the SDK's manifest: regenerate and build the SDK (npm run generate, npm run build).`);
            operation['x-codeSamples'] = codeSamples(root, path, method, pathItem, operation, entry);
            operation.description = [operationHeader(operation.operationId, entry), (operation.description ?? '').trim(), implementationNotes(root, pathItem, operation)].join('\n\n');
          }
        }
      },
    },
  };
}

/** Links the changelog from the top of info.description. */
function ChangelogLink() {
  return {
    Info: {
      leave(info) {
        info.description = `[Changes since the last release](changelog.html) · [Try every operation in the console](console.html) · [The websocket: topics and frames](realtime.html) (AsyncAPI 3.0) · [The contract with these code samples](openapi.yaml) (OpenAPI 3.1, \`x-codeSamples\`, for Postman, Scalar or a portal)\n\n${info.description ?? ''}`;
      },
    },
  };
}

/**
 * The `## ` sections of `markdown` (outside fenced code): what comes before the first, and each
 * section's heading and text.
 * @param {string} markdown
 * @returns {{ preamble: string, sections: { heading: string, text: string }[] }}
 */
function guideSections(markdown) {
  /** @type {string[]} */
  const preamble = [];
  /** @type {{ heading: string, lines: string[] }[]} */
  const sections = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : /^## (.+)$/.exec(line)?.[1];
    if (heading) sections.push({ heading: heading.trim(), lines: [] });
    else (sections.at(-1)?.lines ?? preamble).push(line);
  }
  return { preamble: preamble.join('\n').trim(), sections: sections.map(({ heading, lines }) => ({ heading, text: lines.join('\n').trim() })) };
}

/** The guides of info.description as trait tags, first among the tags (see the header). */
function Guides() {
  return {
    Root: {
      leave(root) {
        const { preamble, sections } = guideSections(root.info?.description ?? '');
        if (!sections.length) return;
        const taken = new Set((root.tags ?? []).map((tag) => tag.name));
        const clash = sections.find(({ heading }) => taken.has(heading));
        if (clash) throw new DocsInputError(`the guide "${clash.heading}" of info.description has the name of a tag: rename one of them.`);
        root.info.description = preamble;
        root.tags = [...sections.map(({ heading, text }) => ({ name: heading, description: readableMarkdown(text), 'x-traitTag': true })), ...(root.tags ?? [])];
      },
    },
  };
}

/** The plugin's entry, as Redocly loads it (`plugins:` in scripts/docs/redocly.docs.yaml). */
export default function supportkbDocs() {
  return {
    id: 'supportkb-docs',
    decorators: {
      oas3: {
        operations: Operations,
        'changelog-link': ChangelogLink,
        guides: Guides,
      },
    },
  };
}
