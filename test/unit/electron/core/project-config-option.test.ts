import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import { productFeatures } from '../../../../electron/core/product-features';
import { PROJECT_CONFIG_ENV } from '../../../../electron/services/project-config/project-config';
import { memorySettingsBackend } from '../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../electron/services/secrets/secret-store';
import { silentLogger } from '../../../../electron/services/kernel/logger';
import { tempDirs } from '../../../support/temp-dirs';

const newDir = tempDirs('hooklab-project-config-option-');
const cores: Core[] = [];
const envBefore = process.env[PROJECT_CONFIG_ENV];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
  if (envBefore === undefined) delete process.env[PROJECT_CONFIG_ENV];
  else process.env[PROJECT_CONFIG_ENV] = envBefore;
});

function core(projectConfigPath?: string): Core {
  const created = createCore({
    hostKind: 'browser',
    version: 'test',
    dataDir: newDir(),
    settingsBackend: memorySettingsBackend(),
    secrets: new MemorySecretStore(),
    log: silentLogger,
    // The product's composition, as every host builds it.
    features: productFeatures,
    requireAllHandlers: false,
    ...(projectConfigPath !== undefined ? { projectConfigPath } : {}),
  });
  cores.push(created);
  return created;
}

function configFile(port: number): string {
  const path = join(newDir(), 'hooklab.config.json');
  writeFileSync(path, JSON.stringify({ routes: { SuccessPayment: 'http://localhost:3000/paid' }, listener: { port } }));
  return path;
}

async function projectConfig(c: Core): Promise<{ path: string | null; listenerPort: number | null }> {
  const envelope = await c.invoke('project.config', {});
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as { path: string | null; listenerPort: number | null };
}

describe("the project config's path reaches the core through its options", () => {
  it('project.config reads the file createCore was given', async () => {
    const file = configFile(5123);
    expect(await projectConfig(core(file))).toMatchObject({
      path: file,
      routes: [{ eventType: 'SuccessPayment', urls: ['http://localhost:3000/paid'] }],
      listenerPort: 5123,
      error: null,
    });
  });

  it('never reads HOOKLAB_CONFIG below the hosts: the option wins, and without it the variable is not looked at', async () => {
    process.env[PROJECT_CONFIG_ENV] = configFile(5999);
    const given = configFile(5124);
    expect(await projectConfig(core(given))).toMatchObject({ path: given, listenerPort: 5124 });
    // No option: hooklab.config.json in the folder the host started in (this repository has none).
    expect(await projectConfig(core())).toMatchObject({ path: null, listenerPort: null });
  });
});
