import type { AdminOrderJson, AdminOrderSearchJson, AttentionJson, AuditEntryJson, DisputeJson, OperatorRole } from '@store/domain';
import type { OutgoingMail } from '../identity/sign-in.ports';

/** A member of staff, as the back office knows them (never a shopper: their own table and sessions). */
export interface Operator {
  readonly id: string;
  readonly email: string;
  readonly badgeNumber: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: OperatorRole;
  readonly disabled: boolean;
  readonly createdAt: Date;
}

/** What signing in checks, besides who they are: kept apart from the account itself. */
export interface OperatorCredentials {
  readonly operator: Operator;
  readonly passwordHash: string;
  readonly totpSecret: string;
  readonly lockedUntil: Date | null;
}

export interface NewOperator {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: OperatorRole;
  readonly passwordHash: string;
  readonly totpSecret: string;
  readonly createdBy: string | null;
}

export interface OperatorDirectory {
  credentialsFor(email: string): Promise<OperatorCredentials | null>;
  find(id: string): Promise<Operator | null>;
  list(): Promise<readonly Operator[]>;
  /** Throws DomainError OPERATOR_EXISTS when the email is taken. */
  create(operator: NewOperator): Promise<Operator>;
  /**
   * A good password and code: the code's time step is kept so it cannot be used again, and the
   * failures are forgotten. False when that step (or a later one) was used already: a replay.
   */
  signedIn(id: string, totpStep: number): Promise<boolean>;
  /** A failed sign-in counted; at `lockout.attempts` the account is locked until `now + lockMs`. */
  signInFailed(id: string, now: Date, lockout: { readonly attempts: number; readonly lockMs: number }): Promise<void>;
  /**
   * Changes the role or the disabled mark, answering the operator before and after; refuses
   * (OPERATOR_LAST_ADMIN) leaving no active administrator. Disabling ends their sessions.
   */
  update(id: string, change: { readonly role?: OperatorRole; readonly disabled?: boolean }): Promise<{ readonly before: Operator; readonly after: Operator } | null>;
}
export const OPERATOR_DIRECTORY = Symbol('OperatorDirectory');

/** Staff sessions: opened at sign-in, read on every call (idle and absolute limits), closed at sign-out. */
export interface OperatorSessions {
  open(operatorId: string, idDigest: string, now: Date): Promise<{ readonly expiresAt: Date }>;
  /** The operator of a live session, its idle clock restarted; null when unknown, idle too long, past its end or the operator disabled. */
  read(idDigest: string, now: Date): Promise<{ readonly operator: Operator; readonly expiresAt: Date } | null>;
  close(idDigest: string): Promise<void>;
}
export const OPERATOR_SESSIONS = Symbol('OperatorSessions');

/** The authenticator app's codes (TOTP): a new secret for a new operator, and which time step a code is for. */
export interface OperatorAuthenticator {
  newSecret(label: string): { readonly secret: string; readonly uri: string };
  /** The code's time step when it is right now (one step of drift either side), else null. */
  matchingStep(secret: string, code: string, now: Date): Promise<number | null>;
}
export const OPERATOR_AUTHENTICATOR = Symbol('OperatorAuthenticator');

export interface AuditEntry {
  readonly operatorId: string | null;
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly requestId?: string | null;
}

/** Append-only: the database refuses changes and removals of entries. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  list(filter: { readonly subjectType?: string; readonly subjectId?: string; readonly operatorId?: string; readonly beforeId?: string; readonly limit: number }): Promise<readonly AuditEntryJson[]>;
}
export const AUDIT_LOG = Symbol('AuditLog');

/** What the back office reads, already in the shape its pages show. */
export interface BackOfficeReads {
  searchOrders(criteria: { readonly text: string | null; readonly from: string | null; readonly to: string | null; readonly limit: number }): Promise<AdminOrderSearchJson>;
  /** Null when no such order. */
  order(number: string): Promise<Omit<AdminOrderJson, 'lines' | 'can_refund'> & { readonly lines: readonly Omit<AdminOrderJson['lines'][number], 'refundable'>[] } | null>;
  disputes(filter: { readonly status: string | null }): Promise<readonly DisputeJson[]>;
  dispute(id: string): Promise<DisputeJson | null>;
  attention(now: Date, pendingWindowMs: number): Promise<AttentionJson>;
}
export const BACK_OFFICE_READS = Symbol('BackOfficeReads');

export type StoredRefundState = 'in-flight' | 'unknown' | 'pending' | 'refunded' | 'voided' | 'declined';

export interface StoredRefund {
  readonly id: string;
  readonly orderNumber: string;
  readonly requestKey: string;
  readonly sequence: number;
  readonly gateway: 'braintree' | 'digital-river';
  readonly transactionId: string;
  readonly state: StoredRefundState;
  readonly positions: readonly number[];
  readonly whole: boolean;
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  readonly chargedMinor: number;
  readonly reason: string;
  readonly operatorId: string | null;
  readonly providerRefundId: string | null;
  /** The credit note's number within the order (given when the refund is done), null before, or when declined. */
  readonly creditNoteSequence: number | null;
  readonly claimedAt: Date;
}

