import { LoadFailure } from '@hub/ui/load-failure';

/** Shown when the signed-in user's info could not be loaded. */
export function UserLoadFailure({ retry }: { retry: () => void }) {
  return (
    <LoadFailure
      title="Your details could not be loaded"
      error={{
        message:
          'We could not fetch your account details from the server. Check your internet connection and try again.',
      }}
      onRetry={retry}
      retryLabel="Retry loading your details"
    />
  );
}
