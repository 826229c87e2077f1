import { expect, type Locator, type Page } from '@playwright/test';

/** The Sequences area's Orders tab: the orders list, one order's flags, diagram and timeline. */
export class SequencesPage {
  readonly root: Locator;
  readonly order: Locator;
  readonly diagram: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-sequences');
    this.order = page.getByTestId('sequence-order');
    this.diagram = page.getByTestId('sequence-diagram');
    this.timeline = page.getByTestId('sequence-timeline');
  }

  /** Opens an order by its deep link and waits for it to be shown. */
  async openOrder(orderId: string): Promise<void> {
    await this.page.evaluate(`window.location.hash = ${JSON.stringify(`#/sequences/${encodeURIComponent(orderId)}`)}`);
    await expect(this.page.locator(`[data-testid="sequence-order"][data-order-id="${orderId}"]`)).toBeVisible();
  }

  /** The list row of an order. */
  row(orderId: string): Locator {
    return this.page.getByTestId('sequences-table').getByRole('row').filter({ hasText: orderId });
  }

  flag(kind: string): Locator {
    return this.order.locator(`[data-testid="sequence-flag"][data-kind="${kind}"]`);
  }

  /** A state of one machine in the diagram (`order`, `shipping`, `threeds`). */
  node(machine: 'order' | 'shipping' | 'threeds', state: string): Locator {
    return this.page.getByTestId(`diagram-node-${machine}-${state}`);
  }

  edge(machine: 'order' | 'shipping' | 'threeds', from: string, to: string): Locator {
    return this.page.getByTestId(`diagram-edge-${machine}-${from}-${to}`);
  }

  timelineRows(): Locator {
    return this.timeline.getByTestId('timeline-row');
  }
}
