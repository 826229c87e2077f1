import { NotBuilt } from '../../components/NotBuilt';

/** The Replay area (not built yet). */
export function ReplayPage() {
  return (
    <NotBuilt title="Replay" testId="page-replay">
      It will re-send recorded deliveries to your handler, with their original or re-computed
      signatures, to reproduce a bug on demand.
    </NotBuilt>
  );
}
