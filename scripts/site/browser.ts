import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH if set, else the one @sparticuz/chromium
 * ships inside its npm package (extracted to /tmp by the global setup), so a fresh machine needs
 * nothing beyond `npm install`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/tmp/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function ensureChromium(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const { default: chromium } = await import('@sparticuz/chromium');
  const path = await chromium.executablePath();
  if (!existsSync(path)) throw new Error(`Chromium was not extracted to ${path}`);
  return path;
}
