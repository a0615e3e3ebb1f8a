import type { ReactNode } from 'react';
import { routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink } from '@hub/ui/router-link';

export interface EventListFrameProps {
  /** 'Upcoming events' or 'Past events', from the address. */
  documentTitle: string;
  busy?: boolean;
  /** Beside "How to host an event" for those who may use it (Create event); the page server draws none. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The events list's frame: its heading, intro and link, the same for every visitor and address.
 * Static on purpose: the host's page server draws it, from this area's live release
 * (src/server-frames.tsx), into the HTML of `/events/event-list`, so the page's largest text paints before any script runs,
 * and this page renders the very same markup over it. Keep it free of data and of the user.
 */
export function EventListFrame({ documentTitle, busy, actions, children }: EventListFrameProps) {
  const page = usePageStyles();
  return (
    <PageFrame
      title="Events"
      documentTitle={documentTitle}
      intro="Meet-ups, talks and workshops of every community and network. Filter by community, country or format, or search by title or city."
      busy={busy}
      headerExtra={
        <div className={page.actions}>
          <RouterButtonLink to={routePaths.hostingEvent()} appearance="secondary">
            How to host an event
          </RouterButtonLink>
          {actions}
        </div>
      }
    >
      {children}
    </PageFrame>
  );
}
