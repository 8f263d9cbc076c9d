import { phoneApprovalMethod } from '../local-payment/phone-approval-method';

/** Bancomat Pay (Italy, euros): the payer approves the request in their bank's app (spec 3 §1, deferred). */
export const bancomatPayMethod = phoneApprovalMethod({ key: 'bancomatpay', app: "your bank's app" });
