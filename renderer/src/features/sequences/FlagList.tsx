import type { Flag } from '../../../../shared/contract/sequences';

/** Each flag with its sentence; hovering one highlights the events it concerns in the timeline. */
export function FlagList({ flags, onHover }: { flags: readonly Flag[]; onHover: (keys: readonly string[]) => void }) {
  if (flags.length === 0)
    return (
      <p className="notice seq-clean" data-testid="sequence-no-flags">
        No flag: the events follow the spec&apos;s order, once each.
      </p>
    );
  return (
    <ul className="seq-flags" data-testid="sequence-flags">
      {flags.map((f, i) => (
        <li
          key={`${f.kind}-${i}`}
          className={`seq-flags__item seq-flags__item--${f.kind}`}
          data-testid="sequence-flag"
          data-kind={f.kind}
          onMouseEnter={() => onHover(f.eventKeys)}
          onMouseLeave={() => onHover([])}
        >
          <span className={`badge seq-flag seq-flag--${f.kind}`}>{f.kind}</span> {f.message}
        </li>
      ))}
    </ul>
  );
}
