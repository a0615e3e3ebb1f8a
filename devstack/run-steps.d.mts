/** A step: its name, its shell command, and variables added to its environment. */
export type Step = [name: string, command: string, env?: Record<string, string>];
/** One step, or lanes of steps: each lane runs its steps in order, the lanes side by side. */
export type Stage = Step | { lanes: Step[][] };

/** Runs the stages in order in `cwd`, prints each step and the summary; resolves with the exit code. */
export function runSteps(stages: Stage[], cwd?: string): Promise<0 | 1>;
