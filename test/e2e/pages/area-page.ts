import type { Locator, Page } from '@playwright/test';
import type { Area } from './app-shell';

/** What every area's page object holds: the page, and the area's root element (`page-<area>`). */
export abstract class AreaPage {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    area: Area,
  ) {
    this.root = page.getByTestId(`page-${area}`);
  }
}
