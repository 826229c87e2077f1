import { originOf, serviceUrlProblem, type LiveEnvironment } from '../../../../shared/settings';
import { followBaseUrl } from './environment-defaults';
import { FieldError } from '../../components/FieldError';

/** The form's values: the environment plus secrets typed in now (empty keeps a stored one). */
export interface EnvironmentDraft {
  id: string;
  name: string;
  baseUrl: string;
  apiV3Url: string;
  clientId: string;
  clientSecret: string;
  secretKey: string;
}

type SecretField = 'clientSecret' | 'secretKey';

/** Whether saving `draft` moves a saved environment to another origin (the core then clears its secrets). */
export function movesOrigin(saved: LiveEnvironment | undefined, draft: EnvironmentDraft): boolean {
  if (!saved) return false;
  return originOf(saved.baseUrl) !== originOf(draft.baseUrl.trim()) || originOf(saved.apiV3Url) !== originOf(draft.apiV3Url.trim());
}

interface EnvironmentFormProps {
  readonly draft: EnvironmentDraft;
  /** The environment as saved, when editing one. */
  readonly saved: LiveEnvironment | undefined;
  readonly isSet: (id: string, secret: SecretField) => boolean;
  readonly onChange: (draft: EnvironmentDraft) => void;
  readonly onSave: (draft: EnvironmentDraft) => void;
  readonly onCancel: () => void;
}

/**
 * Adds or edits a live environment. An address the core would refuse (plain http off loopback)
 * is explained under its field before saving; moving a saved environment to another origin
 * says its secrets will be cleared and asks for the client secret again, since a secret is only
 * ever sent to the origin it was entered for.
 */
export function EnvironmentForm({ draft, saved, isSet, onChange, onSave, onCancel }: EnvironmentFormProps) {
  const moving = movesOrigin(saved, draft);
  const urlProblem = (field: 'baseUrl' | 'apiV3Url') => (draft[field].trim() === '' ? null : serviceUrlProblem(draft[field].trim()));
  const blocked = urlProblem('baseUrl') !== null || urlProblem('apiV3Url') !== null;
  const secretNote = (field: SecretField): string => {
    if (!saved || !isSet(saved.id, field)) return '';
    return moving ? ' (cleared: the address moved to another origin; enter it again)' : ' (set; leave empty to keep it)';
  };
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) onSave(draft);
      }}
      data-testid="env-form"
    >
      {(
        [
          ['name', 'Name', 'text'],
          ['baseUrl', 'Base URL ({base_url})', 'url'],
          ['apiV3Url', 'Delivery history URL ({api_v3_url})', 'url'],
          ['clientId', 'Client id', 'text'],
        ] as const
      ).map(([field, label, type]) => {
        const problem = field === 'baseUrl' || field === 'apiV3Url' ? urlProblem(field) : null;
        return (
          <label className="field" key={field}>
            <span>{label}</span>
            <input
              type={type}
              required
              value={draft[field]}
              aria-invalid={problem !== null}
              onChange={(e) => onChange(field === 'baseUrl' ? followBaseUrl(draft, e.target.value) : { ...draft, [field]: e.target.value })}
              data-testid={`env-${field}`}
            />
            <FieldError message={problem ?? undefined} testId={`env-${field}-problem`} />
          </label>
        );
      })}
      {(
        [
          ['clientSecret', 'Client secret'],
          ['secretKey', 'Secret key (payment-link calls)'],
        ] as const
      ).map(([field, label]) => (
        <label className="field" key={field}>
          <span data-testid={`env-${field}-label`}>
            {label}
            {secretNote(field)}
          </span>
          <input
            type="password"
            autoComplete="off"
            required={field === 'clientSecret' && moving}
            value={draft[field]}
            onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
            data-testid={`env-${field}`}
          />
        </label>
      ))}
      <div className="row">
        <button type="submit" className="button button--primary" disabled={blocked} data-testid="env-save">
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
