import { ReplayPage } from '../features/replay/ReplayPage';
import { SequencesPage } from '../features/sequences/SequencesPage';
import { SandboxPage } from '../features/sandbox/SandboxPage';
import { SandboxScenarios } from '../features/sandbox/SandboxScenarios';
import { SettingsPage } from '../features/settings/SettingsPage';
import { HistoryPage } from '../features/history/HistoryPage';
import { LivePage } from '../features/live/LivePage';
import type { Route } from '../app-state/routes';

/** The page of the current area. */
export function AreaView({ route }: { route: Route }) {
  switch (route.area) {
    case 'live':
      return <LivePage route={route} />;
    case 'history':
      return <HistoryPage route={route} />;
    case 'replay':
      return <ReplayPage route={route} />;
    case 'sequences':
      return <SequencesPage scenarios={<SandboxScenarios />} />;
    case 'sandbox':
      return <SandboxPage />;
    case 'settings':
      return <SettingsPage section={route.rest} />;
  }
}
