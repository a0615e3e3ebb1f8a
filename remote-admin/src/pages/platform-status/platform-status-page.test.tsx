import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { adminMe } from '../../testing/admin-data';
import { PlatformStatusPage } from './platform-status-page';

jest.setTimeout(30_000);

const remotes = {
  events: 'http://cdn.test/events/mf-manifest.json',
  communities: 'http://cdn.test/communities/mf-manifest.json',
  account: 'http://cdn.test/account/mf-manifest.json',
  admin: 'http://cdn.test/admin/mf-manifest.json',
};

const manifest = (name: string, react = '^19.3.1') => ({
  metaData: {
    buildInfo: {
      buildVersion: '1.0.0',
      buildName: `@hub/remote-${name}`,
      hubBuildId: `release-${name}-7`,
      hubBuiltAt: '2030-03-01T12:00:00.000Z',
    },
  },
  shared: [
    { name: 'react', version: react.slice(1), requiredVersion: react, singleton: true },
    { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
    { name: '@hub/shared', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
  ],
});

const health = {
  status: 'ok',
  database: 'pglite',
  version: '1.0.0',
  startedAt: '2030-03-01T08:00:00.000Z',
  uptimeSeconds: 60,
  databaseLatencyMs: 0.42,
};

const routes = (overrides: Record<string, unknown> = {}) => ({
  'GET remotes.json': { body: remotes },
  'GET events/mf-manifest.json': { body: manifest('events') },
  'GET communities/mf-manifest.json': { body: manifest('communities') },
  'GET account/mf-manifest.json': { body: manifest('account', '^19.4.0') },
  'GET admin/mf-manifest.json': { body: manifest('admin') },
  'GET api/health': { body: health },
  ...overrides,
});

/** The host's share scope as the federation runtime keeps it on the page. */
function setShareScope() {
  (globalThis as Record<string, unknown>).__FEDERATION__ = {
    __SHARE__: {
      'host:1.0.0': {
        default: {
          react: { '19.3.1': { from: 'host', loaded: true } },
          '@hub/shared': { '1.0.0': { from: 'host', loaded: true } },
          jotai: { '2.20.3': { from: 'host', loaded: false } },
        },
      },
      'hub_events:1.0.0': { default: { react: { '19.0.0': { from: 'hub_events' } } } },
    },
  };
}

/** An area's rows in the areas table (its row and, when open, its details). */
const area = (name: string) => screen.getByRole('rowgroup', { name });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setShareScope();
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).__FEDERATION__;
});

