import { AreaPreview } from '@hub/ui/area-preview';

// STUB screen (see AreaPreview): the events issue replaces it with the real screens.
export function EventsPreviewPage({ screen }: { screen: string }) {
  return (
    <AreaPreview
      area="events"
      screen={screen}
      coming={[
        'Upcoming and past events, with search and filters by community and country',
        'Event pages with locations, online, in person or hybrid',
        'Attending with the location picker, and calendar export',
        'Event forms for core members and admins',
      ]}
    />
  );
}
