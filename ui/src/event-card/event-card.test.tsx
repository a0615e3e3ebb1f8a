import { screen, within } from '@testing-library/react';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { aUser, renderPage } from '../testing/render-page';
import { anEvent } from '../testing/demo-events';
import { EventCard } from './event-card';
import { communityColour } from '../face/community-colour';

jest.setTimeout(20_000);
const now = Date.parse('2099-01-01T00:00:00Z');

describe('EventCard', () => {
  it('shows title (linking to the event), community, time in the event zone and the viewer zone, places and seats', async () => {
    const { container } = renderPage(
      <EventCard
        event={anEvent({
          locations: [
            ...anEvent().locations,
            { ...anEvent().locations[0]!, eventLocationId: 12, cityName: 'Teams', online: 'Yes' },
          ],
        })}
        viewerZone="America/New_York"
        now={now}
      />,
    );
    const card = screen.getByTestId('event-card');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Spring into Java');
    expect(within(card).getByRole('link', { name: 'Spring into Java' })).toHaveAttribute('href', '/events/1');
    expect(card).toHaveTextContent('Java Guild');
    expect(card).toHaveTextContent('Sun, 1 Mar 2099, 18:00–20:00 CET');
    expect(screen.getByTestId('viewer-time')).toHaveTextContent(
      'Your time: Sun, 1 Mar 2099, 12:00–14:00 Eastern Standard Time',
    );
    expect(card).toHaveTextContent('Amsterdam · Online');
    expect(card).toHaveTextContent('12 seats left');
    expect(card).not.toHaveTextContent('Cancelled');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says who may see it when that is not everyone (issue 28), and nothing for a public event', () => {
    const { unmount } = renderPage(<EventCard event={anEvent({ visibility: 'staff' })} now={now} />);
    expect(within(screen.getByTestId('event-card')).getByText('Staff only')).toBeInTheDocument();
    unmount();
    renderPage(<EventCard event={anEvent({ visibility: 'public' })} now={now} />);
    expect(screen.getByTestId('event-card').querySelector('[data-visibility]')).toBeNull();
  });

  it("shows one time when the viewer's clock reads the same", () => {
    renderPage(<EventCard event={anEvent()} viewerZone="Europe/Paris" now={now} />);
    expect(screen.queryByTestId('viewer-time')).not.toBeInTheDocument();
  });

  it('paints a cover in the community colour when there is no picture, and shows the picture otherwise', () => {
    const { unmount } = renderPage(<EventCard event={anEvent()} now={now} />);
    const cover = screen.getByTestId('generated-cover');
    expect(cover).toHaveStyle({ backgroundColor: communityColour(7) });
    expect(cover).toHaveTextContent('JGJava Guild');
    unmount();
    const { container } = renderPage(<EventCard event={anEvent({ imageUrl: 'https://img.test/a.png' })} now={now} />);
    expect(screen.queryByTestId('generated-cover')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://img.test/a.png');
  });

  it("fetches the picture as soon as the list asks: high for the first card, lazily below the fold, else the browser's way", () => {
    const event = anEvent({ imageUrl: 'https://img.test/a.png' });
    const imageWith = (priority: 'high' | 'auto' | 'lazy' | undefined) => {
      const { container, unmount } = renderPage(<EventCard event={event} coverPriority={priority} now={now} />);
      const image = container.querySelector('img')!;
      const attributes = { fetchpriority: image.getAttribute('fetchpriority'), loading: image.getAttribute('loading') };
      unmount();
      return attributes;
    };
    expect(imageWith('high')).toEqual({ fetchpriority: 'high', loading: null });
    expect(imageWith('lazy')).toEqual({ fetchpriority: null, loading: 'lazy' });
    expect(imageWith('auto')).toEqual({ fetchpriority: null, loading: null });
    expect(imageWith(undefined)).toEqual({ fetchpriority: null, loading: null });
  });

  it('sizes its picture to the frame (no layout shift) and decodes it off the main thread', () => {
    const { container } = renderPage(<EventCard event={anEvent({ imageUrl: 'https://img.test/a.png' })} now={now} />);
    const image = container.querySelector('img')!;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '600']);
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('says Full when no seat is left, and nothing about seats without a capacity', () => {
    const { unmount } = renderPage(<EventCard event={anEvent({ seatsLeft: 0 })} now={now} />);
    expect(screen.getByText('Full')).toBeInTheDocument();
    unmount();
    renderPage(<EventCard event={anEvent({ seatsLeft: null, capacity: null })} now={now} />);
    expect(screen.getByTestId('event-card')).not.toHaveTextContent(/seat|Full/);
  });

  it('marks a cancelled event and drops its seats', () => {
    renderPage(<EventCard event={anEvent({ cancelled: true })} now={now} />);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('12 seats left')).not.toBeInTheDocument();
  });

  it('shows a cancelled event as cancelled only: no seats, no "You\'re going", no "You attended", no Past', () => {
    const going = aUser({ attendingEvents: [{ eventId: 1, eventLocationId: 11, status: 'attending' }] });
    const { unmount } = renderPage(<EventCard event={anEvent({ cancelled: true })} now={now} />, { user: going });
    const card = screen.getByTestId('event-card');
    expect(card).toHaveAttribute('data-event-state', 'cancelled');
    expect(card).toHaveTextContent('Cancelled');
    expect(card).not.toHaveTextContent(/You're going|seats? left|Full/);
    unmount();
    const over = Date.parse('2100-01-01T00:00:00Z');
    renderPage(<EventCard event={anEvent({ cancelled: true })} now={over} />, { user: going });
    expect(screen.getByTestId('event-card')).not.toHaveTextContent(/You attended|Past/);
  });

  it('marks a past event, and says the user attended it rather than that they are going', () => {
    const going = aUser({ attendingEvents: [{ eventId: 1, eventLocationId: 11, status: 'attending' }] });
    renderPage(<EventCard event={anEvent()} now={Date.parse('2100-01-01T00:00:00Z')} />, { user: going });
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.getByText('You attended')).toBeInTheDocument();
    expect(screen.queryByText("You're going")).not.toBeInTheDocument();
    expect(screen.queryByText('12 seats left')).not.toBeInTheDocument();
  });

  it('tells the signed-in user they are going, or waiting', () => {
    const going = aUser({ attendingEvents: [{ eventId: 1, eventLocationId: 11, status: 'attending' }] });
    const { unmount } = renderPage(<EventCard event={anEvent()} now={now} />, { user: going });
    expect(screen.getByText("You're going")).toBeInTheDocument();
    unmount();
    const waiting = aUser({ attendingEvents: [{ eventId: 1, eventLocationId: null, status: 'waiting' }] });
    renderPage(<EventCard event={anEvent()} now={now} />, { user: waiting });
    expect(screen.getByText('On the waiting list')).toBeInTheDocument();
    expect(screen.queryByText("You're going")).not.toBeInTheDocument();
  });

  it('leaves the cover out when asked (compact lists)', () => {
    renderPage(<EventCard event={anEvent()} cover={false} headingLevel="h4" now={now} />);
    expect(screen.queryByTestId('generated-cover')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4 })).toBeInTheDocument();
  });
});
