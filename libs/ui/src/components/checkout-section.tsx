import type { SectionState } from '@store/domain';
import type { ReactNode } from 'react';

export interface CheckoutSectionProps {
  readonly id: string;
  readonly title: string;
  readonly state: SectionState;
  readonly children?: ReactNode;
}

/** One stepped section of the checkout page: active, collapsed when done, or read-only ahead. */
export function CheckoutSection({ id, title, state, children }: CheckoutSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section className={`checkout-section checkout-section--${state}`} aria-labelledby={headingId} data-section={id} data-state={state}>
      {/* Focusable from script only: a step that moves the journey on puts the focus here (see CheckoutPage). */}
      <h2 id={headingId} className="checkout-section__title" tabIndex={-1}>
        {title}
      </h2>
      <div className="checkout-section__body">{children}</div>
    </section>
  );
}
