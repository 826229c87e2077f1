import type { LiveEnvironment } from '../../../../shared/settings';
import type { EnvironmentCredential } from '../../../../shared/settings/secret-names';

interface EnvironmentRowProps {
  readonly environment: LiveEnvironment;
  readonly active: boolean;
  /** Whether a secret of an environment is set (its value is never read back). */
  readonly isSet: (id: string, secret: EnvironmentCredential) => boolean;
  readonly onActivate: () => void;
  readonly onEdit: () => void;
  readonly onTest: () => void;
  readonly onRemove: () => void;
}

/** One live environment of the table: whether it is the active one, its address, its secrets' state. */
export function EnvironmentRow({
  environment: e,
  active,
  isSet,
  onActivate,
  onEdit,
  onTest,
  onRemove,
}: EnvironmentRowProps) {
  return (
    <tr data-testid={`env-row-${e.id}`}>
      <td>
        <input
          type="radio"
          name="active-env"
          checked={active}
          onChange={onActivate}
          data-testid={`env-activate-${e.id}`}
          aria-label={`Use ${e.name}`}
        />
      </td>
      <td>{e.name}</td>
      <td className="mono">{e.baseUrl}</td>
      <td className="mono">{e.clientId}</td>
      <td>
        client secret {isSet(e.id, 'clientSecret') ? '✓ set' : '✗ missing'} · secret key{' '}
        {isSet(e.id, 'secretKey') ? '✓ set' : '—'}
      </td>
      <td className="row">
        <button
          type="button"
          className="button button--small"
          onClick={onEdit}
          data-testid={`env-edit-${e.id}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={onTest}
          data-testid={`env-test-${e.id}`}
        >
          Test
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={onRemove}
          data-testid={`env-remove-${e.id}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
