import { DomainError, formatProductKey, type AdminOrderJson, type Customer } from '@store/domain';
import type { MailOutbox } from '../identity/sign-in.ports';
import type { KeyMaterial, OrderRepository } from '../orders/orders.ports';
import { receiptMail } from '../orders/receipt';
import type { AuditLog, BackOfficeReads, Operator, ProductKeyReissue } from './back-office.ports';
import { refundAmounts } from './refund-amounts';

/** An order as staff see it: what is stored, plus what each line would give back if refunded now. */
export class ReadOrderForStaff {
  constructor(
    private readonly reads: BackOfficeReads,
    private readonly orders: Pick<OrderRepository, 'find'>,
  ) {}

  async execute(number: string): Promise<AdminOrderJson> {
    const [stored, order] = await Promise.all([this.reads.order(number), this.orders.find(number)]);
    if (!stored || !order) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');
    const refunded = stored.lines.filter((line) => line.refund_id !== null).map((line) => line.position);
    const refundable = order.status === 'paid' && order.gateway !== 'complimentary' && order.transactionId !== null;
    const lines = stored.lines.map((line) => ({
      ...line,
      refundable: refundable && line.refund_id === null ? refundAmounts(order, [line.position], refunded).chargedMinor : 0,
    }));
    const left = order.lines.map((_, position) => position).filter((position) => !refunded.includes(position));
    const canRefund = refundable && left.length > 0 && refundAmounts(order, left, refunded).chargedMinor > 0;
    return { ...stored, lines, can_refund: canRefund };
  }
}

/** What support does for a shopper: the receipt sent again, a product key replaced. */
export class OrderSupport {
  constructor(
    private readonly orders: Pick<OrderRepository, 'find' | 'productKeys'>,
    private readonly customers: { findById(id: string): Promise<Customer | null> },
    private readonly mail: MailOutbox,
    private readonly keys: KeyMaterial,
    private readonly reissues: ProductKeyReissue,
    private readonly audit: AuditLog,
    private readonly storeUrl: string,
  ) {}

  /** The receipt again, to the customer's email as it is now, with the keys that still work. */
  async resendReceipt(operator: Operator, number: string, requestId: string | null): Promise<{ readonly sentTo: string }> {
    const order = await this.orders.find(number);
    if (!order) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');
    if (order.status !== 'paid' && order.status !== 'refunded') throw new DomainError('REFUND_NOT_PAID', { message: 'Only a paid order has a receipt.' });
    const customer = await this.customers.findById(order.customerId);
    if (!customer) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');
    await this.mail.enqueue(receiptMail(order, customer, await this.orders.productKeys(number), this.storeUrl));
    await this.audit.append({ operatorId: operator.id, action: 'order.resend-receipt', subjectType: 'order', subjectId: number, after: { sent_to: customer.email }, requestId });
    return { sentTo: customer.email };
  }

  /** A fresh key for a line whose key leaked or was lost: the old one stops working at once. */
  async reissueKey(operator: Operator, number: string, position: number, requestId: string | null): Promise<{ readonly key: string }> {
    const order = await this.orders.find(number);
    if (!order) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');
    if (order.status !== 'paid' || !order.lines[position]) throw new DomainError('REFUND_LINES_UNKNOWN', { message: 'This line has no key that can be reissued.' });
    const reissued = await this.reissues.reissue(number, position, formatProductKey(this.keys.bytes(25)));
    if (!reissued) throw new DomainError('REFUND_LINES_UNKNOWN', { message: 'This line has no key that can be reissued.' });
    await this.audit.append({
      operatorId: operator.id,
      action: 'order.reissue-key',
      subjectType: 'order',
      subjectId: number,
      before: { position, key_last5: reissued.oldKey.slice(-5) },
      after: { position, key_last5: reissued.newKey.slice(-5) },
      requestId,
    });
    return { key: reissued.newKey };
  }
}
