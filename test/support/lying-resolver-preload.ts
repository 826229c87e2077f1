import { lieAboutNames } from './lying-resolver';

/**
 * Loaded with `node --import` into a process a test starts (after tsx): the names in
 * HOOKLAB_TEST_NAMES (JSON, as lieAboutNames takes them) resolve as the test says, so a
 * child process reaches the loopback tunnel fixture's `<id>.lt.test` without the machine's DNS.
 */
const names = process.env['HOOKLAB_TEST_NAMES'];
if (names) lieAboutNames(JSON.parse(names) as Record<string, string>);
