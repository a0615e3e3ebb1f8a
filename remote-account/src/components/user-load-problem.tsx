import { ProblemMessage } from './problem-message';
import { RetryButton } from './retry-button';

/** Shown when the signed-in user's info could not be loaded. */
export function UserLoadProblem({ retry }: { retry: () => void }) {
  return (
    <ProblemMessage
      problem={{
        code: 'network',
        title: 'Your details could not be loaded',
        body: 'We could not fetch your account details from the server. Check your internet connection and try again.',
      }}
      actions={<RetryButton onClick={retry} label="Try again to load your details" />}
    />
  );
}
