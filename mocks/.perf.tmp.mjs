import { getResponse } from 'msw';
import { createMockService } from './dist/index.js';
const s = createMockService();
const auth = await s.authorization('admin');
const P='65f1a2b3c4d5e6f708090a0b';
async function time(label, mk, n=2000, handlers=s.handlers) {
  for (let i=0;i<200;i++) await (await getResponse(handlers, mk())).arrayBuffer();
  const t=performance.now();
  for (let i=0;i<n;i++) await (await getResponse(handlers, mk())).arrayBuffer();
  console.log(label, ((performance.now()-t)/n).toFixed(3),'ms');
}
await time('listTags', () => new Request(`http://x/${P}/tags`, {headers:{Authorization:auth}}));
await time('getLabels', () => new Request(`http://x/${P}/labels/IT`));
await time('countRequests', () => new Request(`http://x/${P}/analytics/requests/count`, {headers:{Authorization:auth}}));
await time('createTag', () => new Request(`http://x/${P}/tags`, {method:'POST', headers:{Authorization:auth,'content-type':'application/json'}, body: JSON.stringify({tag:'vip'})}));
const one = s.handlers.filter(h => h.info.method === 'GET' && String(h.info.path).endsWith('/:project_id/tags'));
await time('listTags 1 handler', () => new Request(`http://x/${P}/tags`, {headers:{Authorization:auth}}), 2000, one);
