// Security lint of the contract (`npm run lint:security`): Spectral with the OWASP API Security Top 10
// 2023 ruleset (@stoplight/spectral-owasp-ruleset) on the bundled contract, openapi/dist/openapi.yaml.
// Every rule stays on, at its own severity (warnings fail too: --fail-severity warn), except those in
// scripts/lib/security-exceptions.mjs, each with the one-line reason it does not fit this service.
import owasp from '@stoplight/spectral-owasp-ruleset';
import { document, off, offAt } from './scripts/lib/security-exceptions.mjs';

export default {
  extends: [owasp],
  rules: Object.fromEntries(Object.keys(off).map((rule) => [rule, 'off'])),
  // Spectral compares pointers in their URI-fragment form ({ and } percent-encoded).
  overrides: offAt.map(([pointer, rule]) => ({ files: [`${document}#${pointer.replace(/\{/g, '%7B').replace(/\}/g, '%7D')}`], rules: { [rule]: 'off' } })),
};
