import { ErrorCatalogue, unionPayFailureCode } from '@store/domain';
import { Button, TextField } from '@store/ui';
import type { Client } from 'braintree-web/client';
import type { HostedFields } from 'braintree-web/hosted-fields';
import type { UnionPay, UnionPayHostedFields } from 'braintree-web/unionpay';
import { useEffect, useRef } from 'react';

/** Where the shopper is in UnionPay's SMS enrollment for the card typed. */
export type UnionPayStep =
  | { readonly stage: 'mobile' }
  | { readonly stage: 'code'; readonly enrollmentId: string; readonly mobile: string; readonly wrongCodes: number };

/** The wrong SMS codes after which the sandbox (and UnionPay) spend the enrollment: the shopper enrols again. */
export const UNIONPAY_WRONG_CODES_ALLOWED = 3;

/**
 * The Hosted Fields instance as the unionpay module may send it. The module passes the instance
 * through its frame bus as JSON, and braintree-web 3.124.0's instance cannot become JSON (its bus
 * keeps our window, whose card frames are the gateway's origin). The view has the instance's bus,
 * which the module checks, and as JSON only that bus's channel, which names the card frames
 * UnionPay's frame reads the card from.
 */
export function unionPayView(fields: HostedFields): UnionPayHostedFields {
  const bus = (fields as unknown as { _bus: { channel: string } })._bus;
  return { _bus: bus, toJSON: () => ({ _bus: { channel: bus.channel } }) } as UnionPayHostedFields;
}

let made: { client: Client; unionPay: Promise<UnionPay> } | null = null;

/**
 * The module's hidden frame (0 by 0, made by the module, with no title) is named for assistive
 * technology, which would otherwise announce an unnamed frame.
 */
function nameUnionPayFrame(): void {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[name^="braintreeunionpayhostedfields_"]:not([title])')) {
    frame.title = 'UnionPay card check (no content)';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
  }
}

/** A unionpay call, the module's frame named once it is there. */
export async function withUnionPay<T>(client: Client, call: (unionPay: UnionPay) => Promise<T>): Promise<T> {
  const unionPay = await unionPayFor(client);
  const calling = call(unionPay);
  // The module adds its frame at the first call, synchronously.
  nameUnionPayFrame();
  return calling;
}

/** One unionpay instance per gateway client, loaded only when a UnionPay card is paid with. */
function unionPayFor(client: Client): Promise<UnionPay> {
  if (made?.client !== client) {
    const unionPay = import('braintree-web/unionpay').then((module) => module.create({ client }));
    made = { client, unionPay };
    unionPay.catch(() => (made = made?.unionPay === unionPay ? null : made));
  }
  return made.unionPay;
}

/** The catalogued words for a unionpay error. */
export function unionPayWords(error: unknown): { readonly code: number; readonly message: string } {
  const code = unionPayFailureCode(error);
  const entry = Object.values(ErrorCatalogue).find((candidate) => candidate.code === code) ?? ErrorCatalogue.UNIONPAY_FAILED;
  return { code: entry.code, message: entry.message };
}

export const MOBILE_COUNTRY_CODE = /^\d{1,3}$/;
export const MOBILE_NUMBER = /^\d{6,15}$/;

export interface UnionPayEnrollmentProps {
  readonly step: UnionPayStep;
  readonly countryCode: string;
  readonly mobileNumber: string;
  readonly smsCode: string;
  readonly error: string | null;
  readonly busy: boolean;
  readonly onCountryCode: (value: string) => void;
  readonly onMobileNumber: (value: string) => void;
  readonly onSmsCode: (value: string) => void;
  readonly onSendCode: () => void;
  /** Bumped to move focus back to the step's first field (a wrong code, a refused number). */
  readonly focusRequest: number;
}

/**
 * UnionPay's SMS check (ours: shown only for a card UnionPay's own rails take): the mobile number the
 * bank has for the card, then the code UnionPay sends to it. The card form's Pay button pays with
 * the code; the mobile step has its own button.
 */
export function UnionPayEnrollmentForm(props: UnionPayEnrollmentProps) {
  const first = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  const { stage } = props.step;
  useEffect(() => {
    (stage === 'code' ? code : first).current?.focus();
  }, [stage, props.focusRequest]);
  return (
    // A fieldset is as wide as its content unless told otherwise: at 320 px that is wider than the screen.
    <fieldset className="choice-group unionpay-check" style={{ minWidth: 0 }}>
      <legend>UnionPay SMS check</legend>
      {stage === 'mobile' ? (
        <>
          <p className="field__hint" id="unionpay-mobile-hint">
            UnionPay checks this card with a code sent by text message. Enter the mobile number your bank has for the card.
          </p>
          <TextField
              ref={first}
              label="Mobile country code"
              name="unionPayCountryCode"
              inputMode="numeric"
              autoComplete="tel-country-code"
              maxLength={3}
              value={props.countryCode}
              onChange={(event) => props.onCountryCode(event.target.value.trim())}
            />
            <TextField
              label="Mobile number"
              name="unionPayMobileNumber"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={20}
              value={props.mobileNumber}
              error={props.error ?? undefined}
              onChange={(event) => props.onMobileNumber(event.target.value)}
            />
          <Button busy={props.busy} onClick={props.onSendCode}>
            Send the code
          </Button>
        </>
      ) : (
        <>
          <p className="field__hint" role="status">
            UnionPay sent a code to +{props.step.mobile}. Enter it, then pay.
          </p>
          <TextField
            ref={code}
            label="SMS code"
            name="unionPaySmsCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={props.smsCode}
            error={props.error ?? undefined}
            onChange={(event) => props.onSmsCode(event.target.value.trim())}
          />
        </>
      )}
    </fieldset>
  );
}
