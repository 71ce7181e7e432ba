// The run's one Chromium (started by global-setup.ts, playwright-core's
// server): each browser test file connects to it instead of launching its own.
import { inject } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

/** A connection to the run's Chromium; close() disconnects and leaves the browser to the other files. */
export async function connectBrowser(): Promise<Browser> {
  const { wsEndpoint, missing } = inject('chromium');
  if (!wsEndpoint) throw new Error(missing);
  return chromium.connect(wsEndpoint);
}
