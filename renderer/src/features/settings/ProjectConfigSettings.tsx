import { useEffect, useState } from 'react';
import type { ProjectConfigView } from '../../../../shared/contract/project-config';
import { transport } from '../../transport';
import { useSettingsView } from '../../app-state/use-settings-view';

/**
 * The hooklab.config.json this Hooklab was started with, read-only: where `listen`, `trigger`
 * and `replay` send each event type. It is edited in the user's repository, not here.
 */
export function ProjectConfigSettings() {
  const [view, setView] = useState<ProjectConfigView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const forwardRoutes = Object.entries(useSettingsView()?.settings.listener.forwardRoutes ?? {});
  useEffect(() => {
    transport.call('project.config', {}).then(setView, (error: unknown) => setFailure((error as Error).message));
  }, []);

  return (
    <div className="card" data-testid="settings-project-config">
      <h2 className="card__title">Project config</h2>
      {failure && <p className="muted">Could not read it: {failure}</p>}
      {view && view.path === null && (
        <p className="muted" data-testid="project-config-none">
          No hooklab.config.json in the folder Hooklab started in. The <code>hooklab</code> command line reads one (routes by event type, listener port,
          environment); see docs/cli.md.
        </p>
      )}
      {view && view.path !== null && (
        <>
          <p>
            Active file: <code data-testid="project-config-path">{view.path}</code> (read-only; edit it in your repository)
          </p>
          {view.error && (
            <p className="field-error" data-testid="project-config-error">
              It cannot be used: {view.error}
            </p>
          )}
          {view.routes.length > 0 && (
            <table className="table" data-testid="project-config-routes">
              <thead>
                <tr>
                  <th>Event type</th>
                  <th>Sent to</th>
                </tr>
              </thead>
              <tbody>
                {view.routes.map((route) => (
                  <tr key={route.eventType}>
                    <td>{route.eventType === '*' ? '* (every other type)' : route.eventType}</td>
                    <td>{route.urls.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {view.listenerPort !== null && <p>Listener port: {view.listenerPort}</p>}
          {view.environment !== null && <p>Environment: {view.environment}</p>}
        </>
      )}
      {forwardRoutes.length > 0 && (
        <div data-testid="listener-forward-routes">
          <p>
            The listener forwards these event types to their own targets (set by <code>hooklab listen</code> from a config file; the
            next <code>hooklab listen</code> without one clears them); every other type goes to the forward targets above.
          </p>
          <ul>
            {forwardRoutes.map(([type, urls]) => (
              <li key={type}>
                {type} → {urls.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
