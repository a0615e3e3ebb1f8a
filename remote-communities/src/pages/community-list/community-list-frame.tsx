import type { ReactNode } from 'react';
import { Body1, mergeClasses, Title1 } from '@fluentui/react-components';
import { usePageStyles } from '@hub/ui/page-styles';
import { textsOfBase } from '../../texts/base-texts';

export interface CommunityListFrameProps {
  /** SPEC §9: 1 communities, 2 networks. */
  baseId: number;
  /** The heading once the base is read (its name); the area's own word for it until then. */
  title?: string;
  /** Shown under the description to those who may use them (an admin's "Create a community"). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The communities' and networks' list frame: heading and description, the same for every visitor.
 * The host's page server draws it (without actions), from this area's live release
 * (src/server-frames.tsx), into the HTML of `/communities` and `/networks`, so the page's largest text paints before any script runs,
 * and the list page renders the very same markup over it. Keep it free of data and of the user
 * beyond these props.
 */
export function CommunityListFrame({ baseId, title, actions, children }: CommunityListFrameProps) {
  const page = usePageStyles();
  const texts = textsOfBase(baseId);
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="community-list-title">
      <header className={page.header}>
        <Title1 as="h1" block id="community-list-title" className={page.heading}>
          {title ?? texts.title}
        </Title1>
        <Body1 as="p" block className={page.text}>
          {texts.description}
        </Body1>
        {actions}
      </header>
      {children}
    </section>
  );
}
