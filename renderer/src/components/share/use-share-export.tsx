import type { ReactElement } from 'react';
import type { ShareSelection } from '../../../../shared/contract/share-export';
import { useTransport, type Transport } from '../../transport';
import { useExportJob, type ExportFile } from '../use-export-job';

export type ShareRequest =
  | { readonly format: 'har'; readonly redact: boolean }
  | { readonly format: 'bundle'; readonly redact: boolean; readonly note: string };

const MIME = { har: 'application/json', bundle: 'application/vnd.hooklab.bundle+json' } as const;

/** The file a finished share job wrote, read part by part; its name is the core's. */
async function readShareResult(
  transport: Transport,
  jobId: string,
  format: ShareRequest['format'],
): Promise<ExportFile> {
  const parts: string[] = [];
  let fileName = '';
  for (let offset: number | null = 0; offset !== null;) {
    const part: { text: string; nextOffset: number | null; fileName: string } =
      await transport.call('share.exportResult', { jobId, offset });
    parts.push(part.text);
    fileName = part.fileName;
    offset = part.nextOffset;
  }
  return { blob: new Blob(parts, { type: MIME[format] }), fileName };
}

/**
 * A share export (HAR or bundle, docs/share.md) as a job in the main process, followed and
 * downloaded by the one export-job hook, as Live's other exports are.
 */
export function useShareExport(
  testId: string,
  options: { closable?: boolean } = {},
): {
  start: (selection: ShareSelection, request: ShareRequest) => Promise<void>;
  running: boolean;
  view: ReactElement | null;
} {
  const transport = useTransport();
  const job = useExportJob({ testId, closable: options.closable !== false });
  const start = (selection: ShareSelection, request: ShareRequest) =>
    job.start({
      begin: () =>
        request.format === 'har'
          ? transport.call('share.exportHar', { selection, redact: request.redact })
          : transport.call('share.exportBundle', {
              selection,
              redact: request.redact,
              note: request.note,
            }),
      read: (jobId) => readShareResult(transport, jobId, request.format),
    });
  return { start, running: job.running, view: job.view };
}
