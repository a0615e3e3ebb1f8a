import { fakeApi } from './fake-api';

const base = 'http://api.test/';

describe('fakeApi (msw at the fetch boundary)', () => {
  it('answers a routed request with JSON, records it, and its body', async () => {
    const api = fakeApi({ 'PUT api/user': { body: { ok: true } } });
    const response = await fetch(`${base}api/user`, { method: 'PUT', body: JSON.stringify({ city: 'Lyon' }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(api.count('PUT api/user')).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.bodies('PUT api/user')).toEqual([{ city: 'Lyon' }]);
  });

  it('answers anything not routed with 404 like the API', async () => {
    fakeApi();
    const response = await fetch(`${base}api/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ details: [] });
  });

  it('matches a route with a query only for that query, and prefers it over the bare path', async () => {
    fakeApi({ 'GET api/events': { body: 'all' }, 'GET api/events?when=upcoming': { body: 'upcoming' } });
    expect(await (await fetch(`${base}api/events?when=upcoming`)).text()).toBe('upcoming');
    expect(await (await fetch(`${base}api/events?when=past`)).text()).toBe('all');
  });

  it('fails like a lost network for an Error route and for a rejecting route function', async () => {
    fakeApi({ 'GET api/a': new TypeError('Failed to fetch'), 'GET api/b': () => Promise.reject(new Error('down')) });
    await expect(fetch(`${base}api/a`)).rejects.toThrow(TypeError);
    await expect(fetch(`${base}api/b`)).rejects.toThrow(TypeError);
  });

  it('lets a test replace an answer, and forgets routes after each test', async () => {
    const api = fakeApi({ 'GET api/x': { status: 500, body: 'broken' } });
    api.set({ 'GET api/x': { body: 'fixed' } });
    expect(await (await fetch(`${base}api/x`)).text()).toBe('fixed');
  });

  it('starts each test with no routes and nothing received', async () => {
    const api = fakeApi();
    expect(api.count()).toBe(0);
    expect((await fetch(`${base}api/x`)).status).toBe(404);
  });
});
