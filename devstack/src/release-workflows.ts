import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../serving/src/site-config';

/** The parts of a GitHub Actions workflow the release recipes use (deploy/ci/<remote>.yml). */
export interface Workflow {
  name: string;
  on: { push?: { branches?: string[]; paths?: string[] }; workflow_dispatch?: unknown };
  env?: Record<string, string>;
  jobs: Record<
    string,
    { steps: Array<{ name?: string; uses?: string; run?: string; with?: Record<string, unknown> }> }
  >;
}

export const workflowFile = (name: string) => path.join(repoRoot, 'deploy', 'ci', `${name}.yml`);

export function readWorkflow(name: string): Workflow {
  return parse(readFileSync(workflowFile(name), 'utf8')) as Workflow;
}

/** The command of a named step, as the workflow runs it (the tests run the same string). */
export function stepCommand(workflow: Workflow, stepName: string): string {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const command = steps.find((s) => s.name === stepName)?.run;
  if (!command) throw new Error(`The workflow '${workflow.name}' has no step '${stepName}' with a command.`);
  return command.trim();
}
