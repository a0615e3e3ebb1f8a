import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import type { EventSummary } from '@hub/shared';
import { renderPage } from '@hub/ui/testing/render-page';
import { anEvent } from '@hub/ui/testing/demo-events';
import { EventResults, firstDrawnCards } from './event-results';

jest.setTimeout(20_000);

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => anEvent({ id: from + i, title: `Event ${from + i}` }));

/**
 * The placeholders a commit took out of the list. (A MutationObserver reports after the commits, when
 * an added list already holds what later commits put in it; a removed node keeps what it held.)
 */
function recordRemovedPlaceholders(target: Node) {
  let removed = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.removedNodes))
        if (node instanceof HTMLElement)
          removed += [node, ...Array.from(node.querySelectorAll('[data-testid]'))].filter(
            (element) => element.getAttribute('data-testid') === 'event-card-placeholder',
          ).length;
  });
  observer.observe(target, { childList: true, subtree: true });
  return {
    get removed() {
      return removed;
    },
    stop: () => observer.disconnect(),
  };
}

let showItems: (items: EventSummary[]) => void = () => undefined;
function Harness({ initial }: { initial: EventSummary[] }) {
  const [items, setItems] = useState(initial);
  showItems = setItems;
  return (
    <>
      <h2 id="results">Upcoming events</h2>
      <EventResults items={items} updating={false} labelledBy="results" />
    </>
  );
}

describe('EventResults', () => {
  it("draws the first row of cards first, holding the others' places, then every card", async () => {
    const placeholders = recordRemovedPlaceholders(document.body);
    renderPage(<Harness initial={page(1, 12)} />);
    await act(async () => undefined);
    placeholders.stop();
    // The first commit drew three cards and held nine places, which the next one filled.
    expect(placeholders.removed).toBe(12 - firstDrawnCards);
    const list = screen.getByRole('list', { name: 'Upcoming events' });
    expect(within(list).getAllByTestId('event-card')).toHaveLength(12);
    expect(within(list).queryByTestId('event-card-placeholder')).not.toBeInTheDocument();
    expect(list).not.toHaveAttribute('aria-busy');
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  });

  it('draws a later answer (another filter, another page) at once', async () => {
    renderPage(<Harness initial={page(1, 12)} />);
    await act(async () => undefined);
    const placeholders = recordRemovedPlaceholders(document.body);
    act(() => showItems(page(101, 12)));
    placeholders.stop();
    expect(placeholders.removed).toBe(0);
    expect(screen.queryByTestId('event-card-placeholder')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(
      page(101, 12).map((event) => event.title),
    );
  });

  it('draws a short page in one go', async () => {
    const placeholders = recordRemovedPlaceholders(document.body);
    renderPage(<Harness initial={page(1, firstDrawnCards)} />);
    await act(async () => undefined);
    placeholders.stop();
    expect(placeholders.removed).toBe(0);
    expect(screen.getAllByTestId('event-card')).toHaveLength(firstDrawnCards);
  });
});
