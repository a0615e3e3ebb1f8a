import { hubStore } from '../store/hub-store';
import type { EventLocation } from '@hub/contract/events';
import {
  dialogQueueAtom,
  pickEventLocation,
  selectableLocations,
  settleDialog,
  showAlert,
  showConfirm,
} from './dialog-queue';

const queue = () => hubStore.get(dialogQueueAtom);
const shown = () => queue()[0]!;

/** Records the value each promise settles with, so a test can see which ones are still pending. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const location = (id: number, online: EventLocation['online'], address: string | null): EventLocation => ({
  eventLocationId: id,
  cityName: `City ${id}`,
  address,
  online,
  capacity: null,
  attendeeCount: 0,
});

beforeEach(() => hubStore.set(dialogQueueAtom, []));

describe('dialog queue (SPEC §2 Dialogs: shown one at a time in a queue)', () => {
  it('queues dialogs in the order they were asked for (FIFO)', () => {
    void showAlert({ title: 'First' });
    void showConfirm({ title: 'Second' });
    void pickEventLocation([location(1, 'No', 'Main Street 1')]);
    expect(queue().map((d) => d.request.kind)).toEqual(['alert', 'confirm', 'eventLocation']);
    expect(shown().request).toEqual({ kind: 'alert', title: 'First' });
  });

  it('settling the shown dialog resolves its promise and shows the next one', async () => {
    const alert = track(showAlert({ title: 'Saved', subtitle: 'All done', error: false }));
    const confirm = track(showConfirm({ title: 'Leave?' }));

    settleDialog(shown().id, undefined);
    await flush();
    expect(alert.settled).toBe(true);
    expect(confirm.settled).toBe(false);
    expect(shown().request).toEqual({ kind: 'confirm', title: 'Leave?' });

    settleDialog(shown().id, true);
    await flush();
    expect(confirm).toEqual({ settled: true, value: true });
    expect(queue()).toEqual([]);
  });

  it('settle resolves the promise of the dialog with that id, not another one', async () => {
    const first = track(showConfirm({ title: 'First' }));
    const second = track(showConfirm({ title: 'Second' }));
    const [a, b] = queue();

    settleDialog(b!.id, false);
    await flush();
    expect(second).toEqual({ settled: true, value: false });
    expect(first.settled).toBe(false);
    expect(queue().map((d) => d.id)).toEqual([a!.id]);

    settleDialog(a!.id, true);
    await flush();
    expect(first).toEqual({ settled: true, value: true });
  });

  it('gives every dialog its own id', () => {
    void showAlert({ title: 'A' });
    void showAlert({ title: 'A' });
    const [a, b] = queue();
    expect(a!.id).not.toBe(b!.id);
  });

  it('ignores settling an id that is not queued (e.g. a second close)', async () => {
    const alert = track(showAlert({ title: 'Once' }));
    const id = shown().id;
    settleDialog(id, undefined);
    settleDialog(id, undefined);
    settleDialog(id + 1000, undefined);
    await flush();
    expect(alert.settled).toBe(true);
    expect(queue()).toEqual([]);
  });

  it('a cancelled location choice resolves null (SPEC §5)', async () => {
    const pick = track(pickEventLocation([location(1, 'No', 'Main Street 1')]));
    settleDialog(shown().id, null);
    await flush();
    expect(pick).toEqual({ settled: true, value: null });
  });
});

describe('selectableLocations (SPEC §5: only locations that are not online and have an address)', () => {
  const inPerson = location(1, 'No', 'Main Street 1');
  const online = location(2, 'Yes', 'Main Street 2');
  const noAddress = location(3, 'No', null);
  const emptyAddress = location(4, 'No', '');
  const blankAddress = location(5, 'No', '   ');
  // SPEC §3 says 'Yes' or not; the contract sends 'Yes' | 'No', and anything else must not count as online.
  const otherOnlineValue = location(6, '' as EventLocation['online'], 'Harbour Road 6');

  it("drops online locations ('Yes' means online) and those without an address", () => {
    expect(selectableLocations([inPerson, online, noAddress, emptyAddress, blankAddress, otherOnlineValue])).toEqual([
      inPerson,
      otherOnlineValue,
    ]);
  });

  it('keeps the order of the offered locations', () => {
    const second = location(7, 'No', 'Station Square 7');
    expect(selectableLocations([second, inPerson])).toEqual([second, inPerson]);
  });

  it('pickEventLocation queues the filtered list and resolves with the chosen location', async () => {
    const pick = track(pickEventLocation([online, inPerson, noAddress]));
    expect(shown().request).toEqual({ kind: 'eventLocation', locations: [inPerson] });

    settleDialog(shown().id, inPerson);
    await flush();
    expect(pick).toEqual({ settled: true, value: inPerson });
  });
});
