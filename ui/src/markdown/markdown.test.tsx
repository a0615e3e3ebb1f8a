import { render, screen } from '@testing-library/react';
import { Markdown, safeImageSrc, safeLinkHref } from './markdown';

function renderMarkdown(source: string, headingLevel?: 2 | 3) {
  const { container } = render(<Markdown headingLevel={headingLevel}>{source}</Markdown>);
  return container.querySelector('[data-markdown]') as HTMLElement;
}

describe('Markdown', () => {
  it('renders paragraphs, emphasis, lists, code and quotes', () => {
    const root = renderMarkdown('Hello **world** and *you*.\n\n- one\n- two\n\n`code`\n\n> quoted');
    expect(root.querySelector('strong')).toHaveTextContent('world');
    expect(root.querySelector('em')).toHaveTextContent('you');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(root.querySelector('code')).toHaveTextContent('code');
    expect(root.querySelector('blockquote')).toHaveTextContent('quoted');
  });

  it('never renders raw HTML: a script tag stays text and no script element exists', () => {
    const root = renderMarkdown('Before <script>window.hacked = true</script> after');
    expect(root.querySelector('script')).toBeNull();
    expect(root).toHaveTextContent('<script>window.hacked = true</script>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('never renders an img with an event handler written as HTML', () => {
    const root = renderMarkdown('<img src="x" onerror="alert(1)">\n\n<div onclick="alert(2)">click</div>');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.querySelector('[onclick]')).toBeNull();
    expect(root.querySelector('div div')).toBeNull();
    expect(root).toHaveTextContent('<img src="x" onerror="alert(1)">');
  });

  it('keeps iframes, styles and forms as text', () => {
    const root = renderMarkdown(
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><form></form>',
    );
    expect(root.querySelector('iframe, style, form')).toBeNull();
  });

  it('drops javascript:, data: and vbscript: links, keeping their text', () => {
    const root = renderMarkdown(
      '[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](data:text/html,<b>x</b>) [four](vbscript:msgbox) [five](/relative)',
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root).toHaveTextContent('one two three four five');
  });

  it('drops a javascript: link written as an autolink or a reference', () => {
    const root = renderMarkdown('<javascript:alert(1)>\n\n[ref][x]\n\n[x]: javascript:alert(1)');
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).not.toMatch(/^javascript/i);
  });

  it('links http(s) in a new tab with rel="noopener noreferrer", and mailto in place', () => {
    renderMarkdown('[site](https://example.org/a?b=1) [plain](http://example.org) [mail](mailto:lead@hub.test)');
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.org/a?b=1');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'plain' })).toHaveAttribute('rel', 'noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'mail' });
    expect(mail).toHaveAttribute('href', 'mailto:lead@hub.test');
    expect(mail).not.toHaveAttribute('target');
  });

  it('demotes headings below the page h1 (h2 by default, or the level asked), never past h6', () => {
    renderMarkdown('# Top\n\n## Second\n\n###### Deepest\n\nSetext\n======');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Top', 'Setext']);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Second');
    expect(screen.getByRole('heading', { level: 6 })).toHaveTextContent('Deepest');
  });

  it('starts at the level asked', () => {
    renderMarkdown('# Top', 3);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Top');
  });

  it('shows https images lazily without a referrer, and only the alt text of other images', () => {
    const root = renderMarkdown(
      '![Map](https://example.org/map.png)\n\n![Bad](javascript:alert(1)) ![Plain](http://example.org/x.png)',
    );
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://example.org/map.png');
    expect(images[0]).toHaveAttribute('alt', 'Map');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(root).toHaveTextContent('Bad Plain');
  });
});

describe('safeLinkHref / safeImageSrc', () => {
  it.each([
    ['https://a.test/x', 'https://a.test/x'],
    ['http://a.test/', 'http://a.test/'],
    ['mailto:x@a.test', 'mailto:x@a.test'],
    [' javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,x', null],
    ['/relative', null],
    ['', null],
    [undefined, null],
  ])('link %p → %p', (href, expected) => expect(safeLinkHref(href)).toBe(expected));

  it('images: https only', () => {
    expect(safeImageSrc('https://a.test/i.png')).toBe('https://a.test/i.png');
    expect(safeImageSrc('http://a.test/i.png')).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeNull();
  });
});
