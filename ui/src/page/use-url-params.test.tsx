import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useUrlParams } from './use-url-params';

interface Params {
  search: string;
  sort: string;
}
const read = (q: URLSearchParams): Params => ({ search: q.get('search') ?? '', sort: q.get('sort') ?? 'name' });
const write = (p: Params) => {
  const q = new URLSearchParams();
  if (p.search) q.set('search', p.search);
  if (p.sort !== 'name') q.set('sort', p.sort);
  return q;
};

/** A screen showing its params, and a handle on its change function as last drawn. */
function renderScreen(url: string) {
  const handle: { change?: ReturnType<typeof useUrlParams<Params>>[1] } = {};
  function Screen() {
    const [params, change] = useUrlParams(read, write);
    handle.change = change;
    return <output>{JSON.stringify(params)}</output>;
  }
  const router = createMemoryRouter([{ path: '/communities', element: <Screen /> }], { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { router, handle, shown: () => JSON.parse(view.container.textContent ?? '') as Params };
}

describe('useUrlParams', () => {
  it('reads the query and writes a patch into it', async () => {
    const { router, handle, shown } = renderScreen('/communities?search=java');
    expect(shown()).toEqual({ search: 'java', sort: 'name' });
    await act(async () => handle.change!({ sort: 'members' }));
    expect(router.state.location.search).toBe('?search=java&sort=members');
    expect(shown()).toEqual({ search: 'java', sort: 'members' });
  });

  it('applies a second change to the first one before the first is drawn', async () => {
    const { router, handle } = renderScreen('/communities?search=java');
    const change = handle.change!;
    await act(async () => {
      // Both from the screen as drawn with search=java, as a quick click and choice on a busy phone are.
      change({ search: '' });
      change({ sort: 'members' });
    });
    expect(router.state.location.search).toBe('?sort=members');
  });

  it('starts again from an address it did not ask for (back, a link)', async () => {
    const { router, handle, shown } = renderScreen('/communities?search=java');
    await act(async () => handle.change!({ sort: 'members' }));
    await act(async () => router.navigate(-1));
    expect(shown()).toEqual({ search: 'java', sort: 'name' });
    await act(async () => router.navigate('/communities?search=kotlin'));
    await act(async () => handle.change!({ sort: 'newest' }));
    expect(router.state.location.search).toBe('?search=kotlin&sort=newest');
  });

  it('replaces the history entry while typing', async () => {
    const { router, handle } = renderScreen('/communities');
    await act(async () => handle.change!({ search: 'ja' }, { typing: true }));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => handle.change!({ sort: 'members' }));
    expect(router.state.historyAction).toBe('PUSH');
  });
});
