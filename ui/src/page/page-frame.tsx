import { useId, type ReactNode } from 'react';
import { Body1, mergeClasses } from '@fluentui/react-components';
import { Heading } from '../typography/heading';
import { usePageStyles } from './page-styles';
import { usePageTitle } from './use-page-title';

export interface PageFrameProps {
  /** The page's one level-1 heading, also the first part of the document title. */
  title: string;
  /** The document title when it differs from the heading (e.g. 'Not found' while the heading says more). */
  documentTitle?: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** Content beside the heading (actions, badges). */
  headerExtra?: ReactNode;
  /** 'wide' for lists and cards, 'reading' for running text, 'medium' for long forms, 'form' for a short form. */
  width?: 'wide' | 'reading' | 'medium' | 'form';
  /** The page is loading or saving something (aria-busy). */
  busy?: boolean;
  /** A stable id for the heading when tests or links point at it; generated otherwise. */
  headingId?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The frame of every page of every area: a region named by its level-1 heading, the document
 * title set from that heading, and a width that reflows at SPEC §9's breakpoints.
 */
export function PageFrame({
  title,
  documentTitle,
  intro,
  headerExtra,
  width = 'wide',
  busy,
  headingId,
  className,
  children,
}: PageFrameProps) {
  const styles = usePageStyles();
  const generatedId = useId();
  const id = headingId ?? `page-title-${generatedId}`;
  usePageTitle(documentTitle ?? title);
  return (
    <section
      className={mergeClasses(styles.page, styles[width], className)}
      aria-labelledby={id}
      aria-busy={busy || undefined}
    >
      <header className={styles.header}>
        <Heading level={1} id={id}>
          {title}
        </Heading>
        {intro ? (
          <Body1 as="p" block className={styles.intro}>
            {intro}
          </Body1>
        ) : null}
        {headerExtra}
      </header>
      {children}
    </section>
  );
}
