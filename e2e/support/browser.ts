import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The suite's one Chromium (browser-server.ts), which each test file connects to. */
    e2eBrowserEndpoint: string;
  }
}

/**
 * The tests' browser: Debian's headless shell (Chromium's old headless mode, the one Playwright runs its own
 * tests in) where installed; the same files took 41 % less of Chromium's CPU than in the full browser's headless
 * mode (decision 223). Benches measure what a person's browser does, in the full one.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (process.env.VITEST_WORKER_ID || process.env.VITEST
    ? [HEADLESS_SHELL, '/usr/bin/chromium']
    : ['/usr/bin/chromium']
  ).find(existsSync) ??
  '/usr/bin/chromium';

/** The machine's Chromium (Debian's package), headless, kept off the network it cannot reach. */
export function chromiumOptions(args: string[] = []): LaunchOptions {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  }
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  };
}

/**
 * Chromium, with `args` added to its switches (a bench's TLS front: the key it trusts). In a test file, the
 * suite's Chromium when no switch is added: a launch per file cost 2–3 s of the machine's two cores. Closing
 * the Browser then only disconnects the file, whose contexts go with it.
 */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  if (process.env.VITEST_WORKER_ID && args.length === 0) {
    const endpoint = inject('e2eBrowserEndpoint');
    if (endpoint) return chromium.connectOverCDP(endpoint);
  }
  return chromium.launch(chromiumOptions(args));
}
