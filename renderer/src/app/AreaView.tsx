import { NotBuilt } from '../components/NotBuilt';
import { ReplayPage } from '../features/replay/ReplayPage';
import { SequencesPage } from '../features/sequences/SequencesPage';
import { SandboxPage } from '../features/sandbox/SandboxPage';
import { SettingsPage } from '../features/settings/SettingsPage';
// TODO(lead): wire the Live and History areas once their pages exist:
// import { LivePage } from '../features/live/LivePage';
// import { HistoryPage } from '../features/history/HistoryPage';
import type { Route } from './routes';

/** The page of the current area. */
export function AreaView({ route }: { route: Route }) {
  switch (route.area) {
    case 'live':
      return (
        <NotBuilt title="Live" testId="page-live">
          It will list every webhook your listener receives, with its signature check.
        </NotBuilt>
      );
    case 'history':
      return (
        <NotBuilt title="History" testId="page-history">
          It will show the service&apos;s delivery history and reconcile it with what arrived.
        </NotBuilt>
      );
    case 'replay':
      return <ReplayPage />;
    case 'sequences':
      return <SequencesPage />;
    case 'sandbox':
      return <SandboxPage />;
    case 'settings':
      return <SettingsPage section={route.rest} />;
  }
}
