import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/fixtures';
import { PAGE_VIEWS, seed } from './support/page-walk';

// Every page in light and dark at 1280×800: a screenshot into test/e2e/screenshots/pages/
// (ignored by git; look at them after a UI change) and an axe-core scan that allows no
// serious or critical violation of WCAG 2 A/AA.
const shot = (name: string) =>
  fileURLToPath(new URL(`./screenshots/pages/${name}.png`, import.meta.url));

test.use({ failOnConsoleError: true });

for (const theme of ['light', 'dark'] as const) {
  test(`every page in ${theme}: screenshots, and no serious or critical accessibility violation`, async ({
    app,
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await seed(app, page);
    const problems: string[] = [];
    for (const view of PAGE_VIEWS) {
      await view.open(app, page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: shot(`${view.name}-${theme}`) });
      const scan = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      for (const v of scan.violations) {
        if (v.impact !== 'serious' && v.impact !== 'critical') continue;
        const where = v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`,
          )
          .join('; ');
        problems.push(`${view.name}: ${v.id} [${v.impact}] ${v.nodes.length}× ${where}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a missing order says so on the page and leaves the console clean (no logged 404)', async ({ app, page }) => {
  await app.goto('sequences');
  await page.evaluate(`window.location.hash = '#/sequences/no-such-order'`);
  await expect(page.getByTestId('sequence-error')).toBeVisible();
});
