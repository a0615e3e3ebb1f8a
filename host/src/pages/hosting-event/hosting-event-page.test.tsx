import { screen } from '@testing-library/react';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import HostingEventPage, { HostingEventPage as NamedHostingEventPage } from './hosting-event-page';

describe('HostingEventPage', () => {
  it('is exported both by name and as default, for the lazy route', () => {
    expect(NamedHostingEventPage).toBe(HostingEventPage);
  });

  it('shows its content under one level-1 heading, without serious accessibility violations', async () => {
    const { container } = renderPage(<HostingEventPage />, { url: '/hosting-event' });
    expect(screen.getByRole('heading', { level: 1, name: 'How to host an event' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Checklist' })).toBeInTheDocument();
    expect(screen.getByText(/There is no waiting list/)).toBeInTheDocument();
    // Issue 26: the product sends confirmations and reminders; organisers write to attendees from the event page.
    expect(screen.getByText(/You do not need to send reminders or invitations by hand/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '7. Write to your attendees' })).toBeInTheDocument();
    expect(screen.queryByText(/a reminder message a few days before/)).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
