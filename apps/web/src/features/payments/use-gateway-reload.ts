import type { PaymentGateway } from '@store/domain';
import { useEffect } from 'react';
import { needsReloadFor, reloadForGateway } from './loaded-provider';

/**
 * Spec 2 §4: when the basket's gateway becomes the other provider than the one whose code this page
 * loaded, the page reloads. Answers true from that render on, so that the caller sets nothing up
 * for the new gateway in this page (its scripts would join the old provider's).
 */
export function useGatewayReload(gateway: PaymentGateway | null): boolean {
  const reloading = needsReloadFor(gateway);
  useEffect(() => {
    if (reloading) reloadForGateway();
  }, [reloading]);
  return reloading;
}
