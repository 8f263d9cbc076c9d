import { ErrorCatalogue, type LocalPaymentMethod } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { LocalPaymentPayload, LocalPaymentStartOptions } from 'braintree-web/local-payment';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../../../lib/api-client';
import { useAppUi } from '../../../../../../lib/app-ui';
import { useLocale } from '../../../../../../lib/locale';
import { cancelLocalPayment, startLocalPayment } from '../../../../../orders';
import { withLoadLimit } from '../../../../load-limit';
import type { MethodPayment } from '../../method';
import { keepPayment } from './kept-payment';
import {
  localPaymentFailure,
  LOCAL_PAYMENT_WINDOW_LIMIT_MS,
  missingOptionOf,
  providerCodeOf,
  returnPath,
  TIMED_OUT,
  type LocalPaymentKit,
} from './local-payment';

/** How a start went, for the method's own form: refused details go to its fields. */
export type LocalStartOutcome =
  | { readonly kind: 'done' }
  /** The provider refused the details (422), or braintree-web names a missing option (spec 3 §5). */
  | { readonly kind: 'refused'; readonly missingOption: string | null }
  /** The browser did not open the provider's window: the page may offer this tab instead. */
  | { readonly kind: 'blocked' }
  | { readonly kind: 'stopped' };

type StartOptions = Omit<LocalPaymentStartOptions, 'onPaymentStart'>;

interface Reserved {
  readonly order_number: string;
  readonly redirect: string;
}

/** A payment the server refused to reserve (stale basket, consent…): its ApiError is shown as it is. */
class NotReserved extends Error {
  constructor(readonly refusal: unknown) {
    super('not reserved');
  }
}

/**
 * One local payment from the shopper's click to its end (spec 3 §4): onPaymentStart reserves the
 * order (START_LOCAL_PAYMENT) before the provider's window or the bank's app is asked; a payment
 * that ends unpaid ends its order (CANCEL_LOCAL_PAYMENT) with the reason, and the shopper hears
 * the error's own message (spec 3 §8). Deferred types (spec 3 §1) go to the order's page, which
 * waits for the provider; a nonce (BLIK on the provider's page) places the order at once.
 */
