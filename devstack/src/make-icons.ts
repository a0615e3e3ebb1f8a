// `pnpm --filter @hub/devstack exec tsx src/make-icons.ts`: draws the web app manifest's icons
// (host/src/assets/icons/) from host/src/assets/favicon.svg in Chromium, so the icons never drift
// from the favicon. Run it again after changing the favicon and commit the PNGs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from './chromium';
import { repoRoot } from '../../serving/src/site-config';

const assets = path.join(repoRoot, 'host', 'src', 'assets');
const svg = await readFile(path.join(assets, 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
// The favicon's own background, so a maskable icon's padding is the same colour as its tile.
const tile = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#0f6cbd';

/** 'any': the favicon edge to edge. 'maskable': the favicon inside the 80 % safe zone on a full-bleed tile. */
function page(size: number, purpose: 'any' | 'maskable'): string {
  const inner = purpose === 'maskable' ? Math.round(size * 0.8) : size;
  const background = purpose === 'maskable' ? tile : 'transparent';
  return `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
    <img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`;
}

const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  const out = path.join(assets, 'icons');
  await mkdir(out, { recursive: true });
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable'] as const) {
      const tab = await browser.newPage({ viewport: { width: size, height: size } });
      await tab.setContent(page(size, purpose));
      const file = path.join(out, `${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`);
      await writeFile(file, await tab.screenshot({ omitBackground: purpose === 'any' }));
      await tab.close();
      console.log(`wrote ${path.relative(repoRoot, file)}`);
    }
  }
} finally {
  await browser.close();
}
