import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { authStatusAtom, fallbackUser, hubStore, Provider, userInfoAtom, type AuthStatus } from '@hub/shared';
import { HydrationState } from '../../app/use-hydrated';
import { sessionFirstPaintAttribute } from '../../app/session-first-paint';
import { Welcome } from './welcome';

const page = (hydrating: boolean) => (
  <Provider store={hubStore}>
    <HydrationState hydrating={hydrating}>
      <Welcome />
    </HydrationState>
  </Provider>
);

function signIn(status: AuthStatus, firstName = fallbackUser.firstName) {
  hubStore.set(authStatusAtom, status);
  hubStore.set(userInfoAtom, { ...fallbackUser, firstName });
}

/** Every rule of the page's style sheets, as text. */
const cssText = () =>
  Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules))
    .map((rule) => rule.cssText)
    .join('\n');

afterEach(() => signIn('loggedOut'));

describe('the home’s welcome (issue 27)', () => {
  it('greets a signed-in user by first name', () => {
    signIn('loggedIn', 'Anna');
    render(page(false));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back, Anna$/);
    expect(screen.getByText(/^Your next event, what your communities are planning/)).toBeInTheDocument();
  });

  it('says "Welcome back" while a stored session is restored, and the product’s welcome to everyone else', () => {
    signIn('loading');
    const { unmount } = render(page(false));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back$/);
    unmount();
    signIn('loggedOut');
    render(page(false));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome to Community Hub$/);
    expect(screen.getByText(/^Find events, join communities and networks/)).toBeInTheDocument();
  });

  it('prerenders the anonymous welcome as its only text, with the returning one written by CSS for a marked page', () => {
    // Whatever the store says, the prerender and the hydration render the page every visitor gets.
    signIn('loggedIn', 'Anna');
    const host = document.createElement('div');
    host.innerHTML = renderToString(page(true));
    const heading = host.querySelector('h1')!;
    expect(heading.textContent).toBe('Welcome to Community Hub');
    expect(host.querySelector('p')!.textContent).toBe(
      'Find events, join communities and networks, and meet the people behind them.',
    );

    // The rules Griffel wrote for those classes: under the head script's mark, the anonymous text
    // is hidden and the returning welcome is the heading's and the intro's generated content.
    render(page(true));
    const css = cssText();
    const marked = `html[${sessionFirstPaintAttribute}]`;
    const [headingClass] = heading.className.split(' ').filter((name) => css.includes(`${marked} .${name}::before`));
    expect(headingClass).toBeDefined();
    expect(css).toMatch(
      new RegExp(`${escape(marked)} \\.${headingClass}::before\\s*\\{\\s*content:\\s*"Welcome back";`),
    );
    const anonymousClasses = heading.querySelector('span')!.className.split(' ');
    expect(
      anonymousClasses.some((name) => new RegExp(`${escape(marked)} \\.${name}\\s*\\{\\s*display:\\s*none;`).test(css)),
    ).toBe(true);
  });
});

function escape(text: string) {
  return text.replace(/[[\]().*+?^$|\\-]/g, '\\$&');
}