export type RefundClaim = Omit<StoredRefund, 'sequence' | 'state' | 'providerRefundId' | 'claimedAt' | 'creditNoteSequence'>;

/**
 * The refunds' ledger: a refund is claimed (its lines held, one standing refund per line) before
 * the provider is asked, and settled with the provider's answer.
 */
export interface RefundLedger {
  /** The refund made under this request key, if any. */
  byRequestKey(orderNumber: string, requestKey: string): Promise<StoredRefund | null>;
  /** The order's lines held by a standing refund (not declined). */
  refundedPositions(orderNumber: string): Promise<readonly number[]>;
  /**
   * Claims the refund: 'claimed', or 'lines-taken' (a line is held by another standing refund), or
   * 'key-taken' (another request with this key claimed first: read it with byRequestKey).
   */
  claim(refund: RefundClaim): Promise<'claimed' | 'lines-taken' | 'key-taken'>;
  /**
   * Takes over a claim whose answer was never written (unknown, or in flight longer than
   * `staleMs`: its caller died). False when someone else holds it now, or it was settled.
   */
  takeOver(refundId: string, staleMs: number): Promise<boolean>;
  unknown(refundId: string): Promise<void>;
  /** Refused for sure: its lines are free again. */
  declined(refundId: string, reason: string): Promise<void>;
  /** Never asked of the provider (refused before it): gone, its lines and its request key free again. */
  withdrawn(refundId: string): Promise<void>;
  /**
   * Done (or accepted by the provider, 'pending'): in one transaction the refund's state and its
   * credit note's number (the order's next), the refunded lines' keys revoked, the order refunded
   * when no line is left, and the shopper's mail (made knowing that number) queued.
   */
  settled(refundId: string, outcome: 'pending' | 'refunded' | 'voided', providerRefundId: string, notice: (creditNoteSequence: number) => OutgoingMail | null): Promise<StoredRefund>;
  find(refundId: string): Promise<StoredRefund | null>;
  /** Refunds without an answer (unknown, or in flight longer than `staleMs`) and those the provider is finishing (pending), oldest first. */
  unfinished(staleMs: number, limit: number): Promise<readonly StoredRefund[]>;
  /** A pending refund the provider finished: refunded. False when it was not pending. */
  confirmed(refundId: string): Promise<boolean>;
}
export const REFUND_LEDGER = Symbol('RefundLedger');

export type StoredDisputeStatus = 'open' | 'accepted' | 'disputed' | 'won' | 'lost' | 'expired' | 'other';

export interface StoredDispute {
  readonly id: string;
  readonly gateway: 'braintree' | 'digital-river';
  readonly orderNumber: string | null;
  readonly status: StoredDisputeStatus;
  readonly keysRevoked: boolean;
}

export interface DisputeStore {
  find(id: string): Promise<StoredDispute | null>;
  /** Opens or moves the dispute to what the provider says (a late, older notification never moves it back: `occurredAt`). */
  record(dispute: {
    readonly id: string;
    readonly gateway: 'braintree' | 'digital-river';
    readonly transactionId: string | null;
    readonly status: StoredDisputeStatus;
    readonly reason: string | null;
    readonly amountMinor: number | null;
    readonly currency: string | null;
    readonly replyBy: string | null;
    readonly occurredAt: Date;
  }): Promise<StoredDispute>;
  addEvidence(disputeId: string, evidence: { readonly id: string; readonly kind: 'text' | 'file'; readonly summary: string; readonly operatorId: string }): Promise<void>;
  /** A lost dispute's order: refunded, every key revoked and the shopper's notice queued, once. */
  revokeForLoss(disputeId: string, notice: OutgoingMail | null): Promise<boolean>;
}
export const DISPUTE_STORE = Symbol('DisputeStore');

/** Issuing a fresh key for a line, the old one revoked and kept as replaced by it. */
export interface ProductKeyReissue {
  reissue(orderNumber: string, linePosition: number, newKey: string): Promise<{ readonly oldKey: string; readonly newKey: string } | null>;
}
export const PRODUCT_KEY_REISSUE = Symbol('ProductKeyReissue');

/** The actions of the "needs a person" lists, on what they name. */
export interface AttentionActions {
  /** A failed provider notification made due now. False when it is not waiting. */
  retryNotification(id: string, now: Date): Promise<boolean>;
  /** An exemption certificate an order used, approved or rejected. False when it is not awaiting review. */
  reviewCertificate(id: string, outcome: 'approved' | 'rejected', operatorId: string): Promise<boolean>;
  /** An unverified tax ID check made due now for the retrying job. False when it is no longer unverified. */
  retryTaxIdCheck(id: string, now: Date): Promise<boolean>;
}
export const ATTENTION_ACTIONS = Symbol('AttentionActions');
