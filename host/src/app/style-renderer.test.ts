import { createStyleRenderer, readStyleNonce } from './style-renderer';

function pageWithNonce(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('the style renderer under the CSP', () => {
  it('reads the nonce the server wrote into the page', () => {
    expect(readStyleNonce(pageWithNonce('c2VjcmV0LW5vbmNl'))).toBe('c2VjcmV0LW5vbmNl');
  });

  it('has no nonce when the page was served without a policy or has no nonce element', () => {
    expect(readStyleNonce(pageWithNonce('__HUB_CSP_NONCE__'))).toBeUndefined();
    expect(readStyleNonce(pageWithNonce(null))).toBeUndefined();
  });

  it("gives Griffel's style elements the page's nonce", () => {
    const doc = pageWithNonce('c2VjcmV0LW5vbmNl');
    const renderer = createStyleRenderer(doc);
    renderer.insertCSSRules({ d: ['.x{color:red;}'] });
    const styles = [...doc.head.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('c2VjcmV0LW5vbmNl');
  });
});
