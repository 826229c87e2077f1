import { useState } from 'react';
import type { NotificationSettings as Switches } from '../../../../shared/settings';
import { setBrowserNotifications, useBrowserNotifications } from '../../app-state/notices';
import { useSettingsView } from '../../app-state/use-settings-view';
import { transport } from '../../transport';
import { Card, Notice } from '../../components/ui';

const KINDS: Array<[keyof Switches, string]> = [
  ['handlerFailing', 'A handler starts failing (once per handler, until it answers 2xx again)'],
  ['invalidSignature', 'A delivery fails signature verification, or has no signature while a key is set'],
  ['pendingAtService', 'Events stay pending at the service longer than the minutes below'],
  ['tunnelDown', 'The tunnel goes down'],
  ['jobEnded', 'Long work (bulk resend, scenario, handler check) finishes or fails'],
];

/** Settings → Notifications: one switch per kind (at most one per kind per minute is shown). */
export function NotificationSettings() {
  const view = useSettingsView();
  const inBrowser = useBrowserNotifications();
  const [problem, setProblem] = useState<string | null>(null);
  if (!view) return null;
  const current = view.settings.notifications;
  const save = (patch: Partial<Switches>) => void transport.call('settings.update', { notifications: patch });
  return (
    <Card title="Notifications" testId="settings-notifications">
      {transport.kind === 'browser' && (
        <label className="row">
          <input
            type="checkbox"
            checked={inBrowser}
            onChange={(e) => void setBrowserNotifications(e.target.checked).then(setProblem)}
            data-testid="notify-in-browser"
          />
          Show notifications in this browser (it asks you once)
        </label>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      {KINDS.map(([key, label]) => (
        <label key={key} className="row">
          <input type="checkbox" checked={current[key] === true} onChange={(e) => save({ [key]: e.target.checked })} data-testid={`notify-${key}`} />
          {label}
        </label>
      ))}
      <label className="row">
        Pending for more than
        <input
          type="number"
          min={1}
          max={1440}
          defaultValue={current.pendingMinutes}
          onBlur={(e) => {
            const minutes = Number(e.target.value);
            if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440) save({ pendingMinutes: minutes });
          }}
          style={{ width: 70 }}
          data-testid="notify-pending-minutes"
        />
        minutes
      </label>
      <p className="muted">At most one notification of each kind a minute; the next one says how many were held back.</p>
    </Card>
  );
}
