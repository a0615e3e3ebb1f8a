/**
 * @jest-environment jsdom
 */
// The inline start-up script (preload-startup-chunks-plugin.js, startupAfterPaintSource) run in a document: without paint timing
// (jsdom has no PerformanceObserver) it starts at once; what it adds is main.js and the chunks' preloads.
const { startupAfterPaintSource } = require('./preload-startup-chunks-plugin');

const run = (source) => new Function(source)();

describe('startupAfterPaintSource', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds main.js and a low-priority preload of each start-up chunk, once', () => {
    const source = startupAfterPaintSource({ main: '/main.js', preloads: ['/1.a.js', '/2.b.js'] });
    run(source);
    const scripts = [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual(['/main.js']);
    const preloads = [...document.head.querySelectorAll('link')].map((l) => [
      l.getAttribute('rel'),
      l.getAttribute('as'),
      l.getAttribute('fetchpriority'),
      l.getAttribute('href'),
    ]);
    expect(preloads).toEqual([
      ['preload', 'script', 'low', '/1.a.js'],
      ['preload', 'script', 'low', '/2.b.js'],
    ]);
  });

  it('cannot be closed early by an address holding </script>', () => {
    const source = startupAfterPaintSource({ main: '/</script>.js', preloads: [] });
    expect(source).not.toContain('</script>');
    run(source);
    expect(document.head.querySelector('script').getAttribute('src')).toBe('/</script>.js');
  });
});
