import { create } from 'zustand';
import { recordScenario } from '../../../../../shared/scenario/record';
import { scenarioFileName, scenarioFileText } from '../../../../../shared/scenario/scenario-file';
import { download } from '../../../lib/download';
import { transport } from '../../../transport';
import { readChosenScenario, type OpenedScenario } from './scenario-files';

/**
 * The scenario file opened for the chaos replay. A store rather than the replay's own state so
 * that a file opened from a flow's tab is already loaded when the chaos replay tab shows.
 */
export const useOpenedScenario = create<{ readonly scenario: OpenedScenario | null }>(() => ({ scenario: null }));

export function closeScenario(): void {
  useOpenedScenario.setState({ scenario: null });
}

/**
 * Reads the file the user chose and, when it is a scenario file, opens it for the chaos replay:
 * the opened scenario, or the error line to show (nothing opened).
 */
export async function openScenarioFile(chosen: File): Promise<{ ok: true; scenario: OpenedScenario } | { ok: false; error: string }> {
  const read = readChosenScenario(chosen.name, await chosen.text());
  if (read.ok) useOpenedScenario.setState({ scenario: read.scenario });
  return read;
}

/**
 * Records the order's received events (the same recorder as `hooklab scenario record`) and saves
 * the file as a download: the browser's download, or Electron's save dialog. Throws the
 * recorder's reason (no delivery, a body not received whole).
 */
export async function saveOrderScenario(orderId: string): Promise<void> {
  const file = await recordScenario(transport.call.bind(transport), { orderId }, new Date().toISOString());
  download(scenarioFileText(file), scenarioFileName(orderId));
}
