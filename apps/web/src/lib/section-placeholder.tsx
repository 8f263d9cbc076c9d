/**
 * What a checkout section says before its turn comes, or, in an order that pays nothing, that the
 * order does not need it at all (it is skipped, not waiting). Shared by the sections that the
 * checkout assembles from several features, so it sits below them all.
 */
export function SectionPlaceholder({ notNeeded = false }: { readonly notNeeded?: boolean }) {
  return <p className="checkout-section__placeholder">{notNeeded ? 'Not needed: this order is free.' : 'Available once the previous step is complete.'}</p>;
}
