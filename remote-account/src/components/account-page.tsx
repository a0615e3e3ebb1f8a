import type { ReactNode } from 'react';
import { Body1, makeStyles, mergeClasses, Title1, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    width: '100%',
    maxWidth: '30rem',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
  },
  wide: { maxWidth: '60rem', marginInline: 0 },
  heading: { margin: 0 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export interface AccountPageProps {
  /** The page's one level-1 heading. */
  title: string;
  /** Used for the heading's id, and so for the page's accessible name. */
  id: string;
  intro?: ReactNode;
  wide?: boolean;
  busy?: boolean;
  children: ReactNode;
}

/** The frame of every account screen: a section named by its level-1 heading, with an optional introduction. */
export function AccountPage({ title, id, intro, wide, busy, children }: AccountPageProps) {
  const styles = useStyles();
  const headingId = `${id}-title`;
  return (
    <section
      className={mergeClasses(styles.page, wide && styles.wide)}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <Title1 as="h1" id={headingId} className={styles.heading}>
        {title}
      </Title1>
      {intro ? (
        <Body1 as="p" className={styles.intro}>
          {intro}
        </Body1>
      ) : null}
      {children}
    </section>
  );
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 12rem' } },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'center',
    marginBlockStart: tokens.spacingVerticalS,
  },
  links: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  divider: { marginBlock: tokens.spacingVerticalS },
  paragraph: { margin: 0 },
});
