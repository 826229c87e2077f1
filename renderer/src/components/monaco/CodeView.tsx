import { Editor } from '@monaco-editor/react';
import { BASE_EDITOR_OPTIONS } from './editor-options';
import { useMonacoTheme } from './monaco-setup';

export interface CodeViewProps {
  readonly value: string;
  /** Defaults to JSON, the only language bundled. */
  readonly language?: 'json' | 'plaintext';
  /** Editable when given; read-only otherwise. */
  readonly onChange?: (value: string) => void;
  /** CSS height; the editor needs a definite one. */
  readonly height?: string | number;
  readonly testId?: string;
}

const baseOptions = { ...BASE_EDITOR_OPTIONS, renderWhitespace: 'selection' as const };

/**
 * A JSON viewer or editor. Read-only unless `onChange` is given. The host element carries
 * `data-ready="true"` once Monaco has mounted, for tests.
 */
export function CodeView({ value, language = 'json', onChange, height = 320, testId = 'code-view' }: CodeViewProps) {
  const theme = useMonacoTheme();
  return (
    <div className="monaco-host" data-testid={testId} style={{ height }}>
      <Editor
        value={value}
        language={language}
        theme={theme}
        loading={null}
        options={{ ...baseOptions, readOnly: onChange === undefined, domReadOnly: onChange === undefined }}
        onChange={onChange ? (next) => onChange(next ?? '') : undefined}
        onMount={(editor) => {
          editor.getContainerDomNode().closest<HTMLElement>('.monaco-host')?.setAttribute('data-ready', 'true');
        }}
      />
    </div>
  );
}
