import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { DrawnFrame } from '@hub/shared';
import { communitiesOfBase1, networksOfBase2, overview } from './testing/demo-data';
import { frames } from './server-frames';

/** The API as the page server reads it: an answer per path, undefined for any other (not public, or none). */
function fakeRead(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const read = async (path: string) => {
    asked.push(path);
    return answers[path];
  };
  return { read, asked };
}

/** The frame's markup as the page server writes it into the HTML, parsed as the browser reads it. */
function markupOf(drawn: DrawnFrame | null, address: string): Document {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <FluentProvider theme={webLightTheme}>{drawn!.element}</FluentProvider>
    </MemoryRouter>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const cardsOf = (doc: Document) =>
  [...doc.querySelectorAll('[data-testid="community-card"]')].map((card) => card.querySelector('h2')?.textContent);

describe('the communities grid drawn on the server (issue 27)', () => {
  it('draws the first page of the grid, without a query, from the read the page makes, and hands the page its answers', async () => {
    const { read, asked } = fakeRead({
      'api/community/base/1': communitiesOfBase1,
      'api/communitybase/1': { id: 1, name: 'Community' },
      'api/community': overview,
    });
    const drawn = await frames.communityList!.draw({ params: {}, search: '', read });
    expect(asked.sort()).toEqual(['api/community', 'api/community/base/1', 'api/communitybase/1']);
    expect(drawn?.title).toBe('Communities');
    expect(drawn?.answers).toEqual({
      'api/community/base/1': communitiesOfBase1,
      'api/communitybase/1': { id: 1, name: 'Community' },
      'api/community': overview,
    });
    const doc = markupOf(drawn, '/communities');
    expect(doc.querySelector('h1')?.textContent).toBe('Communities');
    expect(cardsOf(doc)).toEqual(['Cloud Native Guild', 'Java Community', 'Data & AI Community']);
    const java = doc.querySelectorAll('[data-testid="community-card"]')[1]!;
    // Its face (the generated tile: no picture), member count and next event, with its link.
    expect(java.querySelector('[data-testid="generated-cover"]')?.textContent).toContain('JC');
    expect(java.textContent).toContain('3 members');
    expect(java.querySelector('[data-testid="community-next-event"]')?.textContent).toContain('Spring into Java');
    expect(java.querySelector('a[href="/events/31"]')).not.toBeNull();
    // Join / Leave is the viewer's: no button that does nothing before the scripts run.
    expect(java.querySelector('button')).toBeNull();
    // The filters and the countries, as the page shows them over it.
    const search = doc.querySelector('[role="search"] input[type="search"]');
    expect(search).not.toBeNull();
    // Nothing typed or chosen in the HTML is lost when the page renders over it: the controls wait.
    expect(search?.hasAttribute('readonly')).toBe(true);
    const lists = [...doc.querySelectorAll('[role="search"] select')];
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list.hasAttribute('disabled')).toBe(true);
    expect(doc.querySelector('ul[aria-label="Countries"] a[href="/communities/overview/2"]')?.textContent).toBe(
      'Germany',
    );
    expect(doc.querySelector('[role="progressbar"]')).toBeNull();
  });

  it("draws the view the address's query asks for (search, country, order) from that read", async () => {
    const javaOnly = [communitiesOfBase1[1]];
    const { read, asked } = fakeRead({ 'api/community/base/1?search=java&countryId=1&sort=members': javaOnly });
    const drawn = await frames.communityList!.draw({
      params: {},
      search: 'sort=members&countryId=1&search=java&ignored=1',
      read,
    });
    expect(asked).toContain('api/community/base/1?search=java&countryId=1&sort=members');
    expect(drawn?.answers).toEqual({ 'api/community/base/1?search=java&countryId=1&sort=members': javaOnly });
    const doc = markupOf(drawn, '/communities?sort=members&countryId=1&search=java');
    expect(cardsOf(doc)).toEqual(['Java Community']);
    expect(doc.querySelector('input[type="search"]')?.getAttribute('value')).toBe('java');
    expect(doc.querySelector('option[value="members"]')?.hasAttribute('selected')).toBe(true);
  });

  it('says when nothing matches, as the page does', async () => {
    const { read } = fakeRead({ 'api/community/base/1?search=zzz': [] });
    const doc = markupOf(await frames.communityList!.draw({ params: {}, search: 'search=zzz', read }), '/communities');
    expect(doc.body.textContent).toContain('No community matches');
  });

  it('draws the networks of base 2', async () => {
    const { read } = fakeRead({ 'api/community/base/2': networksOfBase2 });
    const drawn = await frames.networkList!.draw({ params: {}, search: '', read });
    expect(cardsOf(markupOf(drawn, '/networks'))).toEqual(['Women in Tech', 'Young Professionals']);
  });

  it("without the grid's answer (the API slow, down or not public), draws the heading over a card skeleton and carries nothing", async () => {
    const failing = async () => Promise.reject(new Error('timed out'));
    for (const read of [fakeRead({}).read, failing]) {
      const drawn = await frames.communityList!.draw({ params: {}, search: '', read });
      expect(drawn?.answers).toBeUndefined();
      const doc = markupOf(drawn, '/communities');
      expect(doc.querySelector('h1')?.textContent).toBe('Communities');
      expect(doc.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Loading communities');
      expect(cardsOf(doc)).toEqual([]);
    }
  });
});
