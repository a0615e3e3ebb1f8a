/**
 * How every browser run here launches Chromium: Debian's package, since Playwright's own download
 * (`npx playwright install`) cannot work on this machine. Shared by the benchmark, the IdP's MSAL
 * browser test and the e2e suite, so a flag this machine needs is added once for all of them.
 */
import { ports } from '../../serving/src/site-config';

export const chromiumExecutable = process.env.HUB_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium refuses some ports outright (6000 is X11's: ERR_UNSAFE_PORT); the site's ports are
  // settings (HUB_*_PORT), so whichever were chosen are allowed.
  `--explicitly-allowed-ports=${Object.values(ports).join(',')}`,
];
