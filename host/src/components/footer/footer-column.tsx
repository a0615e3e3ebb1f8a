import type { ReactNode } from 'react';
import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, color: tokens.colorNeutralForeground1 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
});

/**
 * A titled list of footer links; `children` are the `<li>` items. The list is named by its heading,
 * and the column is no landmark of its own: the footer is the landmark, and a named section here was
 * a second "Discover" region beside the home page's (issue 23: landmarks with the same name).
 */
export function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.column}>
      <Subtitle2 as="h2" block id={id} className={styles.heading}>
        {title}
      </Subtitle2>
      <ul className={styles.list} aria-labelledby={id}>
        {children}
      </ul>
    </div>
  );
}
