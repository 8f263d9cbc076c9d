import type { CreatedOperator, Operator, StoredRefund } from '@store/application';
import { ROLE_ABILITIES, type CreatedOperatorJson, type OperatorJson, type RefundJson } from '@store/domain';

export const operatorJson = (operator: Operator): OperatorJson => ({
  id: operator.id,
  email: operator.email,
  badge_number: operator.badgeNumber,
  first_name: operator.firstName,
  last_name: operator.lastName,
  full_name: `${operator.firstName} ${operator.lastName}`,
  role: operator.role,
  abilities: ROLE_ABILITIES[operator.role],
  disabled: operator.disabled,
  created_at: operator.createdAt.toISOString(),
});

export const createdOperatorJson = (created: CreatedOperator): CreatedOperatorJson => ({
  operator: operatorJson(created.operator),
  password: created.password,
  totp_secret: created.totpSecret,
  totp_uri: created.totpUri,
});

/** A refund as the answer to the call that made it (the order's page reads the rest again). */
export const refundJson = (refund: StoredRefund, operator: Operator, creditNoteNumber: string | null): RefundJson => ({
  id: refund.id,
  state: refund.state,
  positions: refund.positions,
  amount: refund.chargedMinor,
  net: refund.netMinor,
  tax: refund.taxMinor,
  whole: refund.whole,
  reason: refund.reason,
  operator_badge: operator.badgeNumber,
  provider_refund_id: refund.providerRefundId,
  credit_note_number: creditNoteNumber,
  credit_note_url: creditNoteNumber ? `/data/admin/orders/${encodeURIComponent(refund.orderNumber)}/credit-notes/${creditNoteNumber}.pdf` : null,
  created_at: refund.claimedAt.toISOString(),
});
