import type { ReactNode } from 'react';
import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalL,
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  text: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface EmptyStateProps {
  /** What is empty, said plainly ("No community or network named 'zzzz'"). */
  title: string;
  /** What the user can do about it. */
  children?: ReactNode;
  actions?: ReactNode;
  /** A search result changes as the user types, so it is announced politely; a static empty list is not. */
  live?: boolean;
}

/** A list with nothing in it: says what is empty and what to do next. */
export function EmptyState({ title, children, actions, live }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} role={live ? 'status' : undefined} data-testid="empty-state">
      <Subtitle2 as="p" block className={styles.text}>
        {title}
      </Subtitle2>
      {children ? (
        <Body1 as="p" block className={styles.text}>
          {children}
        </Body1>
      ) : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
