import type { SettingsBackend } from '../services/settings/settings-service';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Clock } from '../services/platform/clock';
import type { Logger } from '../services/kernel/logger';
import type { Feature } from '../services/kernel/feature';
import type { HostCapabilities } from '../services/kernel/host-capabilities';
import type { HostToken } from '../services/instance/host-token-file';
import type { DataNotice } from '../services/platform/set-aside';
import type { CoreContext } from './context';

/** What a host gives the core it builds (createCore). */
export interface CoreOptions {
  readonly hostKind: 'electron' | 'browser';
  /** What the host can do for the core beyond its kind (notify); none by default. */
  readonly capabilities?: Omit<HostCapabilities, 'kind'>;
  readonly version: string;
  readonly dataDir: string;
  readonly settingsBackend: SettingsBackend;
  readonly secrets: SecretStore;
  readonly clock?: Clock;
  readonly log?: Logger;
  readonly fetch?: typeof fetch;
  /** Builds the areas beyond app/settings; defaults to every feature of the product. */
  readonly features?: (ctx: CoreContext) => Feature[];
  /**
   * Refuse to start when a contract call has no handler (default). Tests composing a subset of
   * features turn this off; the missing calls then answer `unavailable`.
   */
  readonly requireAllHandlers?: boolean;
  /** The data folder's access token of the local API (hosts that serve one); enables its rotation. */
  readonly hostToken?: HostToken;
  /**
   * Files set aside before this core was made (a damaged database found by the start of an
   * earlier core on this folder): said in the log and the status bar as its own.
   */
  readonly notices?: readonly DataNotice[];
  /** Database path; defaults to `<dataDir>/hooklab.db`. */
  readonly databasePath?: string;
  /**
   * The project config file the host was given (`--config FILE`, or HOOKLAB_CONFIG read by the
   * host); without it, project.config reads `hooklab.config.json` in the folder the host started in.
   */
  readonly projectConfigPath?: string;
}