describe('PlatformStatusPage (/dashboard)', () => {
  it('shows skeletons while it asks, then each area’s build, the API and the host’s packages', async () => {
    const held = deferred<FakeAnswer>();
    fakeApi(routes({ 'GET remotes.json': () => held.promise }));
    const { container } = renderPage(<PlatformStatusPage />, { user: adminMe });
    expect(screen.getByRole('heading', { level: 1, name: 'Platform status' })).toBeInTheDocument();
    expect(document.title).toBe('Platform status · Community Hub');
    expect(screen.getByRole('progressbar', { name: 'Reading the deployment' })).toBeInTheDocument();
    await act(async () => held.resolve({ body: remotes }));

    for (const name of ['events', 'communities', 'account', 'admin']) {
      const card = await screen.findByRole('rowgroup', { name: name[0]!.toUpperCase() + name.slice(1) });
      expect(await within(card).findByTestId('build-id')).toHaveTextContent(`release-${name}-7`);
      expect(within(card).getByText('Answered')).toBeInTheDocument();
      expect(within(card).getByText('Fri, 1 Mar 2030, 12:00 UTC')).toBeInTheDocument();
    }
    const api = screen.getByRole('region', { name: 'API' });
    expect(await within(api).findByText('PGlite (embedded)')).toBeInTheDocument();
    expect(within(api).getByText('0.42 ms')).toBeInTheDocument();
    // The host's packages on demand.
    expect(screen.queryByRole('table', { name: 'Shared packages the host loaded' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the packages' }));
    const hostTable = screen.getByRole('table', { name: 'Shared packages the host loaded' });
    expect(within(hostTable).getByRole('row', { name: /^react 19\.3\.1 host Loaded$/ })).toBeInTheDocument();
    expect(within(hostTable).getByRole('row', { name: /^jotai 2\.20\.3 host Not yet$/ })).toBeInTheDocument();
    expect(within(hostTable).getByRole('row', { name: /^react-router Not shared/ })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('opens with a one-line summary before the details: all live and satisfied', async () => {
    const held = deferred<FakeAnswer>();
    fakeApi(
      routes({
        'GET remotes.json': () => held.promise,
        'GET account/mf-manifest.json': { body: manifest('account') },
      }),
    );
    renderPage(<PlatformStatusPage />, { user: adminMe });
    const summary = screen.getByTestId('status-summary');
    expect(summary).toHaveTextContent('Asking the 4 areas…');
    // Before the details: the first thing after the page's heading and intro.
    expect(summary.compareDocumentPosition(screen.getByRole('region', { name: 'API' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await act(async () => held.resolve({ body: remotes }));
    expect(await screen.findByText('4 of 4 areas live, all shared versions satisfied')).toBeInTheDocument();
    expect(within(summary).getByRole('status')).toHaveTextContent(
      /^All four areas are working 4 of 4 areas live, all shared versions satisfied$/,
    );
  });

  it('the summary names what is wrong: an area down, one not deployed, a version not satisfied, the API', async () => {
    const { admin: _admin, ...withoutAdmin } = remotes;
    fakeApi(
      routes({
        'GET remotes.json': { body: withoutAdmin },
        'GET communities/mf-manifest.json': new Error('connection refused'),
        'GET api/health': { status: 500, body: { message: 'Database unreachable', details: [] } },
      }),
    );
    renderPage(<PlatformStatusPage />, { user: adminMe });
    expect(
      await screen.findByText(
        '2 of 4 areas live (Communities did not answer; Admin is not deployed), one shared version not satisfied (Account: react); the API did not answer',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('status-summary')).toHaveTextContent(/^3 of 4 areas have problems /);
  });

  it('the summary counts an area whose refresh failed as down, though its last answer is still known', async () => {
    const api = fakeApi(routes({ 'GET account/mf-manifest.json': { body: manifest('account') } }));
    renderPage(<PlatformStatusPage />, { user: adminMe });
    expect(await screen.findByText('4 of 4 areas live, all shared versions satisfied')).toBeInTheDocument();
    api.set({ 'GET communities/mf-manifest.json': new Error('connection refused') });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('3 of 4 areas live (Communities did not answer), all shared versions satisfied'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('status-summary')).toHaveTextContent(/^1 of 4 areas has a problem /);
  });

  it('the summary counts every unsatisfied version, per area', async () => {
    fakeApi(routes({ 'GET events/mf-manifest.json': { body: manifest('events', '^20.0.0') } }));
    renderPage(<PlatformStatusPage />, { user: adminMe });
    expect(
      await screen.findByText('4 of 4 areas live, 2 shared versions not satisfied (Events: react; Account: react)'),
    ).toBeInTheDocument();
  });

  it('warns where an area requires a version the host did not load', async () => {
    fakeApi(routes());
    renderPage(<PlatformStatusPage />, { user: adminMe });
    // An area with a problem shows its details by itself; the others on demand.
    const account = await screen.findByRole('rowgroup', { name: 'Account' });
    expect(await within(account).findByText('One shared package does not match')).toBeInTheDocument();
    const table = within(account).getByRole('table', { name: 'Shared packages of the account area' });
    expect(
      within(table).getByRole('row', { name: /^react 19\.4\.0 \^19\.4\.0 19\.3\.1 Not satisfied: host has 19\.3\.1$/ }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header, react, @hub/shared (sub-paths left out)
    const events = area('Events');
    expect(within(events).getByTestId('shared-check')).toHaveTextContent('2 satisfied');
    expect(within(account).getByTestId('shared-check')).toHaveTextContent('1 of 2 not satisfied');
    expect(within(events).queryByRole('table')).not.toBeInTheDocument();
    const details = within(events).getByRole('button', { name: 'Details of the events area' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(within(events).queryByText(/does not match/)).not.toBeInTheDocument();
    expect(within(events).getAllByText('Satisfied')).toHaveLength(2);
    await userEvent.click(details);
    expect(within(events).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an area that does not answer as such, the others still shown; its Retry asks it again', async () => {
    const api = fakeApi(routes({ 'GET communities/mf-manifest.json': new Error('connection refused') }));
    renderPage(<PlatformStatusPage />, { user: adminMe });
    const communities = await screen.findByRole('rowgroup', { name: 'Communities' });
    expect(await within(communities).findByText('Did not answer')).toBeInTheDocument();
    expect(within(communities).getByRole('alert')).toHaveTextContent('Its server could not be reached.');
    expect(await within(area('Events')).findByTestId('build-id')).toHaveTextContent('release-events-7');
    expect(await within(area('Admin')).findByTestId('build-id')).toHaveTextContent('release-admin-7');

    api.set({ 'GET communities/mf-manifest.json': { body: manifest('communities') } });
    await userEvent.click(within(communities).getByRole('button', { name: 'Retry asking the communities area' }));
    expect(await within(communities).findByTestId('build-id')).toHaveTextContent('release-communities-7');
    expect(within(communities).getByText('Answered')).toBeInTheDocument();
  });

  it('says an area answered with an error status, and one remotes.json does not name is not deployed', async () => {
    const { admin: _admin, ...withoutAdmin } = remotes;
    fakeApi(
      routes({
        'GET remotes.json': { body: withoutAdmin },
        'GET events/mf-manifest.json': { status: 503, body: 'down' },
      }),
    );
    renderPage(<PlatformStatusPage />, { user: adminMe });
    const events = await screen.findByRole('rowgroup', { name: 'Events' });
    expect(await within(events).findByText('Its manifest answered HTTP 503.')).toBeInTheDocument();
    expect(within(area('Admin')).getByText('Not deployed')).toBeInTheDocument();
  });

  it('shows the API not answering with Retry, and the areas regardless', async () => {
    const api = fakeApi(
      routes({ 'GET api/health': { status: 500, body: { message: 'Database unreachable', details: [] } } }),
    );
    renderPage(<PlatformStatusPage />, { user: adminMe });
    const apiCard = screen.getByRole('region', { name: 'API' });
    expect(await within(apiCard).findByRole('alert')).toHaveTextContent('The API did not answer. Database unreachable');
    expect(await within(area('Events')).findByTestId('build-id')).toBeInTheDocument();
    api.set({ 'GET api/health': { body: { ...health, database: 'postgres' } } });
    await userEvent.click(within(apiCard).getByRole('button', { name: 'Retry asking the API' }));
    expect(await within(apiCard).findByText('PostgreSQL')).toBeInTheDocument();
  });

  it('cannot read the deployment: says so with Retry', async () => {
    const api = fakeApi(routes({ 'GET remotes.json': { status: 404, body: 'missing' } }));
    renderPage(<PlatformStatusPage />, { user: adminMe });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not read where the areas are deployed (remotes.json).');
    api.set({ 'GET remotes.json': { body: remotes } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(await screen.findByRole('rowgroup', { name: 'Events' })).findByTestId('build-id'),
    ).toBeInTheDocument();
  });

  it('Refresh asks everything again', async () => {
    const api = fakeApi(routes());
    renderPage(<PlatformStatusPage />, { user: adminMe });
    await within(await screen.findByRole('rowgroup', { name: 'Admin' })).findByTestId('build-id');
    api.set({
      'GET admin/mf-manifest.json': {
        body: { ...manifest('admin'), metaData: { buildInfo: { hubBuildId: 'release-admin-8' } } },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(area('Admin')).findByText('release-admin-8')).toBeInTheDocument();
    expect(api.count('GET remotes.json')).toBe(2);
    expect(api.count('GET api/health')).toBe(2);
    expect(api.count('GET events/mf-manifest.json')).toBe(2);
    await userEvent.click(within(area('Admin')).getByRole('button', { name: 'Details of the admin area' }));
    expect(within(area('Admin')).getAllByText('Not recorded')).toHaveLength(2);
  });
});