export function useLocalPayment(method: LocalPaymentMethod, kit: LocalPaymentKit | null, payment: MethodPayment, loadLimitMs: number) {
  const { notify, notifyError, wait } = useAppUi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const local = payment.local;
  const returnUrl = `${window.location.origin}${returnPath(locale.urlFriendly)}`;

  /** Reserves the order for the provider's payment id, unless the attempt already ended. */
  const reserver = () => {
    let reserved: Reserved | null = null;
    let ended = false;
    return {
      get reserved() {
        return reserved;
      },
      end() {
        ended = true;
      },
      async reserve(paymentId: string): Promise<Reserved> {
        if (ended) throw new Error('ended');
        try {
          const started = await startLocalPayment({ ...local.fields(), payment_method_type: method, payment_id: paymentId });
          if (ended) {
            // The attempt ended while the server answered (the window was closed meanwhile): so does its order.
            await cancelLocalPayment(started.order_number, 'window-closed').catch(() => undefined);
            local.keepOrderNumber(started.order_number);
            throw new Error('ended');
          }
          reserved = started;
          return started;
        } catch (error) {
          throw error instanceof ApiError ? new NotReserved(error) : error;
        }
      },
    };
  };

  /** An attempt that did not go through: its order ends, and the shopper hears why. */
  const fail = async (error: unknown, reserved: Reserved | null): Promise<LocalStartOutcome> => {
    if (error instanceof NotReserved) {
      notifyError(error.refusal);
      return { kind: 'stopped' };
    }
    const code = providerCodeOf(error);
    const failure = localPaymentFailure(code);
    if (reserved && failure.reason) {
      try {
        await cancelLocalPayment(reserved.order_number, failure.reason);
      } catch (refusal) {
        const paidElsewhere = [ErrorCatalogue.LOCAL_PAYMENT_COMPLETING.code, ErrorCatalogue.ORDER_ALREADY_COMPLETE.code];
        if (refusal instanceof ApiError && paidElsewhere.includes(refusal.code)) {
          // Approved after all, and being charged or paid by the provider's notification (which can
          // beat the window's own answer): the order's page shows it.
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          navigate(reserved.redirect);
          return { kind: 'done' };
        }
      }
      // The next attempt, by any method, reuses the ended order.
      local.keepOrderNumber(reserved.order_number);
    }
    notify(failure.code);
    const refused = code === 'LOCAL_PAYMENT_INVALID_PAYMENT_OPTION' || code === 'LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION';
    if (code === 'LOCAL_PAYMENT_WINDOW_OPEN_FAILED') return { kind: 'blocked' };
    return refused ? { kind: 'refused', missingOption: missingOptionOf(error) } : { kind: 'stopped' };
  };

  /** A deferred type (spec 3 §1): no window; once reserved, the order's page waits for the provider. */
  const startDeferred = async (options: StartOptions): Promise<LocalStartOutcome> => {
    if (!kit || !local.begin()) return { kind: 'stopped' };
    const attempt = reserver();
    let refusal: unknown = null;
    try {
      await wait('retail-order', () =>
        withLoadLimit(
          kit.popup.startPayment({
            ...options,
            // Never rejects: braintree-web would then never settle startPayment.
            onPaymentStart: async ({ paymentId }) => {
              try {
                await attempt.reserve(paymentId);
              } catch (error) {
                refusal = error;
              }
            },
          }),
          loadLimitMs,
          'The local payment',
        ),
      );
      if (refusal) throw refusal;
      const reserved = attempt.reserved;
      if (!reserved) throw new Error('The provider gave no payment id.');
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate(reserved.redirect);
      return { kind: 'done' };
    } catch (error) {
      attempt.end();
      return await fail(error instanceof Error && error.name === 'LoadLimitError' ? { code: TIMED_OUT } : error, attempt.reserved);
    } finally {
      local.end();
    }
  };

  /**
   * The provider's page in a popup (spec 3 §2, 1282x720). startPayment runs in the click itself, as
   * the browser allows a window only then; the window shows braintree-web's loading frame until
   * the order is reserved, then the provider's page.
   */
  const startInPopup = async (options: StartOptions): Promise<LocalStartOutcome> => {
    if (!kit || !local.begin()) return { kind: 'stopped' };
    const attempt = reserver();
    let refusal: unknown = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = kit.popup.startPayment({
      ...options,
      onPaymentStart: async ({ paymentId }, openProviderPage) => {
        try {
          await attempt.reserve(paymentId);
          openProviderPage?.();
        } catch (error) {
          refusal = error;
          kit.popup.closeWindow();
        }
      },
    });
    const timedOut = new Promise<{ readonly timedOut: true }>((resolve) => {
      timer = setTimeout(() => resolve({ timedOut: true }), LOCAL_PAYMENT_WINDOW_LIMIT_MS);
    });
    try {
      const result = await Promise.race([started.then((payload) => ({ payload }), (error: unknown) => ({ error })), timedOut]);
      attempt.end();
      if ('timedOut' in result) {
        kit.popup.closeWindow();
        return await fail({ code: TIMED_OUT }, attempt.reserved);
      }
      if ('error' in result) return await fail(refusal ?? result.error, attempt.reserved);
      return await placeWith(result.payload, attempt.reserved);
    } finally {
      clearTimeout(timer);
      local.end();
    }
  };

  /** The approved payment's nonce goes to PLACE_ORDER for the reserved order (spec 2 §7). */
  const placeWith = async (payload: LocalPaymentPayload | undefined, reserved: Reserved | null): Promise<LocalStartOutcome> => {
    if (!payload || !reserved) return fail({ code: 'LOCAL_PAYMENT_TOKENIZATION_FAILED' }, reserved);
    try {
      await local.placeWithNonce(payload.nonce, reserved.order_number);
      return { kind: 'done' };
    } catch {
      // Shown by the place-order call, which keeps the order for the next attempt.
      return { kind: 'stopped' };
    }
  };

  /**
   * The provider's page in this tab (the redirect flow): what PLACE_ORDER needs is kept in the tab,
   * and the return page finishes the payment. A reservation refused keeps the shopper here.
   */
  const startByRedirect = async (options: StartOptions): Promise<LocalStartOutcome> => {
    if (!kit || !local.begin()) return { kind: 'stopped' };
    const attempt = reserver();
    let stop: (error: unknown) => void = () => undefined;
    const stopped = new Promise<{ readonly error: unknown }>((resolve) => {
      stop = (error) => resolve({ error });
    });
    try {
      const instance = await kit.module.create({ client: kit.client, redirectUrl: returnUrl });
      const started = instance.startPayment({
        ...options,
        onPaymentStart: async ({ paymentId }) => {
          try {
            const reserved = await attempt.reserve(paymentId);
            keepPayment({ method, orderNumber: reserved.order_number, orderPage: reserved.redirect, paymentId, fields: local.fields(), urlLocale: locale.urlFriendly });
          } catch (error) {
            stop(error);
            // Unsettled, braintree-web never sends the tab to the provider.
            await new Promise<never>(() => undefined);
          }
        },
      });
      const result = await Promise.race([started.then(() => ({ redirected: true as const }), (error: unknown) => ({ error })), stopped]);
      if ('redirected' in result) return { kind: 'done' };
      attempt.end();
      local.end();
      return await fail(result.error, attempt.reserved);
    } catch (error) {
      attempt.end();
      local.end();
      return fail(error, attempt.reserved);
    }
  };

  return { startDeferred, startInPopup, startByRedirect, returnUrl };
}
