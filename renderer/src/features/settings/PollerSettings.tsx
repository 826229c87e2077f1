import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract';
import type { SettingsPatch } from '../../../../shared/settings';
import { useTransport } from '../../transport';

const MIB = 1024 * 1024;

interface PollerSettingsProps {
  readonly poller: SettingsView['settings']['poller'];
  /** Takes the settings as the core saved them. */
  readonly setView: (view: SettingsView) => void;
  readonly fail: (e: Error) => void;
}

/** The history poller: on or off, its interval, and how much of the history copy it keeps. */
export function PollerSettings({ poller, setView, fail }: PollerSettingsProps) {
  const transport = useTransport();
  const [interval, setIntervalText] = useState(String(poller.intervalMs));
  const [retain, setRetain] = useState({
    deliveries: String(poller.retainDeliveries),
    mib: String(Math.round(poller.retainBytes / MIB)),
  });
  const update = (patch: SettingsPatch['poller']) =>
    void transport.call('settings.update', { poller: patch }).then(setView, fail);
  // The saved values replace what was typed whenever the settings change (here or elsewhere).
  useEffect(() => {
    setIntervalText(String(poller.intervalMs));
    setRetain({
      deliveries: String(poller.retainDeliveries),
      mib: String(Math.round(poller.retainBytes / MIB)),
    });
  }, [poller]);
  return (
    <>
      <h3 className="card__title" style={{ marginTop: 14 }}>
        History poller
      </h3>
      <div className="row">
        <label className="row">
          <input
            type="checkbox"
            checked={poller.enabled}
            onChange={(e) => update({ enabled: e.target.checked })}
            data-testid="poller-enabled"
          />
          Poll delivery history
        </label>
        <label className="row">
          every
          <input
            type="number"
            min={250}
            value={interval}
            onChange={(e) => setIntervalText(e.target.value)}
            style={{ width: 90 }}
            data-testid="poller-interval"
          />
          ms
        </label>
        <button
          type="button"
          className="button button--small"
          onClick={() => update({ intervalMs: Number(interval) })}
          data-testid="poller-interval-save"
        >
          Apply
        </button>
      </div>
      <div
        className="row"
        title="The oldest deliveries of the history copy are removed first; the poller never fetches them again."
      >
        <label className="row">
          Keep at most
          <input
            type="number"
            min={1}
            value={retain.deliveries}
            onChange={(e) => setRetain({ ...retain, deliveries: e.target.value })}
            style={{ width: 110 }}
            data-testid="history-retain-deliveries"
          />
          deliveries and
          <input
            type="number"
            min={1}
            value={retain.mib}
            onChange={(e) => setRetain({ ...retain, mib: e.target.value })}
            style={{ width: 90 }}
            data-testid="history-retain-mib"
          />
          MiB of history per environment
        </label>
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            update({
              retainDeliveries: Number(retain.deliveries),
              retainBytes: Number(retain.mib) * MIB,
            })
          }
          data-testid="history-retain-save"
        >
          Apply
        </button>
      </div>
    </>
  );
}
