import { describe, expect, it, vi } from 'vitest';
import { APIPromise } from '../src/api-promise';

/** src/api-promise.ts: the lazy promise every client method returns. */
const answer = () => ({ data: { tag: 'vip' }, response: new Response('{"tag":"vip"}', { status: 201, headers: { 'x-powered-by': 'Express' } }) });

describe('APIPromise', () => {
  it('starts nothing until it is consumed', async () => {
    const run = vi.fn(async () => answer());
    const promise = new APIPromise(run);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(run).not.toHaveBeenCalled();
    await promise;
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('awaiting it gives the data', async () => {
    await expect(new APIPromise(async () => answer())).resolves.toEqual({ tag: 'vip' });
  });

  it('withResponse() gives the data and the Response; asResponse() the Response alone', async () => {
    const promise = new APIPromise(async () => answer());
    const { data, response } = await promise.withResponse();
    expect(data).toEqual({ tag: 'vip' });
    expect(response.headers.get('x-powered-by')).toBe('Express');
    expect((await promise.asResponse()).status).toBe(201);
  });

  it('runs the call once however it is consumed', async () => {
    const run = vi.fn(async () => answer());
    const promise = new APIPromise(run);
    await Promise.all([promise, promise.withResponse(), promise.asResponse()]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('catch() and finally() see a failure', async () => {
    const onFinally = vi.fn();
    const failure = await new APIPromise(async () => Promise.reject(new Error('boom'))).finally(onFinally).catch((error: Error) => error.message);
    expect(failure).toBe('boom');
    expect(onFinally).toHaveBeenCalledTimes(1);
  });

  it('says what it is', () => {
    expect(Object.prototype.toString.call(new APIPromise(async () => answer()))).toBe('[object APIPromise]');
  });
});
