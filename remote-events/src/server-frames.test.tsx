import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { DrawnWidgetFrame } from '@hub/shared';
import { anEvent, anEventPage } from '@hub/ui/testing/demo-events';
import { widgetFrames } from './server-frames';
import { selectUpcoming, UpcomingEventsView } from './widgets/upcoming-events-view';

/** The API as the page server reads it: an answer per path, undefined for any other (not public, or none). */
function fakeRead(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const read = async (path: string) => {
    asked.push(path);
    return answers[path];
  };
  return { read, asked };
}

const inPage = (element: React.ReactElement) => (
  <MemoryRouter>
    <FluentProvider theme={webLightTheme}>{element}</FluentProvider>
  </MemoryRouter>
);

/** The frame's markup as the page server writes it into the HTML, parsed as the browser reads it. */
const markupOf = (drawn: DrawnWidgetFrame | null) =>
  new DOMParser().parseFromString(renderToStaticMarkup(inPage(drawn!.element)), 'text/html');

const featured = anEvent({ id: 5, title: 'Rust meet-up', imageUrl: 'https://img.example/rust.svg' });
const next = anEventPage([
  anEvent({ id: 1, title: 'Spring into Java' }),
  anEvent({ id: 2, title: 'Cloud night', cancelled: true }),
  anEvent({ id: 5, title: 'Rust meet-up' }),
  anEvent({ id: 3, title: 'AI breakfast' }),
  anEvent({ id: 4, title: 'Design jam' }),
  anEvent({ id: 6, title: 'Kotlin evening' }),
]);
const home = { featuredEvent: featured, activeCommunities: [] };
const headingsOf = (doc: Document) => [...doc.querySelectorAll('h3, h4')].map((h) => h.textContent);

describe("the home's events widget drawn on the server (issues 24 and 27)", () => {
  it('draws the featured event with its cover asked for first, then the next ones, and hands the page both answers', async () => {
    const { read, asked } = fakeRead({ 'api/events?pageSize=6': next, 'api/home': home });
    const drawn = await widgetFrames.upcomingEvents!.draw({ read });
    expect(asked.sort()).toEqual(['api/events?pageSize=6', 'api/home']);
    expect(drawn?.answers).toEqual({ 'api/events?pageSize=6': next, 'api/home': home });
    const doc = markupOf(drawn);
    expect(headingsOf(doc)).toEqual([
      'Featured event',
      'Rust meet-up',
      'Also coming up',
      'Spring into Java',
      'AI breakfast',
      'Design jam',
    ]);
    const cover = doc.querySelector('img');
    expect(cover?.getAttribute('src')).toBe(featured.imageUrl);
    expect(cover?.getAttribute('fetchpriority')).toBe('high');
    expect(doc.querySelector('a[href="/events/event-list"]')?.textContent).toContain('See all events');
  });

  it('is the markup the widget renders for a visitor, so nothing moves when it renders over it', async () => {
    const { read } = fakeRead({ 'api/events?pageSize=6': next, 'api/home': home });
    const drawn = await widgetFrames.upcomingEvents!.draw({ read });
    const widget = render(
      inPage(<UpcomingEventsView {...selectUpcoming({ loggedIn: false, next: next.items, featured })} />),
    );
    // As the browser holds both, attributes in any order: useId's values aside (the server's tree is
    // the host's page, the widget's its own) and React's hoisted preload (the page server puts it in the head).
    const canonical = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element) || node.tagName === 'LINK') return '';
      const attributes = [...node.attributes]
        .filter((a) => a.name !== 'id' && a.name !== 'aria-labelledby')
        .map((a) => `${a.name}="${a.value}"`)
        .sort();
      return `<${node.tagName} ${attributes.join(' ')}>${[...node.childNodes].map(canonical).join('')}</>`;
    };
    // Inside the provider (whose class carries its own useId).
    const normalised = (root: Element) => canonical(root.firstElementChild!.firstElementChild!);
    expect(normalised(widget.container)).toBe(normalised(markupOf(drawn).body));
  });

  it('draws the list alone without the featured event, and nothing without the list', async () => {
    const withoutHome = await widgetFrames.upcomingEvents!.draw(fakeRead({ 'api/events?pageSize=6': next }));
    expect(withoutHome?.answers).toEqual({ 'api/events?pageSize=6': next });
    expect(headingsOf(markupOf(withoutHome))[0]).toBe('Next events');
    expect(markupOf(withoutHome).querySelector('img')).toBeNull();
    await expect(widgetFrames.upcomingEvents!.draw(fakeRead({ 'api/home': home }))).resolves.toBeNull();
  });
});
