/** Field-by-field reasons: a validation problem's `errors` (docs/service.md#validation-problem), or what Hooklab refused before sending. */
export function ProblemFields({ title, errors }: { title: string; errors: Record<string, string[]> }) {
  return (
    <div className="notice notice--error" data-testid="problem-fields">
      <strong>{title}</strong>
      <table className="table">
        <tbody>
          {Object.entries(errors).map(([field, messages]) => (
            <tr key={field} data-testid="problem-field" data-field={field}>
              <td className="mono">{field}</td>
              <td>{messages.join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
