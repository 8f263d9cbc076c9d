import { useQueryClient } from '@tanstack/react-query';
import { CheckoutSection as SectionFrame, type CheckoutSectionProps } from '@store/ui';
import { useDeferredValue } from 'react';
import { sessionQuery } from '../../../lib/get-session';
import { SectionErrorBoundary } from '../../errors';

/**
 * A checkout section whose content fails on its own: the section keeps its heading and place in the
 * journey and shows the generic message with Try again, which reads the session again (the checkout
 * renders from it). A failed section is drawn again whenever the session changes, deferred as the
 * page defers it, so the retry renders with the same session the rest of the page does.
 */
export function CheckoutSection({ children, ...frame }: CheckoutSectionProps) {
  const queryClient = useQueryClient();
  const { queryKey } = sessionQuery();
  // Read, not subscribed to: the page re-renders every section when the session changes, and a
  // subscription of each section's own would read the session again as it mounts.
  const session = useDeferredValue(queryClient.getQueryData(queryKey));
  const readSessionAgain = async () => {
    const before = queryClient.getQueryData(queryKey);
    await queryClient.refetchQueries({ queryKey });
    return queryClient.getQueryData(queryKey) !== before;
  };
  return (
    <SectionFrame {...frame}>
      <SectionErrorBoundary where={`checkout:${frame.id}`} resetKey={session} onRetry={readSessionAgain}>
        {children}
      </SectionErrorBoundary>
    </SectionFrame>
  );
}
