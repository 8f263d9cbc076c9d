/**
 * The back office's roles. Each role can do everything the one before it can, and more:
 * support looks orders up, resends receipts and reissues product keys; finance also refunds and
 * answers disputes; admin also manages the staff accounts. docs/decisions.md says why.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ABILITIES = [
  'orders.read',
  'orders.resend-receipt',
  'orders.reissue-keys',
  'attention.read',
  'attention.resolve',
  'audit.read',
  'orders.refund',
  'disputes.handle',
  'operators.manage',
] as const;
export type OperatorAbility = (typeof OPERATOR_ABILITIES)[number];

const SUPPORT: readonly OperatorAbility[] = ['orders.read', 'orders.resend-receipt', 'orders.reissue-keys', 'attention.read', 'attention.resolve', 'audit.read'];
const FINANCE: readonly OperatorAbility[] = [...SUPPORT, 'orders.refund', 'disputes.handle'];
const ADMIN: readonly OperatorAbility[] = [...FINANCE, 'operators.manage'];

export const ROLE_ABILITIES: Readonly<Record<OperatorRole, readonly OperatorAbility[]>> = { support: SUPPORT, finance: FINANCE, admin: ADMIN };

export const isOperatorRole = (value: unknown): value is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(value);

export function roleCan(role: OperatorRole, ability: OperatorAbility): boolean {
  return ROLE_ABILITIES[role].includes(ability);
}

/**
 * How long a staff session lasts: shorter than a shopper's (30 days), and ended early by 30
 * minutes without a request, since a back-office browser left open can refund money.
 */
export const OPERATOR_SESSION = { absoluteMs: 8 * 60 * 60_000, idleMs: 30 * 60_000 } as const;

/** Failed sign-ins before a staff account is locked, and for how long. */
export const OPERATOR_LOCKOUT = { attempts: 5, lockMs: 15 * 60_000 } as const;
