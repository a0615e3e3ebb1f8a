import type { ReactNode } from 'react';
import { mergeClasses, makeStyles, Subtitle1, Subtitle2, Title1 } from '@fluentui/react-components';

/**
 * The one heading scale of every screen (issue 27: My Hub's section headings were 28 px under a
 * 32 px page heading, the about page's 24 px, others 16 px). A page's title is Fluent's Title1
 * (32/40 px), a section's Subtitle1 (20/28 px), a part of a section Subtitle2 (16/22 px).
 */
export const headingScale = { 1: Title1, 2: Subtitle1, 3: Subtitle2 } as const;

export type HeadingLevel = keyof typeof headingScale;

const useStyles = makeStyles({ heading: { margin: 0 } });

export interface HeadingProps {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A heading of the given level in the scale's size, always a block (never run into its text). */
export function Heading({ level, id, className, children }: HeadingProps) {
  const styles = useStyles();
  const Preset = headingScale[level];
  return (
    <Preset as={`h${level}`} block id={id} className={mergeClasses(styles.heading, className)}>
      {children}
    </Preset>
  );
}
