import { expect, type Page } from '@playwright/test';
import type { AppShell } from '../pages/app-shell';
import { LivePage } from '../pages/live-page';
import { HistoryPage } from '../pages/history-page';
import { ReplayPage } from '../pages/replay-page';
import { SandboxPage } from '../pages/sandbox-page';
import { SequencesPage } from '../pages/sequences-page';

/** One state of one page that the accessibility scan and the screenshots visit. */
export interface PageView {
  readonly name: string;
  open(app: AppShell, page: Page): Promise<void>;
}

/** Fills the app with real deliveries: two sandbox scenarios (a 3-D Secure payment, a shipped order) and a history poll. */
export async function seed(app: AppShell, page: Page): Promise<void> {
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  await sandbox.runScenario('3ds-success');
  await sandbox.runScenario('shipping-delivered');
  await app.goto('history');
  await new HistoryPage(page).pollNow();
}

async function richestOrder(app: AppShell): Promise<string> {
  const { orders } = await app.api<{ orders: Array<{ orderId: string; events: number }> }>(
    'sequences.list',
    {},
  );
  return [...orders].sort((a, b) => b.events - a.events)[0]!.orderId;
}

/** Every page the issue names: Live with a delivery open, History's tabs, Replay's tabs, Sequences, Sandbox, Settings. */
export const PAGE_VIEWS: readonly PageView[] = [
  {
    name: 'live',
    async open(app, page) {
      await app.goto('live');
      const live = new LivePage(page);
      await live.open('SuccessPayment');
      await expect(live.detail).toBeVisible();
    },
  },
  ...(['events', 'browser', 'reconcile', 'diff'] as const).map((tab) => ({
    name: `history-${tab}`,
    async open(app: AppShell, page: Page) {
      await app.goto('history');
      await new HistoryPage(page).tab(tab);
      await expect(page.getByTestId(`history-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    },
  })),
  {
    name: 'replay-editor',
    async open(app, page) {
      await app.goto('replay');
      const replay = new ReplayPage(page);
      await replay.tab('editor');
      await expect(replay.root).toBeVisible();
    },
  },
  ...(['history', 'check'] as const).map((tab) => ({
    name: `replay-${tab}`,
    async open(app: AppShell, page: Page) {
      await app.goto('replay');
      const replay = new ReplayPage(page);
      await replay.tab(tab);
      await expect(replay.tabButton(tab)).toHaveAttribute('aria-selected', 'true');
    },
  })),
  {
    name: 'sequences-orders',
    async open(app, page) {
      await app.goto('sequences');
      const sequences = new SequencesPage(page);
      await sequences.openOrder(await richestOrder(app));
      await expect(sequences.diagram).toBeVisible();
    },
  },
  {
    name: 'sequences-flows',
    async open(app, page) {
      await app.goto('sequences');
      await page.getByTestId('sequences-tab-flows').click();
      await expect(page.getByTestId('flows-tab-card')).toBeVisible();
    },
  },
  {
    name: 'sandbox',
    async open(app, page) {
      await app.goto('sandbox');
      await expect(new SandboxPage(page).root).toBeVisible();
    },
  },
  {
    name: 'settings',
    async open(app, page) {
      await app.goto('settings');
      await expect(page.getByTestId('page-settings')).toBeVisible();
    },
  },
];
