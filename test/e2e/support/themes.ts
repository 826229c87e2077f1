import { test, type Locator, type Page } from '@playwright/test';

/**
 * Screenshots `what` in the light theme, then `dark` (default the same element) in the dark
 * one, into the test's output as `<name>-light.png` and `<name>-dark.png`, and leaves the page
 * light again. UI changes are looked at in both themes.
 */
export async function screenshotBothThemes(page: Page, name: string, what: Page | Locator, dark: Page | Locator = what): Promise<void> {
  await what.screenshot({ path: test.info().outputPath(`${name}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await dark.screenshot({ path: test.info().outputPath(`${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}
