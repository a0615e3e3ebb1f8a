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

/** A titled list of footer links; `children` are the `<li>` items. */
export function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.column} aria-labelledby={id}>
      <Subtitle2 as="h2" id={id} className={styles.heading}>
        {title}
      </Subtitle2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}
