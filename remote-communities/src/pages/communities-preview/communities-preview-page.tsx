import { AreaPreview } from '../../components/area-preview';

// STUB screen (see AreaPreview): the communities and networks issue replaces it with the real screens.
export function CommunitiesPreviewPage({ screen }: { screen: string }) {
  return (
    <AreaPreview
      area="communities and networks"
      screen={screen}
      coming={[
        'Communities and networks by country, with search',
        'Community pages with core members and upcoming events',
        'Joining and leaving communities',
        'Community forms for admins and core members',
      ]}
    />
  );
}
