import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import { routePaths } from '@hub/shared';
import { RouterButtonLink } from '@hub/ui/router-link';
import { usePageTitle } from '@hub/ui/use-page-title';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
  heading: { margin: 0 },
});

/** Any unknown route (SPEC §2): says so and offers the way home. */
export function NotFoundPage() {
  const styles = useStyles();
  usePageTitle('Page not found');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <Title1 as="h1" block id="not-found-title" className={styles.heading}>
        Page not found
      </Title1>
      <Body1 as="p" block className={styles.heading}>
        The page you are looking for does not exist or has moved. Check the address, or start again from the home page.
      </Body1>
      <RouterButtonLink to={routePaths.home()} appearance="primary" icon={<HomeRegular />}>
        Go to the home page
      </RouterButtonLink>
    </section>
  );
}

export default NotFoundPage;
