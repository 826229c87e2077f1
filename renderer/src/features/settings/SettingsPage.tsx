import { useEffect } from 'react';
import { SecretsNote } from './SecretsNote';
import { ListenerSettings } from './ListenerSettings';
import { TunnelSettings } from './TunnelSettings';
import { EnvironmentSettings } from './EnvironmentSettings';
import { AppearanceSettings } from './AppearanceSettings';
import { SandboxSettings } from './SandboxSettings';
import { TracingSettings } from './TracingSettings';
import { ProjectConfigSettings } from './ProjectConfigSettings';
import { AccessSettings } from './AccessSettings';
import { ReplaySettings } from './ReplaySettings';
import { NotificationSettings } from './NotificationSettings';

/**
 * Settings, one section per concern. `section` (from `#/settings/<section>`) scrolls that
 * section into view, so other areas can link straight to e.g. the environments.
 */
export function SettingsPage({ section }: { section: string }) {
  useEffect(() => {
    if (section) document.getElementById(`settings-${section}`)?.scrollIntoView({ block: 'start' });
  }, [section]);
  return (
    <section className="page" data-testid="page-settings">
      <h1 className="page__title">Settings</h1>
      <section id="settings-listener">
        <ListenerSettings />
      </section>
      <section id="settings-tunnel">
        <TunnelSettings />
      </section>
      <section id="settings-environments">
        <EnvironmentSettings />
      </section>
      <section id="settings-secrets">
        <SecretsNote />
      </section>
      <section id="settings-access">
        <AccessSettings />
      </section>
      <section id="settings-replay">
        <ReplaySettings />
      </section>
      <section id="settings-sandbox">
        <SandboxSettings />
      </section>
      <section id="settings-tracing">
        <TracingSettings />
      </section>
      <section id="settings-project-config">
        <ProjectConfigSettings />
      </section>
      <section id="settings-notifications">
        <NotificationSettings />
      </section>
      <section id="settings-appearance">
        <AppearanceSettings />
      </section>
    </section>
  );
}
