import { Body1, makeStyles, Title1 } from '@fluentui/react-components';
import { appConfigAtom, authStatusAtom, userInfoAtom, useAtomValue } from '@hub/shared';
import { useHydrated } from '../../app/use-hydrated';

const welcomes = {
  returning: {
    heading: 'Welcome back',
    intro: 'Your next event, what your communities are planning, and communities you may like.',
  },
  anonymous: {
    heading: (productName: string) => `Welcome to ${productName}`,
    intro: 'Find events, join communities and networks, and meet the people behind them.',
  },
};

const useWelcomeStyles = makeStyles({
  // The prerendered home is the same for everyone: the anonymous welcome. The head's script marks
  // the page of a visitor with a stored session before it is painted (app/session-first-paint.ts);
  // such a visitor sees the returning welcome from the first frame instead, written by CSS (so the
  // page's text, for an anonymous visitor or without CSS, stays the anonymous welcome alone), and
  // nothing under it moves when the name arrives: the anonymous welcome takes two lines on a phone,
  // the returning one a line. Only until hydrated: then the component renders the one that applies.
  // Written out, as the header's (the build compiles these styles ahead of time):
  // sessionFirstPaintAttribute.
  anonymousWhileRestoring: { ':global(html[data-hub-session])': { display: 'none' } },
  returningHeadingWhileRestoring: {
    ':global(html[data-hub-session])': { '::before': { content: JSON.stringify(welcomes.returning.heading) } },
  },
  returningIntroWhileRestoring: {
    ':global(html[data-hub-session])': { '::before': { content: JSON.stringify(welcomes.returning.intro) } },
  },
});

/**
 * "Welcome back, Anna" to a signed-in user (issue 27), and "Welcome back" while a stored session is
 * being restored; the product's welcome to everyone else.
 */
export function Welcome() {
  const styles = useWelcomeStyles();
  const { product } = useAtomValue(appConfigAtom);
  const hydrated = useHydrated();
  const status = useAtomValue(authStatusAtom);
  const firstName = useAtomValue(userInfoAtom).firstName.trim();
  if (!hydrated || status === 'loggedOut') {
    // The restoring page's classes only until hydrated (see the styles).
    const prerendered = hydrated ? undefined : styles;
    return (
      <>
        <Title1 as="h1" block className={prerendered?.returningHeadingWhileRestoring}>
          <span className={prerendered?.anonymousWhileRestoring}>{welcomes.anonymous.heading(product.name)}</span>
        </Title1>
        <Body1 as="p" block className={prerendered?.returningIntroWhileRestoring}>
          <span className={prerendered?.anonymousWhileRestoring}>{welcomes.anonymous.intro}</span>
        </Body1>
      </>
    );
  }
  return (
    <>
      <Title1 as="h1" block>
        {status === 'loggedIn' && firstName
          ? `${welcomes.returning.heading}, ${firstName}`
          : welcomes.returning.heading}
      </Title1>
      <Body1 as="p" block>
        {welcomes.returning.intro}
      </Body1>
    </>
  );
}
