import { phoneApprovalMethod } from '../local-payment/phone-approval-method';

/** MB WAY (Portugal, euros): the payer approves the request in the MB WAY app (spec 3 §1, deferred). */
export const mbWayMethod = phoneApprovalMethod({ key: 'mbway', app: 'the MB WAY app' });
