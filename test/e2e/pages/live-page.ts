import { expect, type Locator, type Page } from '@playwright/test';

/** The Live area: the streaming table, its search and filters, the detail pane. */
export class LivePage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly detail: Locator;
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-live');
    this.rows = page.getByTestId('live-table').getByTestId('data-row');
    this.detail = page.getByTestId('delivery-detail');
    this.count = page.getByTestId('live-count');
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('live-search').fill(text);
  }

  async filterColumn(column: string, value: string): Promise<void> {
    const input = this.page.getByTestId(`filter-${column}`);
    if ((await input.evaluate((el) => (el as { tagName: string }).tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }

  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** Opens the first row containing `text`, or the first row at all. */
  async open(text?: string | RegExp): Promise<void> {
    await (text === undefined ? this.rows : this.row(text)).first().click();
    await expect(this.detail).toBeVisible();
  }
}
