import { AreaPreview } from '@hub/ui/area-preview';

// STUB screen (see AreaPreview): the administration issue replaces it with the real screens.
export function AdminPreviewPage({ screen }: { screen: string }) {
  return (
    <AreaPreview
      area="administration"
      screen={screen}
      coming={[
        'The admin dashboard with users and roles',
        'Figures for the whole platform',
        'Management of your communities and events for core members',
      ]}
    />
  );
}
