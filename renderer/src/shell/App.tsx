import { useEffect } from 'react';
import { NavBar } from './NavBar';
import { StatusBar } from './StatusBar';
import { AreaView } from './AreaView';
import { statusSlice, useStatusStore } from '../app-state/status-store';
import { NoAccess } from './NoAccess';
import { ImportDrop } from './ImportDrop';
import { pendingSlice } from '../app-state/pending-store';
import { jobsSlice } from '../app-state/page-jobs';
import { useFollow, useStoreRoot } from '../app-state/store-root';
import { followNotices } from '../app-state/notices';
import { rememberLocation, useRoute } from '../app-state/routes';

/** The shell: navigation on the left, the current area, the status bar at the bottom. */
export function App() {
  const route = useRoute();
  const root = useStoreRoot();
  // Each area's last location, so the navigation returns to it (see areaHref).
  const hash = window.location.hash;
  useEffect(() => rememberLocation(route.area, hash || `#/${route.area}`), [route.area, hash]);
  useFollow(statusSlice);
  useFollow(pendingSlice);
  useFollow(jobsSlice);
  useEffect(() => followNotices(root.transport, root.get(jobsSlice)), [root]);
  const noAccess = useStatusStore((s) => s.noAccess);
  return (
    <div className="shell">
      <NavBar current={route.area} />
      <main className="shell__main" data-testid={`area-${route.area}`}>
        {noAccess === null ? <AreaView route={route} /> : <NoAccess message={noAccess} />}
      </main>
      <StatusBar />
      {noAccess === null && <ImportDrop />}
    </div>
  );
}
