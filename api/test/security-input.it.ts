/**
 * Security probes (issue 9, findings 4 and 5): inputs that reached the database as a 500, names made
 * of control or invisible characters, image addresses any page would load, and the documented status
 * and shape of oversize query strings and foreign media types. Each must be a 400 (or 415 / 431)
 * `{ message, details }` that names the field.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import {
  call,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  updateAccount,
  type Answer,
  type TestApi,
} from './helpers/test-env.ts';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function assertRefused(answer: Answer, field: string, status = 400): void {
  assert.equal(answer.status, status, answer.text);
  assert.deepEqual(Object.keys(answer.json ?? {}).sort(), ['details', 'message'], answer.text);
  assert.ok(
    (answer.json.details as string[]).some((d) => d.startsWith(`${field} `)),
    `${field} named in ${answer.text}`,
  );
}

describe('security: hostile text, timestamps and image addresses', () => {
  let api: TestApi;
  let admin: string;
  let staff: string;
  const profile = {
    firstName: 'Sam',
    lastName: 'Staff',
    phoneNumber: '',
    city: 'Utrecht',
    businessUnitId: null,
  };
  const eventBody = (patch: Record<string, unknown> = {}) => ({
    communityId: 1,
    title: 'Probe event',
    description: 'Checks the input rules',
    imageUrl: '',
    startsAt: future(10),
    endsAt: future(10.1),
    timeZone: 'Europe/Amsterdam',
    capacity: null,
    locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
    ...patch,
  });
  const community = (patch: Record<string, unknown> = {}) => ({
    name: 'Probe community',
    description: '',
    imageUrl: '',
    countryId: 1,
    communityBaseId: 1,
    ...patch,
  });

  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
    admin = await tokenFor('admin@hub.test');
    staff = await tokenFor('staff@hub.test');
  });
  after(async () => {
    await api?.close();
  });

  it('GET api/events?q=%00 (anonymous) is a 400 naming q', async () => {
    assertRefused(await call(api.url, 'GET', '/api/events?q=%00'), 'querystring/q');
    assertRefused(await call(api.url, 'GET', '/api/events?q=a%00b&when=all'), 'querystring/q');
    assertRefused(await call(api.url, 'GET', '/api/admin/users?q=%00', { token: admin }), 'querystring/q');
    assert.equal((await call(api.url, 'GET', '/api/events?q=Java')).status, 200);
  });

  it('PUT api/user with firstName "Sam\\u0000" is a 400 naming firstName', async () => {
    const answer = await call(api.url, 'PUT', '/api/user', {
      token: staff,
      body: { ...profile, firstName: 'Sam\u0000' },
    });
    assertRefused(answer, 'body/firstName');
    assert.match(answer.json.details.join('\n'), /body\/firstName must be one line with at least one visible letter/);
  });

  it('a lone surrogate in any text field is a 400 naming it', async () => {
    // JSON.stringify escapes a lone surrogate as \ud800, which JSON.parse turns back into one.
    assertRefused(
      await call(api.url, 'PUT', '/api/user', { token: staff, body: { ...profile, lastName: 'Sta\ud800ff' } }),
      'body/lastName',
    );
    assertRefused(
      await call(api.url, 'POST', '/api/community', { token: admin, body: community({ description: 'x\udc00' }) }),
      'body/description',
    );
    assertRefused(
      await call(api.url, 'POST', '/api/events', {
        token: admin,
        body: eventBody({ locations: [{ cityName: 'Ut\ud83drecht', address: 'Papendorpseweg 100', online: 'No' }] }),
      }),
      'body/locations/0/cityName',
    );
  });

  it('names with control or format characters, or without a visible letter, are 400s', async () => {
    for (const name of [
      'Sam\u0007', // BEL
      '\u001b[31mSam', // ESC, a terminal colour sequence
      'Sam\u202egnp.exe', // RIGHT-TO-LEFT OVERRIDE
      '\u200b', // only a ZERO WIDTH SPACE
      'Sa\u200bm', // a hidden ZERO WIDTH SPACE
      '\ufeffSam', // BYTE ORDER MARK
      'Sam\nStaff', // a line break in a one-line field
      '\u3164', // HANGUL FILLER: a "letter" that shows nothing
      '1234',
      '---',
    ]) {
      assertRefused(
        await call(api.url, 'PUT', '/api/user', { token: staff, body: { ...profile, firstName: name } }),
        'body/firstName',
      );
    }
    assertRefused(
      await call(api.url, 'POST', '/api/community', { token: admin, body: community({ name: '\u202e\u200b' }) }),
      'body/name',
    );
    assertRefused(
      await call(api.url, 'POST', '/api/events', { token: admin, body: eventBody({ title: 'Party\u0007' }) }),
      'body/title',
    );
    // Real names in any script still pass, emoji sequences (joined by U+200D) too.
    for (const name of ['Zoë', 'José-María', "O'Brien", '김민준', 'محمد', 'Ana 👩‍💻']) {
      const ok = await call(api.url, 'PUT', '/api/user', { token: staff, body: { ...profile, firstName: name } });
      assert.equal(ok.status, 200, `${name}: ${ok.text}`);
    }
    const multiLine = await call(api.url, 'POST', '/api/community', {
      token: admin,
      body: community({ description: 'Line one\nLine two\twith a tab' }),
    });
    assert.equal(multiLine.status, 201, multiLine.text);
  });

  it('POST api/events with a leap second or a date outside 1970..9999 is a 400 naming it', async () => {
    assertRefused(
      await call(api.url, 'POST', '/api/events', {
        token: admin,
        body: eventBody({ startsAt: '2026-12-31T23:59:60Z', endsAt: '2027-01-01T01:00:00Z' }),
      }),
      'body/startsAt',
    );
    for (const date of [
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '10000-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
    ]) {
      assertRefused(
        await call(api.url, 'POST', '/api/events', { token: admin, body: eventBody({ endsAt: date }) }),
        'body/endsAt',
      );
    }
    // An offset that carries the last second of 9999 into year 10000 in UTC.
    assertRefused(
      await call(api.url, 'POST', '/api/events', {
        token: admin,
        body: eventBody({ startsAt: '9999-12-31T23:30:00-01:00', endsAt: '9999-12-31T23:59:00-01:00' }),
      }),
      'body/startsAt',
    );
    const created = await call(api.url, 'POST', '/api/events', {
      token: admin,
      body: eventBody({ startsAt: '2030-06-01T09:00:00+02:00', endsAt: '2030-06-01T17:00:00.5+02:00' }),
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.startsAt, '2030-06-01T07:00:00.000Z');
  });

  it('image addresses: only https (and http://localhost in development), named when refused', async () => {
    for (const imageUrl of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://evil.test/cat.png',
      '//evil.test/cat.png',
      'https://user:pass@cdn.test/cat.png',
      'https://cdn.test/ cat.png',
      'cat.png',
    ]) {
      assertRefused(
        await call(api.url, 'POST', '/api/community', { token: admin, body: community({ imageUrl }) }),
        'body/imageUrl',
      );
      assertRefused(
        await call(api.url, 'POST', '/api/events', { token: admin, body: eventBody({ imageUrl }) }),
        'body/imageUrl',
      );
      assertRefused(
        await call(api.url, 'PUT', '/api/user', { token: staff, body: { ...profile, imageURL: imageUrl } }),
        'body/imageURL',
      );
    }
    const https = await call(api.url, 'PUT', '/api/user', {
      token: staff,
      body: { ...profile, imageURL: 'https://cdn.test/me.png' },
    });
    assert.equal(https.status, 200, https.text);
    assert.equal(https.json.imageURL, 'https://cdn.test/me.png');
    const local = await call(api.url, 'POST', '/api/community', {
      token: admin,
      body: community({ imageUrl: 'http://localhost:3000/img/c.png' }),
    });
    assert.equal(local.status, 201, 'http://localhost is allowed outside production');
  });

  it('a photoURL the user set in the identity provider is not taken over unless it is an image address', async () => {
    const account = await signUp(uniqueEmail('photo'), { displayName: 'Photo, Pia' });
    await updateAccount(account.uid, { photoUrl: 'javascript:alert(document.domain)' });
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token: account.token })).json, 1);
    assert.equal((await call(api.url, 'GET', '/api/user', { token: account.token })).json.imageURL, '');
    await updateAccount(account.uid, { photoUrl: 'https://cdn.test/pia.png' });
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token: account.token })).json, 2);
    assert.equal(
      (await call(api.url, 'GET', '/api/user', { token: account.token })).json.imageURL,
      'https://cdn.test/pia.png',
    );
  });

  it('a 100 KB query string is a 431 { message, details }', async () => {
    const answer = await call(api.url, 'GET', `/api/events?q=${'a'.repeat(100 * 1024)}`);
    assert.equal(answer.status, 431, answer.text);
    assert.deepEqual(answer.json, {
      message: 'The request headers or address are too large (16 KB at most)',
      details: [],
    });
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal((await call(api.url, 'GET', '/api/health')).status, 200, 'the server still answers');
  });

  it('a text/plain body is a 415 { message, details }, as documented', async () => {
    for (const [method, path, token] of [
      ['POST', '/api/user/reset-password', undefined],
      ['PUT', '/api/user', staff],
      ['POST', '/api/community', admin],
    ] as const) {
      const answer = await call(api.url, method, path, {
        token,
        rawBody: JSON.stringify({ email: 'a@b.test' }),
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(answer.status, 415, `${method} ${path}: ${answer.text}`);
      assert.deepEqual(Object.keys(answer.json).sort(), ['details', 'message']);
    }
    // Even an empty body labelled text/plain: it is a CORS-safelisted type, so refusing it means no
    // cross-site "simple request" can reach a write.
    const { statusCode } = await request(`${api.url}/api/communitymembership/7`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/plain' },
    });
    assert.equal(statusCode, 415);
  });
});
