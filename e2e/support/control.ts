import type { AppName } from './stack';

/**
 * The devstack's test-only control channel (devstack/src/control-server.ts): stops and starts one
 * app's static server, as an outage of that deployment would.
 */
export const controlPort = Number(process.env.HUB_CONTROL_PORT ?? 3999);

async function control(app: AppName, action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${controlPort}/apps/${app}/${action}`, { method: 'POST' });
  if (response.status !== 204) {
    throw new Error(`Could not ${action} ${app}: HTTP ${response.status} ${await response.text()}`);
  }
}

export const stopApp = (app: AppName) => control(app, 'stop');
export const startApp = (app: AppName) => control(app, 'start');

/** Runs `body` while `app`'s server is down; the server is always started again afterwards. */
export async function whileStopped<T>(app: AppName, body: () => Promise<T>): Promise<T> {
  await stopApp(app);
  try {
    return await body();
  } finally {
    await startApp(app);
  }
}

/**
 * Runs `body` with the API restarted with the waiting list on (HUB_WAITING_LIST); the API is
 * always restarted with it off again afterwards, as the rest of the suite expects (SPEC §9).
 */
export async function withWaitingList<T>(body: () => Promise<T>): Promise<T> {
  await switchWaitingList('on');
  try {
    return await body();
  } finally {
    await switchWaitingList('off');
  }
}

async function switchWaitingList(state: 'on' | 'off'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${controlPort}/api/waiting-list/${state}`, { method: 'POST' });
  if (response.status !== 204) {
    throw new Error(`Could not switch the waiting list ${state}: HTTP ${response.status} ${await response.text()}`);
  }
}
