import { AreaPreview } from '../../components/area-preview';

// STUB screen (see AreaPreview): the account issue replaces it with the real screens.
export function AccountPreviewPage({ screen }: { screen: string }) {
  return (
    <AreaPreview
      area="account"
      screen={screen}
      coming={[
        'Log in with e-mail and password or with your work account',
        'Registration with e-mail verification, and password recovery',
        'Your profile, city and business unit',
        'Your communities and the events you attend',
      ]}
    />
  );
}
