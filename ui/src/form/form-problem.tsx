import { Notice } from '../notice/notice';
import type { FormProblem as Problem } from './use-hub-form';

/** What went wrong with a submit that no field explains, above the form's buttons; read out as an alert. */
export function FormProblem({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  return (
    <Notice title={problem.message} intent="error" announce="alert" data-form-problem="">
      {problem.details.length > 0 ? problem.details.join(' ') : null}
    </Notice>
  );
}
