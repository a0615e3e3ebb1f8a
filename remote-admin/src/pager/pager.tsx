import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface PagerProps {
  /** What is paged, for screen readers: "Pages of users". */
  label: string;
  /** The page asked for (1-based); one past the end (an old address, a list that shrank) shows as the last. */
  page: number;
  /** How many pages there are (at least 1). */
  pages: number;
  onPageChange: (page: number) => void;
}

/** The page in range: 1 to `pages`. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}

/**
 * Previous / Next over a server-paged list, with where you are in between (Fluent v9 has no pager
 * component). The steps go from the page shown, so a page past the end steps back to the one
 * before the last rather than to a page that does not exist either.
 */
export function Pager({ label, page, pages, onPageChange }: PagerProps) {
  const styles = useStyles();
  const last = Math.max(1, pages);
  const shown = clampPage(page, last);
  return (
    <nav className={styles.root} aria-label={label}>
      <Button icon={<ChevronLeftRegular />} disabled={shown <= 1} onClick={() => onPageChange(shown - 1)}>
        Previous
      </Button>
      <Body1 aria-current="page">
        Page {shown} of {last}
      </Body1>
      <Button
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={shown >= last}
        onClick={() => onPageChange(shown + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
