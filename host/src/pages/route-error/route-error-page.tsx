import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { Body1, Button, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, HomeRegular } from '@fluentui/react-icons';
import { appConfigAtom, logger, readPages, routePaths, useAtomValue, useOnline } from '@hub/shared';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { usePageTitle } from '@hub/ui/use-page-title';
import { versionTexts } from '../../service-worker/version-events';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
  text: { margin: 0 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export const routeErrorTexts = {
  offlineTitle: 'This page has not been saved for offline reading',
  offlineBody: 'Connect to the internet to open it.',
  offlineSaved: 'These pages can be read offline:',
  newVersionBody: 'This page belongs to an earlier version of the site. Reload to use the new one.',
  otherTitle: 'Something went wrong',
  otherBody: 'This page could not be shown. Reload it, or start again from the home page.',
  reload: 'Reload',
  home: 'Go to the home page',
} as const;

/**
 * A screen's code that could not be loaded: webpack's ChunkLoadError, a module import that failed,
 * a module federation chunk. Online, that is a release that removed it (a tab left open across a
 * release); offline, a page never opened here.
 */
export function isMissingCodeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /loading (css )?chunk \S+ failed|failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed/i.test(
      error.message,
    )
  );
}

type Kind = 'offline' | 'newVersion' | 'other';

function kindOf(error: unknown, online: boolean): Kind {
  if (!isMissingCodeError(error)) return 'other';
  return online ? 'newVersion' : 'offline';
}

/**
 * The router's error screen, in the site's frame (issue 23: never React Router's developer screen
 * with a stack trace and no header). Each route and the root route render it (create-routes.tsx).
 */
export function RouteErrorPage() {
  const styles = useStyles();
  const error = useRouteError();
  const online = useOnline();
  const { pathname, search } = useLocation();
  const productName = useAtomValue(appConfigAtom).product.name;
  const kind = kindOf(error, online);
  useEffect(() => logger.error('A screen could not be shown', error), [error]);
  const title =
    kind === 'offline'
      ? routeErrorTexts.offlineTitle
      : kind === 'newVersion'
        ? versionTexts.readyTitle(productName)
        : routeErrorTexts.otherTitle;
  usePageTitle(title);
  const here = pathname + search;
  const saved = kind === 'offline' ? readPages().filter((p) => p.path !== here) : [];
  const suffix = ` · ${productName}`;
  const reload = (
    <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => window.location.reload()}>
      {routeErrorTexts.reload}
    </Button>
  );

  return (
    <section className={styles.page} aria-labelledby="route-error-title" data-route-error={kind}>
      <Title1 as="h1" block id="route-error-title" className={styles.text}>
        {title}
      </Title1>
      {kind === 'offline' && (
        <>
          <Body1 as="p" block className={styles.text}>
            {routeErrorTexts.offlineBody}
          </Body1>
          {saved.length > 0 && (
            <>
              <Body1 as="p" block className={styles.text}>
                {routeErrorTexts.offlineSaved}
              </Body1>
              <ul className={styles.list}>
                {saved.map((page) => (
                  <li key={page.path}>
                    <RouterLink to={page.path}>
                      {page.title.endsWith(suffix) ? page.title.slice(0, -suffix.length) : page.title}
                    </RouterLink>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className={styles.actions}>{reload}</div>
        </>
      )}
      {kind === 'newVersion' && (
        <>
          <Body1 as="p" block className={styles.text}>
            {routeErrorTexts.newVersionBody}
          </Body1>
          <div className={styles.actions}>{reload}</div>
        </>
      )}
      {kind === 'other' && (
        <>
          <Body1 as="p" block className={styles.text}>
            {routeErrorTexts.otherBody}
          </Body1>
          <div className={styles.actions}>
            {reload}
            <RouterButtonLink to={routePaths.home()} icon={<HomeRegular />}>
              {routeErrorTexts.home}
            </RouterButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
