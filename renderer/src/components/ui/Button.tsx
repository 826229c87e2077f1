import type { ButtonHTMLAttributes } from 'react';

/** primary: the one main action of a place; secondary: the others; quiet: inline, low weight. */
export type ButtonKind = 'primary' | 'secondary' | 'quiet';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly kind?: ButtonKind;
}

/** The app's button: one size everywhere, three weights (docs/ui.md). */
export function Button({ kind = 'secondary', className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`button button--${kind}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
