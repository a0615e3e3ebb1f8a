/**
 * Issue 26, mail preferences and attendance mails, on PGlite and PostgreSQL, with the mails read
 * from the run's real mail catcher and their calendar parts parsed with ical.js:
 *  - attending sends a confirmation with METHOD:REQUEST (UID, SEQUENCE, DTSTART with TZID, the
 *    person's LOCATION); withdrawing sends METHOD:CANCEL with the same UID;
 *  - the preferences GET/PUT (defaults, saving, refusals);
 *  - the signed unsubscribe token: one-click POST without sign-in stops that kind, undo restarts it,
 *    a changed token is a 400 with a clear message, a GET redirects to the site's page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import {
  communityNewsChoice,
  mailPreferenceFor,
  recipientsWanting,
  wantsKind,
} from '../src/mail/preferences/mail-preferences.ts';
import { unsubscribeLinks } from '../src/mail/preferences/list-unsubscribe.ts';
import { sql } from 'kysely';
import { eventBody } from './helpers/event-body.ts';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

/** The VEVENT of a mail's calendar part, and the part's METHOD. */
function veventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { method: calendar.getFirstPropertyValue('method'), vevent };
}

const ARRIVAL = 'Reception on floor 2; badge at the desk';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `mail preferences, unsubscribe and attendance mails (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let staff = '';
      let staffId = 0;
      before(async () => {
        api = await startTestApi({ kind, config: { siteUrl: 'https://hub.example.com' } });
        admin = await tokenFor('admin@hub.test');
        staff = await tokenFor('staff@hub.test');
        staffId = api.seed!.users.staff;
      });
      after(async () => api?.close());

      it('attending sends a REQUEST for the chosen place; withdrawing a CANCEL with the same UID', async () => {
        const created = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: eventBody('Confirmation check', 10, [
            { cityName: 'Bangalore', address: 'Whitefield Road', online: 'No', arrivalNotes: ARRIVAL },
            { cityName: '', address: null, online: 'Yes' },
          ]),
        });
        assert.equal(created.status, 201, created.text);
        // The place's arrival notes, as the event page reads them.
        assert.deepEqual(
          created.json.locations.map((l: { arrivalNotes: string | null }) => l.arrivalNotes),
          [ARRIVAL, null],
        );
        // Limited in length, for in-person places only; an edit that leaves them out keeps them.
        const [officeIn, onlineIn] = created.json.locations.map((l: { eventLocationId: number }, i: number) => ({
          eventLocationId: l.eventLocationId,
          ...[
            { cityName: 'Bangalore', address: 'Whitefield Road', online: 'No' },
            { cityName: '', address: null, online: 'Yes' },
          ][i],
        }));
        const body = eventBody('Confirmation check', 10, []);
        for (const [locations, problem] of [
          [[{ ...officeIn, arrivalNotes: 'x'.repeat(501) }, onlineIn], /arrivalNotes/],
          [[officeIn, { ...onlineIn, arrivalNotes: 'Reception' }], /arrivalNotes is only allowed on an in-person/],
        ] as const) {
          const refused = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
            token: admin,
            body: { ...body, locations },
          });
          assert.equal(refused.status, 400, refused.text);
          assert.match(refused.text, problem);
        }
        const kept = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
          token: admin,
          body: { ...body, locations: [officeIn, onlineIn] },
        });
        assert.equal(kept.status, 200, kept.text);
        assert.equal(kept.json.locations[0].arrivalNotes, ARRIVAL);
        const id = created.json.id as number;
        const office = created.json.locations[0].eventLocationId as number;
        const attend = await call(api.url, 'PUT', `/api/events/${id}/attendance`, {
          token: staff,
          body: { eventLocationId: office },
        });
        assert.equal(attend.status, 200, attend.text);

        const [confirmation] = await api.inbox.waitFor({
          to: 'staff@hub.test',
          subject: /^You are attending: Confirmation check$/,
        });
        assert.match(confirmation!.text, /^Where: Whitefield Road, Bangalore$/m);
        assert.match(confirmation!.text, /^Arrival: Reception on floor 2; badge at the desk$/m);
        assert.ok(String(confirmation!.parsed.html).includes('badge at the desk'), 'in the HTML part too');
        assert.match(confirmation!.text, /^When: Tuesday 4 March 2031, 20:30 – 23:00 \(Asia\/Kolkata\)$/m);
        assert.ok(confirmation!.parsed.html, 'an HTML part as well');
        assert.equal(confirmation!.parsed.headers.get('list-unsubscribe'), undefined, 'transactional: no unsubscribe');
        const request = veventOf(confirmation!.calendar!.text);
        assert.equal(request.method, 'REQUEST');
        assert.equal(request.vevent.getFirstPropertyValue('uid'), `event-${id}@hub.example.com`);
        const sequence = Number(request.vevent.getFirstPropertyValue('sequence'));
        assert.equal(request.vevent.getFirstProperty('dtstart')!.getParameter('tzid'), 'Asia/Kolkata');
        assert.equal(request.vevent.getFirstPropertyValue('location'), 'Whitefield Road, Bangalore');

        // A change of place raises the SEQUENCE: the calendar applies the update over the confirmation.
        const moved = await call(api.url, 'PUT', `/api/events/${id}`, {
          token: admin,
          body: eventBody('Confirmation check', 10, [
            { eventLocationId: office, cityName: 'Bangalore', address: 'Outer Ring Road', online: 'No' },
            { eventLocationId: created.json.locations[1].eventLocationId, cityName: '', address: null, online: 'Yes' },
          ]),
        });
        assert.equal(moved.status, 200, moved.text);
        const [update] = await api.inbox.waitFor({
          to: 'staff@hub.test',
          subject: /^Changed place: Confirmation check$/,
        });
        const updated = veventOf(update!.calendar!.text);
        assert.equal(updated.method, 'REQUEST');
        assert.equal(updated.vevent.getFirstPropertyValue('uid'), `event-${id}@hub.example.com`);
        assert.ok(Number(updated.vevent.getFirstPropertyValue('sequence')) > sequence, 'a rising SEQUENCE');

        const left = await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: staff });
        assert.equal(left.status, 200, left.text);
        const [withdrawal] = await api.inbox.waitFor({
          to: 'staff@hub.test',
          subject: /^Withdrawn: Confirmation check$/,
        });
        const cancel = veventOf(withdrawal!.calendar!.text);
        assert.equal(cancel.method, 'CANCEL');
        assert.equal(cancel.vevent.getFirstPropertyValue('uid'), `event-${id}@hub.example.com`);
        assert.ok(
          Number(cancel.vevent.getFirstPropertyValue('sequence')) >=
            Number(updated.vevent.getFirstPropertyValue('sequence')),
        );
        assert.equal(cancel.vevent.getFirstPropertyValue('status'), 'CANCELLED');

        // Online: the confirmation says the link comes later and never carries it.
        const online = created.json.locations[1].eventLocationId as number;
        await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: staff, body: { eventLocationId: online } });
        const confirmations = await api.inbox.waitFor({
          to: 'staff@hub.test',
          subject: /^You are attending: Confirmation check$/,
          count: 2,
        });
        const second = confirmations[1]!;
        assert.match(second.text, /^Where: Online — the link comes with your reminder and is on the event page$/m);
        assert.match(veventOf(second.calendar!.text).vevent.getFirstPropertyValue('location') as string, /^Online — /);
      });

      it('preferences: defaults, saving, and clear refusals', async () => {
        const read = await call(api.url, 'GET', '/api/user/mail-preferences', { token: staff });
        assert.equal(read.status, 200, read.text);
        assert.deepEqual(read.json.kinds, {
          reminders: true,
          'community-news': true,
          'organiser-messages': true,
          announcements: true,
          digest: true,
          'join-requests': true,
        });
        assert.ok(read.json.communities.length > 0, 'the seeded memberships');
        assert.ok(
          read.json.communities.every((c: { choice: string }) => c.choice === 'digest'),
          'digest by default',
        );
        const community = read.json.communities[0].communityId as number;

        const saved = await call(api.url, 'PUT', '/api/user/mail-preferences', {
          token: staff,
          body: { kinds: { reminders: false }, communities: [{ communityId: community, choice: 'now' }] },
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal(saved.json.kinds.reminders, false);
        assert.equal(saved.json.kinds.digest, true, 'the others untouched');
        assert.equal(
          saved.json.communities.find((c: { communityId: number }) => c.communityId === community).choice,
          'now',
        );
        assert.equal(await mailPreferenceFor(api.database.db, staffId, 'reminders'), false);
        assert.equal(await communityNewsChoice(api.database.db, staffId, community), 'now');
        assert.deepEqual(await recipientsWanting(api.database.db, [staffId], 'reminders'), []);
        assert.deepEqual(await recipientsWanting(api.database.db, [staffId], 'digest'), [staffId]);
        const viaSql = await api.database.db
          .selectFrom('appUser as u')
          .select('u.id')
          .where('u.id', '=', staffId)
          .where(wantsKind(sql.ref('u.id'), 'reminders'))
          .execute();
        assert.deepEqual(viaSql, [], 'the fan-out filter agrees');

        for (const [body, pattern] of [
          [{ kinds: { reminders: 'no' } }, /reminders/],
          [{ communities: [{ communityId: community, choice: 'sometimes' }] }, /choice/],
          [{ communities: [{ communityId: 999_999, choice: 'none' }] }, /you have not joined community 999999/],
        ] as const) {
          const refused = await call(api.url, 'PUT', '/api/user/mail-preferences', { token: staff, body });
          assert.equal(refused.status, 400, refused.text);
          assert.match(refused.text, pattern);
        }
        assert.equal((await call(api.url, 'GET', '/api/user/mail-preferences')).status, 401);
        await call(api.url, 'PUT', '/api/user/mail-preferences', {
          token: staff,
          body: { kinds: { reminders: true } },
        });
      });

      it('one-click unsubscribe stops the kind without signing in; undo restarts it; a changed token is a 400', async () => {
        const links = await unsubscribeLinks({ userId: staffId, kind: 'organiser-messages' }, api.config);
        assert.equal(links.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
        const url = /^<(https:\/\/hub\.example\.com\/api\/mail\/unsubscribe\?token=[^>]+)>$/.exec(
          links.headers['List-Unsubscribe']!,
        )?.[1];
        assert.ok(url, links.headers['List-Unsubscribe']);
        const path = url.replace('https://hub.example.com', '');
        // What a mail program sends (RFC 8058): a form body, no cookie, no token of the user.
        const stopped = await call(api.url, 'POST', path, {
          rawBody: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        assert.equal(stopped.status, 200, stopped.text);
        assert.deepEqual(stopped.json, {
          kind: 'organiser-messages',
          community: null,
          stopped: true,
          newsChoiceBefore: null,
        });
        assert.equal(await mailPreferenceFor(api.database.db, staffId, 'organiser-messages'), false);
        assert.equal(
          (
            await call(api.url, 'POST', path, {
              rawBody: 'List-Unsubscribe=One-Click',
              headers: { 'content-type': 'multipart/form-data; boundary=x' },
            })
          ).status,
          200,
          'twice is harmless, multipart too',
        );
        const undone = await call(api.url, 'POST', path.replace('/unsubscribe', '/resubscribe'));
        assert.equal(undone.status, 200, undone.text);
        assert.equal(undone.json.stopped, false);
        assert.equal(await mailPreferenceFor(api.database.db, staffId, 'organiser-messages'), true);

        // A community's news: only that community, and undo restores the choice it had.
        const community = (await call(api.url, 'GET', '/api/user/mail-preferences', { token: staff })).json
          .communities[0];
        await call(api.url, 'PUT', '/api/user/mail-preferences', {
          token: staff,
          body: { communities: [{ communityId: community.communityId, choice: 'now' }] },
        });
        const news = await unsubscribeLinks(
          { userId: staffId, kind: 'community-news', communityId: community.communityId },
          api.config,
        );
        const newsPath = /<https:\/\/hub\.example\.com([^>]+)>/.exec(news.headers['List-Unsubscribe']!)![1]!;
        const newsStopped = await call(api.url, 'POST', newsPath);
        assert.deepEqual(newsStopped.json, {
          kind: 'community-news',
          community: { id: community.communityId, name: community.communityName },
          stopped: true,
          newsChoiceBefore: 'now',
        });
        assert.equal(await communityNewsChoice(api.database.db, staffId, community.communityId), 'none');
        assert.equal(await mailPreferenceFor(api.database.db, staffId, 'community-news'), true, 'the kind stays on');
        await call(api.url, 'POST', newsPath.replace('/unsubscribe', '/resubscribe'), { body: { newsChoice: 'now' } });
        assert.equal(await communityNewsChoice(api.database.db, staffId, community.communityId), 'now');

        // Tampered: another user's id in the payload, or a cut signature.
        const token = decodeURIComponent(new URL(url).searchParams.get('token')!);
        const [header, payload, signature] = token.split('.');
        const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        forged.sub = '1';
        for (const bad of [
          `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`,
          token.slice(0, -3),
          'not-a-token',
        ]) {
          const refused = await call(api.url, 'POST', `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`);
          assert.equal(refused.status, 400, refused.text);
          assert.match(refused.json.message, /This unsubscribe link is not valid/);
        }
        assert.equal((await call(api.url, 'POST', '/api/mail/unsubscribe')).status, 400, 'no token');
        assert.equal(await mailPreferenceFor(api.database.db, 1, 'organiser-messages'), true, 'nobody else stopped');

        // Opened in a browser: the site's page, nothing changed by a GET.
        const opened = await fetch(`${api.url}${path}`, { redirect: 'manual' });
        assert.equal(opened.status, 303);
        assert.match(opened.headers.get('location')!, /^https:\/\/hub\.example\.com\/account\/unsubscribe\?token=/);
        assert.equal(await mailPreferenceFor(api.database.db, staffId, 'organiser-messages'), true);
      });
    },
  );
}
