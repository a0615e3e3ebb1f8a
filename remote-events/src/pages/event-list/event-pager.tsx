import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { RouterButtonLink } from '@hub/ui/router-link';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
});

export interface EventPagerProps {
  page: number;
  pageCount: number;
  /** The address of a page (the current filters with that page). */
  hrefOf: (page: number) => string;
}

/**
 * Previous / Next as real links (each page has its own shareable address; back returns to the
 * page before), with where you are in between. Fluent v9 has no pager component.
 */
export function EventPager({ page, pageCount, hrefOf }: EventPagerProps) {
  const styles = useStyles();
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.root} aria-label="Pages of events">
      {page > 1 ? (
        <RouterButtonLink to={hrefOf(page - 1)} icon={<ChevronLeftRegular />}>
          Previous
        </RouterButtonLink>
      ) : null}
      <Body1 aria-current="page">
        Page {page} of {pageCount}
      </Body1>
      {page < pageCount ? (
        <RouterButtonLink to={hrefOf(page + 1)} icon={<ChevronRightRegular />} iconPosition="after">
          Next
        </RouterButtonLink>
      ) : null}
    </nav>
  );
}
