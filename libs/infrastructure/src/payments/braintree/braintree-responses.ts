import { ErrorCatalogue } from '@store/domain';

/**
 * The card gateway's answers turned into the store's response codes (spec 2 §8), at the edge, so
 * nothing past the adapter knows the provider's numbers. Processor response codes are the
 * provider's documented ones; anything unlisted falls into the nearest general message.
 */
const PROCESSOR_CODES: ReadonlyArray<readonly [readonly string[], number]> = [
  [['2004'], ErrorCatalogue.CARD_EXPIRED.code],
  [['2005', '2008'], ErrorCatalogue.CARD_NUMBER_INCORRECT.code],
  [['2006'], ErrorCatalogue.CARD_EXPIRY_INCORRECT.code],
  [['2010'], ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code],
  // Fraud suspected, lost or stolen, pick up, call the issuer, do not honour: the bank has to say why.
  [['2000', '2012', '2013', '2014', '2041', '2043', '2044', '2047', '2053', '2056'], ErrorCatalogue.PAYMENT_UNSUCCESSFUL_SPEAK_TO_BANK.code],
  [['2057', '2060'], ErrorCatalogue.CARD_RESTRICTED.code],
  [['2099'], ErrorCatalogue.THREE_D_SECURE_REQUIRED.code],
  [['2091'], ErrorCatalogue.CURRENCY_NOT_SUPPORTED.code],
  [['2015', '2016', '2017', '2073'], ErrorCatalogue.CARD_NOT_SUPPORTED.code],
  [['2048', '2049', '2050'], ErrorCatalogue.AMOUNT_NOT_ACCEPTED.code],
  [['2011', '2021', '2062', '2065'], ErrorCatalogue.PAYMENT_UNSUCCESSFUL_CHANGE_METHOD.code],
  [['2020', '2101', '2102'], ErrorCatalogue.RECURRING_STOPPED.code],
  // PayPal: the payer revoked the saved account's pre-approved payments; they can agree again (vault-initiated checkout).
  [['2071'], ErrorCatalogue.PAYPAL_CONSENT_NEEDED.code],
];

export function processorDeclineCode(processorResponseCode: string): number {
  const found = PROCESSOR_CODES.find(([codes]) => codes.includes(processorResponseCode));
  // Insufficient funds, limits, 'Declined' and the rest: another method is the way on.
  return found?.[1] ?? ErrorCatalogue.PAYMENT_DECLINED_CHANGE_METHOD.code;
}

/**
 * An AVS rejection names the postal code only when the card network said the postal code does not
 * match ('N'); otherwise the rules refused on the rest of the address (the street, or an address the
 * network could not verify), which the shopper fixes differently: by the address their bank has.
 */
export function gatewayRejectionCode(reason: string | null | undefined, billingCountry: string | null, avsPostalCodeResponse: string | null): number {
  switch (reason) {
    case 'cvv':
    case 'avs_and_cvv':
      return ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code;
    case 'avs':
      if (avsPostalCodeResponse !== 'N') return ErrorCatalogue.ADDRESS_MISMATCH.code;
      return billingCountry === 'US' ? ErrorCatalogue.BILLING_ZIP_INVALID.code : ErrorCatalogue.BILLING_POSTCODE_INVALID.code;
    case 'three_d_secure':
      return ErrorCatalogue.THREE_D_SECURE_REQUIRED.code;
    case 'fraud':
    case 'risk_threshold':
      return ErrorCatalogue.PAYMENT_UNSUCCESSFUL_SPEAK_TO_BANK.code;
    case 'application_incomplete':
    case 'token_issuance':
      return ErrorCatalogue.SUPPORT_NOTIFIED.code;
    default:
      return ErrorCatalogue.PAYMENT_UNSUCCESSFUL_CHANGE_METHOD.code;
  }
}

/** Validation errors of a sale (the request itself was refused; nothing reached the card network). */
export function validationErrorCode(codes: readonly string[], paidWithSavedCard: boolean, nonceType: string | null = null): number {
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code));
  // A PayPal approval pays once: used again (a second tab, a resubmitted page), PayPal has it as paid already.
  if (nonceType === 'PayPalAccount' && has('91564')) return ErrorCatalogue.PAYPAL_ALREADY_PROCESSED.code;
  if (has('91518', '91516', '91517') || (paidWithSavedCard && has('91565', '91564'))) return ErrorCatalogue.SAVED_CARD_INVALID.code;
  if (has('91564', '91565', '91508', '93107', '93108')) return ErrorCatalogue.CARD_TOKENIZATION_FAILED.code;
  // The email goes to the gateway only to save the payment method under a new customer record.
  if (has('81604')) return ErrorCatalogue.EMAIL_NOT_SUPPORTED_BY_PROVIDER.code;
  if (has('81736', '81707')) return ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code;
  if (has('81715', '81716', '81703')) return ErrorCatalogue.CARD_NUMBER_INCORRECT.code;
  if (has('81710', '81712', '81713', '81714')) return ErrorCatalogue.CARD_EXPIRY_INCORRECT.code;
  if (has('81503', '81528', '81531', '81532')) return ErrorCatalogue.AMOUNT_NOT_ACCEPTED.code;
  if (has('91513', '91577')) return ErrorCatalogue.CURRENCY_NOT_SUPPORTED.code;
  if (has('81801', '81813', '91803')) return ErrorCatalogue.REQUIRED_FIELDS_MISSING.code;
  return ErrorCatalogue.ORDER_FAILED.code;
}
