import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { nextTask, runInNextTask } from './next-task';

// jsdom has no MessageChannel; Node's behaves as the browser's.
beforeAll(() => {
  Object.assign(globalThis, { MessageChannel: NodeMessageChannel });
});
afterAll(() => {
  delete (globalThis as { MessageChannel?: unknown }).MessageChannel;
});

describe('runInNextTask', () => {
  it('runs the work after the current task, not within it', async () => {
    const order: string[] = [];
    const ran = new Promise<void>((resolve) =>
      runInNextTask(() => {
        order.push('work');
        resolve();
      }),
    );
    order.push('rest of the task');
    await ran;
    expect(order).toEqual(['rest of the task', 'work']);
  });

  it('as a promise, resolves after the current task and its microtasks, not within them', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('rest of the task');
    await next;
    expect(order).toEqual(['rest of the task', 'microtask', 'next task']);
  });
});
