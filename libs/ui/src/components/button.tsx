import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'link';
  /** While busy the button stays focusable but does nothing, and says so to screen readers. */
  readonly busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className, children, onClick, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      aria-disabled={busy || rest.disabled ? true : undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {children}
    </button>
  );
}
