import type { Flag } from '../../../../shared/contract/sequences';
import { Notice } from '../../components/ui';

interface FlagGroup {
  readonly kind: Flag['kind'];
  readonly flags: readonly Flag[];
}

/** Flags of one kind together, in order of first appearance: seven duplicates are one line with "×7". */
function groupFlags(flags: readonly Flag[]): FlagGroup[] {
  const groups = new Map<Flag['kind'], Flag[]>();
  for (const f of flags) groups.set(f.kind, [...(groups.get(f.kind) ?? []), f]);
  return [...groups].map(([kind, list]) => ({ kind, flags: list }));
}

/**
 * Each kind of flag with its sentence (repeats collapsed into one with a count and the rest
 * behind "show all"); hovering one highlights the events it concerns in the timeline.
 */
export function FlagList({
  flags,
  onHover,
}: {
  flags: readonly Flag[];
  onHover: (keys: readonly string[]) => void;
}) {
  if (flags.length === 0)
    return (
      <div className="seq-clean" data-testid="sequence-no-flags">
        <Notice tone="info">No flag: the events follow the spec&apos;s order, once each.</Notice>
      </div>
    );
  return (
    <ul className="seq-flags" data-testid="sequence-flags">
      {groupFlags(flags).map(({ kind, flags: group }) => (
        <li
          key={kind}
          className={`seq-flags__item seq-flags__item--${kind}`}
          data-testid="sequence-flag"
          data-kind={kind}
          data-count={group.length}
          onMouseEnter={() => onHover(group.flatMap((f) => f.eventKeys))}
          onMouseLeave={() => onHover([])}
        >
          <span className={`badge seq-flag seq-flag--${kind}`}>{kind}</span> {group[0]!.message}
          {group.length > 1 && (
            <>
              {' '}
              <span
                className="notice__count"
                title={`${group.length} flags of this kind`}
                data-testid="flag-count"
              >
                ×{group.length}
              </span>
              <details className="seq-flags__more">
                <summary>show all {group.length}</summary>
                <ul>
                  {group.slice(1).map((f, i) => (
                    <li key={i}>{f.message}</li>
                  ))}
                </ul>
              </details>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
