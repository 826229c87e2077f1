import { useEffect } from 'react';
import { NavBar } from './NavBar';
import { StatusBar } from './StatusBar';
import { AreaView } from './AreaView';
import { followStatus } from './status-store';
import { followPending } from './pending-store';
import { useRoute } from './routes';

/** The shell: navigation on the left, the current area, the status bar at the bottom. */
export function App() {
  const route = useRoute();
  useEffect(followStatus, []);
  useEffect(followPending, []);
  return (
    <div className="shell">
      <NavBar current={route.area} />
      <main className="shell__main" data-testid={`area-${route.area}`}>
        <AreaView route={route} />
      </main>
      <StatusBar />
    </div>
  );
}
