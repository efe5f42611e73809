import { getResponse } from 'msw';
import { createMockService } from './dist/index.js';
const s = createMockService();
const auth = await s.authorization('admin');
const P='65f1a2b3c4d5e6f708090a0b';
const one = s.handlers.filter(h => h.info.method === 'GET' && String(h.info.path).endsWith('/:project_id/tags'));
for (let i=0;i<20000;i++) await (await getResponse(s.handlers, new Request(`http://x/${P}/tags`, {headers:{Authorization:auth}}))).arrayBuffer();
