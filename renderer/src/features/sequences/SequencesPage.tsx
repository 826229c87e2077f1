import { NotBuilt } from '../../components/NotBuilt';

/** The Sequences area (not built yet). */
export function SequencesPage() {
  return (
    <NotBuilt title="Sequences" testId="page-sequences">
      It will send scripted series of events for one order (created, paid, shipped, reversed) to
      check that your handler copes with duplicates and out-of-order arrival.
    </NotBuilt>
  );
}
