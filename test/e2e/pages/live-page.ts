import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPage } from './area-page';

/** The Live area: the streaming table, its search and filters, the detail pane. */
export class LivePage extends AreaPage {
  readonly rows = this.page.getByTestId('live-table').getByTestId('data-row');
  readonly detail = this.page.getByTestId('delivery-detail');
  readonly count = this.page.getByTestId('live-count');
  readonly split = this.page.getByTestId('live-split');

  constructor(page: Page) {
    super(page, 'live');
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

  /** The open delivery's id. */
  async openId(): Promise<number> {
    return Number(await this.detail.getAttribute('data-delivery-id'));
  }

  /** Drags the divider between table and detail to `fraction` of the split (mouse, as a user). */
  async dragSplitTo(fraction: number): Promise<void> {
    const box = (await this.split.boundingBox())!;
    const divider = (await this.page.getByTestId('live-split-divider').boundingBox())!;
    const beside = (await this.split.getAttribute('data-orientation')) === 'beside';
    await this.page.mouse.move(divider.x + divider.width / 2, divider.y + divider.height / 2);
    await this.page.mouse.down();
    const x = beside ? box.x + box.width * fraction : divider.x + divider.width / 2;
    const y = beside ? divider.y + divider.height / 2 : box.y + box.height * fraction;
    await this.page.mouse.move(x, y, { steps: 5 });
    await this.page.mouse.up();
  }
}
