// `pnpm --filter @hub/serving nginx-config --out <file> [--host-dist <dir>]`: writes the static
// apps' complete nginx.conf from the HUB_* settings in the environment (docs/configuration.md).
// --host-dist: where the host's build is read (its routes, its page renderer) when it is not yet at
// HUB_NGINX_HOST_ROOT (an image build). Check it with `nginx -t -c <file>`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nginxConfig } from './nginx-config';
import { nginxSettingsFromEnv } from './nginx-settings';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'host-dist': { type: 'string' } } });
if (!values.out) {
  console.error('Usage: nginx-config --out <file> [--host-dist <host build folder>]');
  process.exit(2);
}
const out = path.resolve(values.out);
mkdirSync(path.dirname(out), { recursive: true });
const hostDist = values['host-dist'] ? path.resolve(values['host-dist']) : undefined;
writeFileSync(out, nginxConfig(nginxSettingsFromEnv({ hostDist })));
console.log(`wrote ${out}`);
