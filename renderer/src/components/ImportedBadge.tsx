import { Badge } from './ui';

/**
 * The "imported" mark of a delivery that came from a file a teammate shared (a HAR or a
 * bundle), never received by this listener: the same neutral badge in Live's Flags column and
 * Sequences' timeline, with the file's name (or names) on hover.
 */
export function ImportedBadge({ fileNames, testId }: { fileNames: readonly string[]; testId: string }) {
  const files = fileNames.length > 0 ? fileNames.join(', ') : 'a file';
  return (
    <Badge tone="neutral" title={`imported from ${files}: never received by this listener`} testId={testId}>
      imported
    </Badge>
  );
}
