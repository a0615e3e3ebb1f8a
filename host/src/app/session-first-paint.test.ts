import { firstPaintSessionScript, sessionFirstPaintAttribute } from './session-first-paint';

const run = () => new Function(firstPaintSessionScript())();

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(sessionFirstPaintAttribute);
});

describe("the head's session mark (issue 23: no Log In flash)", () => {
  it('marks the page when a Firebase session is stored in this browser', () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    run();
    expect(document.documentElement.getAttribute(sessionFirstPaintAttribute)).toBe('restoring');
  });

  it('leaves an anonymous visitor’s page as prerendered', () => {
    localStorage.setItem('lastVisited', '/networks');
    run();
    expect(document.documentElement.hasAttribute(sessionFirstPaintAttribute)).toBe(false);
  });

  it('does nothing when storage cannot be read', () => {
    const spy = jest.spyOn(Storage.prototype, 'key').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    localStorage.setItem('firebase:authUser:x', '{}');
    expect(run).not.toThrow();
    expect(document.documentElement.hasAttribute(sessionFirstPaintAttribute)).toBe(false);
    spy.mockRestore();
  });
});
