import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { adminMe, trends } from '../../testing/admin-data';
import { AdminDashboardPage } from './admin-dashboard-page';
import { chartHeight, chartsMark } from './key-figures';

// The charts render their SVGs in jsdom too: slow on a busy 2-core machine.
jest.setTimeout(60_000);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const figure = (label: string) =>
  within(screen.getByRole('list', { name: 'Key figures' }))
    .getByText(label)
    .closest('li')!;

describe('AdminDashboardPage, key figures (/admin-dashboard)', () => {
  it('shows a skeleton, then the figures with their trends, two charts with their tables and the most active communities', async () => {
    const held = deferred<FakeAnswer>();
    const api = fakeApi({ 'GET api/admin/stats/trends': () => held.promise });
    const { container } = renderPage(<AdminDashboardPage />, { user: adminMe, url: '/admin-dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(document.title).toBe('Admin dashboard · Community Hub');
    // Issue 23: the platform's status is one step away.
    expect(screen.getByRole('link', { name: 'Platform status' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('tab', { name: 'Key figures' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading the key figures' })).toBeInTheDocument();
    await act(async () => held.resolve({ body: trends }));

    expect(await screen.findByRole('list', { name: 'Key figures' })).toBeInTheDocument();
    expect(figure('Users')).toHaveTextContent('Users373 invited, not signed in yet');
    expect(figure('Sign-ups this week')).toHaveTextContent('Sign-ups this week3Down 2 on the week before');
    expect(figure('Check-in rate')).toHaveTextContent('Check-in rate75%48 of 64 attendances of past events');
    expect(figure('Attendances this month')).toHaveTextContent('Attendances this month30Up 6 on the month before');
    expect(figure('Cancelled events')).toHaveTextContent('3');
    expect(figure('Networks')).toHaveTextContent('6');
    expect(figure('Memberships')).toHaveTextContent('91');

    // The numbers of each chart, as a table, behind a disclosure button that says whether it is open.
    const toggle = screen.getAllByRole('button', { name: 'The figures as a table' })[0]!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'New sign-ups per week' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('table', { name: 'New sign-ups per week' }),
    );
    const signUps = screen.getByRole('table', { name: 'New sign-ups per week' });
    expect(
      within(signUps)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Week ofSign-ups', '18 Feb2', '25 Feb5', '4 Mar3']);
    const active = screen.getByRole('table', { name: 'Most active communities' });
    expect(within(active).getByRole('link', { name: 'Cloud Community' })).toHaveAttribute('href', '/community/1');
    expect(await screen.findByTestId('chart-sign-ups')).toBeInTheDocument();
    expect(await screen.findByTestId('chart-attendances')).toBeInTheDocument();
    expect(api.requests('GET api/admin/stats/trends')[0]!.route).toBe('GET api/admin/stats/trends');
    expect(await seriousAxeViolations(container)).toEqual([]);
    // Pressed again, it closes.
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'New sign-ups per week' })).not.toBeInTheDocument();
  });

  it('draws the figures first, then asks for the charts’ code, in skeletons of the charts’ own size', async () => {
    fakeApi({ 'GET api/admin/stats/trends': { body: trends } });
    // Issue 23: the charts are counted apart from the first render, from this mark on.
    const figuresAtMark: boolean[] = [];
    Object.defineProperty(performance, 'mark', {
      configurable: true,
      value: jest.fn((name: string) => {
        if (name === chartsMark) figuresAtMark.push(screen.queryByRole('list', { name: 'Key figures' }) !== null);
      }),
    });
    try {
      renderPage(<AdminDashboardPage />, { user: adminMe, url: '/admin-dashboard' });
      await screen.findByRole('list', { name: 'Key figures' });
      const skeletons = screen.getAllByRole('progressbar', { name: /^Loading the chart of / });
      expect(skeletons).toHaveLength(2);
      for (const skeleton of skeletons) expect(getComputedStyle(skeleton).height).toBe(chartHeight);
      const chart = await screen.findByTestId('chart-sign-ups');
      // The chart's box: the same height as the skeleton it replaced.
      expect(getComputedStyle(chart.parentElement!).height).toBe(chartHeight);
      expect(figuresAtMark).toEqual([true]);
    } finally {
      delete (performance as { mark?: unknown }).mark;
    }
  });

  it('says so when nothing can be rated yet and no community was active', async () => {
    fakeApi({
      'GET api/admin/stats/trends': {
        body: { ...trends, checkInRate: { attended: 0, checkedIn: 0, rate: null }, mostActiveCommunities: [] },
      },
    });
    renderPage(<AdminDashboardPage />, { user: adminMe });
    expect(await screen.findByText('No past attendances yet')).toBeInTheDocument();
    expect(screen.getByText('No community has held an event in the last 12 months')).toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    const api = fakeApi({ 'GET api/admin/stats/trends': { status: 500, body: { message: 'Boom', details: [] } } });
    renderPage(<AdminDashboardPage />, { user: adminMe });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the key figures Boom');
    api.set({ 'GET api/admin/stats/trends': { body: trends } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Key figures' })).toBeInTheDocument();
  });
});
