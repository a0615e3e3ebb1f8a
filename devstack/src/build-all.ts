// `tsx src/build-all.ts`: builds the host and the four remotes for production (env passes through).
import { buildAllApps } from './build-apps';

const started = performance.now();
await buildAllApps();
console.log(`all five apps built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
