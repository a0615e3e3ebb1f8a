import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { cancelQuietly, createEvent } from '../../support/events';
import { afterAttends, startLoad, tally, type Answer } from '../load-driver.ts';
import { makeRushAccounts } from '../rush-accounts.ts';
import { readSeatLedger, seatDisagreements } from '../seat-ledger.ts';
import { controlApi } from '../topology-control.ts';
import { topologyInfo } from '../topology-info.ts';

/**
 * Faults under load, through nginx: one API replica killed outright (SIGKILL) while readers browse
 * and a rush of users attends one event with limited seats; then a rolling restart (SIGTERM →
 * readiness 503 → in-flight requests finish → exit → start) under the same load. Every answer the
 * client saw is compared with the database's seats afterwards.
 */
const topology = topologyInfo();
const capacity = 60;

async function rushEvent(): Promise<{ event: EventDetail; locationId: number }> {
  const event = await createEvent({
    capacity,
    locations: [{ cityName: 'Rotterdam', address: 'Coolsingel 40', online: 'No' }],
  });
  return { event, locationId: event.locations[0]!.eventLocationId };
}

/** The answers by status, in the report. */
function report(reads: Answer[], attends: Answer[]): void {
  const description = `reads ${JSON.stringify(tally(reads))}, attends ${JSON.stringify(tally(attends))}`;
  test.info().annotations.push({ type: 'load', description });
  console.log(`${test.info().title}: ${description}`);
}

/** Every read answered 200; every attend answered 200 or 409 (full, or already attending). */
function failures(answers: Answer[]): Answer[] {
  return answers.filter((a) => (a.kind === 'read' ? a.status !== 200 : a.status !== 200 && a.status !== 409));
}

/**
 * Whether a replica's log (of its current run) shows it answering the load through nginx. nginx
 * counts a replica it could not reach as down for a while (its upstream's fail_timeout), so a
 * rolling restart takes the next replica down only once the last one is back in the rotation, as
 * an orchestrator waits for a replica to take traffic before it stops the next.
 */
const servesLoad = (logFile: string) => /\/api\/(events|community)/.test(readFileSync(logFile, 'utf8'));

async function expectSeatsExact(answers: Answer[], eventId: number): Promise<void> {
  const ledger = await readSeatLedger(topology.databaseUrl, eventId);
  expect(seatDisagreements(answers, ledger)).toEqual([]);
  // More users than seats and no attend lost: every seat is taken, no more.
  expect(ledger.attendingUids.length).toBe(capacity);
}

test.describe('faults under load', () => {
  test.describe.configure({ timeout: 180_000 });

  test('killing one API replica: no read fails, no acknowledged attend is lost, the seats stay exact', async () => {
    const { event, locationId } = await rushEvent();
    try {
      const accounts = await makeRushAccounts(topology.authEmulatorHost, topology.databaseUrl, 90);
      const load = startLoad({ siteOrigin: topology.siteOrigin, eventId: event.id, locationId, accounts });
      await afterAttends(load, 20);
      const killedAt = Date.now();
      await controlApi(topology.ports.control, 0, 'kill');
      const answers = await load.stop();
      // The load went on after the kill: the test could have failed.
      const after = answers.filter((a) => a.at > killedAt);
      expect(after.filter((a) => a.kind === 'attend').length).toBeGreaterThan(20);
      expect(after.filter((a) => a.kind === 'read').length).toBeGreaterThan(50);
      const reads = answers.filter((a) => a.kind === 'read');
      const attends = answers.filter((a) => a.kind === 'attend');
      report(reads, attends);
      expect(reads.length).toBeGreaterThan(100);
      expect(failures(answers)).toEqual([]);
      await expectSeatsExact(answers, event.id);
    } finally {
      await controlApi(topology.ports.control, 0, 'start');
      await cancelQuietly(event.id);
    }
  });

  test('a rolling restart (SIGTERM, readiness 503, drain, exit, start) of both replicas under load fails no request', async () => {
    const { event, locationId } = await rushEvent();
    try {
      const accounts = await makeRushAccounts(topology.authEmulatorHost, topology.databaseUrl, 120);
      const load = startLoad({
        siteOrigin: topology.siteOrigin,
        eventId: event.id,
        locationId,
        accounts,
        // Four attends a second for 30 s: they span both replicas' restarts (checked below).
        attendPauseMs: 1000,
      });
      await afterAttends(load, 8);
      const restarts: Array<{ from: number; to: number }> = [];
      for (const [index, port] of topology.ports.api.entries()) {
        const from = Date.now();
        await controlApi(topology.ports.control, index, 'terminate');
        // Draining: the replica says it is not ready while it finishes what it has.
        await expect
          .poll(
            async () =>
              fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
                (r) => r.status,
                () => 'gone',
              ),
            { intervals: [20], timeout: 10_000 },
          )
          .toBe(503);
        expect(await controlApi(topology.ports.control, index, 'exit')).toBe(0);
        const logFile = (await controlApi(topology.ports.control, index, 'start')) as string;
        await expect.poll(() => servesLoad(logFile), { intervals: [100], timeout: 20_000 }).toBe(true);
        restarts.push({ from, to: Date.now() });
      }
      const answers = await load.stop();
      // The load was on while each replica drained and restarted: the test could have failed.
      for (const { from, to } of restarts) {
        const during = answers.filter((a) => a.at >= from && a.at <= to);
        expect(during.filter((a) => a.kind === 'attend').length).toBeGreaterThan(0);
        expect(during.filter((a) => a.kind === 'read').length).toBeGreaterThan(20);
      }
      const reads = answers.filter((a) => a.kind === 'read');
      const attends = answers.filter((a) => a.kind === 'attend');
      report(reads, attends);
      expect(failures(answers)).toEqual([]);
      await expectSeatsExact(answers, event.id);
    } finally {
      for (const index of [0, 1]) await controlApi(topology.ports.control, index, 'start').catch(() => {});
      await cancelQuietly(event.id);
    }
  });
});
