/** A labelled text input of the flow forms. */
export function TextField({
  label,
  value,
  onChange,
  testId,
  short = false,
  inputMode,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  short?: boolean;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string | undefined;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        className={short ? 'flow-input--short' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        placeholder={placeholder}
        data-testid={testId}
      />
    </label>
  );
}
