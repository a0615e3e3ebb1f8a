/**
 * Runs `work` in a task of its own, as soon as the current one ends. Posted as a message, as React's
 * scheduler posts its render work: it runs before a zero timer would (browsers clamp and queue
 * those behind), in the order posted with React's own tasks. For start-up work that would otherwise
 * lengthen one long task, which is what Total Blocking Time counts (issue 14).
 */
export function runInNextTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/** `runInNextTask` as a promise: `await nextTask()` goes on in a task of its own. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => runInNextTask(resolve));
}
