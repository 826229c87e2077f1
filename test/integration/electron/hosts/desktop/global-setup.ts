import { ensureDesktopBuilt } from '../../../../support/desktop-built';

/**
 * The harness tests the built desktop app, so it is (re)built first when missing or older than
 * its sources. Runs once, before any test file, and only when harness tests are selected: no
 * test elsewhere sees out/ rebuilt under it.
 */
export default function globalSetup(): void {
  ensureDesktopBuilt();
}
