import type { ShareSelection } from '../../../shared/contract/share-export';
import type { Feature } from '../../services/kernel/feature';
import type { ShareExportDeps } from './deps';
import { writeBundle } from './bundle-file';
import { writeHar } from './har-file';
import { heldSecrets } from './secret-values';
import { countSelected, selectedPages } from './selected-rows';
import { ShareExports } from './share-exports';

/**
 * Sharing what Hooklab captured (docs/share.md): the selected deliveries as a HAR 1.2 file or a
 * `.hooklab` bundle, each written by a job into the data folder. Importing them is another
 * area's.
 */
export function createShareExportFeature(ctx: ShareExportDeps): Feature {
  const exports = new ShareExports(ctx.config.dataDir, ctx.data.deliveries, ctx.runtime.jobs, () => heldSecrets(ctx.config));
  const { history, spans: traces } = ctx.data;
  const version = () => ctx.runtime.status.get().host.version;
  const total = (selection: ShareSelection) => countSelected(ctx.data.deliveries, selection);
  return {
    name: 'share-export',
    async start() {
      exports.clearFolder();
    },
    handlers: {
      'share.exportHar': async ({ selection, redact }) =>
        exports.start('har', selection, total(selection), (work, limit) => writeHar(work, selectedPages(ctx.data.deliveries, selection, limit), { version: version(), redact })),
      'share.exportBundle': async ({ selection, note, redact }) =>
        exports.start('bundle', selection, total(selection), (work, limit) =>
          writeBundle(
            work,
            { store: ctx.data.deliveries, history, traces, environmentId: ctx.config.environments.activeInfo().id, now: ctx.runtime.clock.now() },
            selection,
            limit,
            { version: version(), note, redact },
          ),
        ),
      'share.exportResult': async ({ jobId, offset }) => exports.read(jobId, offset),
      'share.exportFinished': async ({ jobId }) => exports.finished(jobId),
    },
  };
}
