import type { AnswerRule, ListenerAnswer } from '../../../../shared/settings';
import { FieldError } from '../../components/FieldError';
import type { ListenerDraft } from './listener-draft';

function AnswerFields({
  value,
  onChange,
  prefix,
}: {
  value: ListenerAnswer;
  onChange: (a: ListenerAnswer) => void;
  prefix: string;
}) {
  return (
    <span className="row">
      <label>
        status{' '}
        <input
          type="number"
          min={100}
          max={599}
          value={value.status}
          data-testid={`${prefix}-status`}
          onChange={(e) => onChange({ ...value, status: Number(e.target.value) })}
          style={{ width: 64 }}
        />
      </label>
      <label>
        delay ms{' '}
        <input
          type="number"
          min={0}
          value={value.delayMs}
          onChange={(e) => onChange({ ...value, delayMs: Number(e.target.value) })}
          style={{ width: 72 }}
        />
      </label>
      <label>
        body{' '}
        <input value={value.body} onChange={(e) => onChange({ ...value, body: e.target.value })} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={value.hang}
          onChange={(e) => onChange({ ...value, hang: e.target.checked })}
        />{' '}
        never answer (timeout)
      </label>
    </span>
  );
}

interface AnswerRulesProps {
  readonly draft: ListenerDraft;
  readonly setDraft: (draft: ListenerDraft) => void;
  /** The mistakes in the answer and the rules, by field path. */
  readonly errors: ReadonlyArray<[string, string]>;
}

/** What the listener answers the service: by default, and for the first attempts of each event id. */
export function AnswerRules({ draft, setDraft, errors }: AnswerRulesProps) {
  const setRule = (i: number, rule: AnswerRule) =>
    setDraft({ ...draft, rules: draft.rules.map((r, j) => (j === i ? rule : r)) });
  return (
    <>
      <h3>Answer to the service</h3>
      <AnswerFields
        prefix="answer"
        value={draft.answer}
        onChange={(answer) => setDraft({ ...draft, answer })}
      />
      <p className="muted">
        Rules, tried in order, for the first attempts of each event id (retries and resends are
        later attempts):
      </p>
      {draft.rules.map((rule, i) => (
        <div key={i} className="row" data-testid="answer-rule">
          <label>
            first{' '}
            <input
              type="number"
              min={1}
              value={rule.firstAttempts}
              style={{ width: 56 }}
              onChange={(e) => setRule(i, { ...rule, firstAttempts: Number(e.target.value) })}
            />{' '}
            attempts:
          </label>
          <AnswerFields
            prefix={`rule-${i}`}
            value={rule.answer}
            onChange={(answer) => setRule(i, { ...rule, answer })}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        data-testid="add-rule"
        onClick={() =>
          setDraft({
            ...draft,
            rules: [
              ...draft.rules,
              { firstAttempts: 3, answer: { status: 500, delayMs: 0, body: '', hang: false } },
            ],
          })
        }
      >
        Add rule
      </button>
      {errors.map(([path, sentence]) => (
        <FieldError key={path} message={sentence} testId="answer-error" />
      ))}
    </>
  );
}
