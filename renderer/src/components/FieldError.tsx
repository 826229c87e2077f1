/** A form field's error, said as a sentence right under the field (nothing when there is none). */
export function FieldError({ message, testId }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <span className="field-error" role="alert" data-testid={testId}>
      {message}
    </span>
  );
}
