/**
 * How much one customer may upload as exemption certificates (our figures; the spec sets none).
 *
 * A business buying for several states gives one certificate per state, and may need a second
 * attempt at a bad scan: ten an hour is several times what a real checkout needs, and stops an
 * account from being used as free file storage at speed.
 */
export const CERTIFICATE_UPLOADS_PER_HOUR = 10;
export const CERTIFICATE_UPLOAD_WINDOW_MS = 3_600_000;

/**
 * The bytes a customer may keep in certificates not yet on an order: five files of the largest
 * size, or dozens of ordinary scans (a few hundred kilobytes each). Certificates on orders are tax
 * evidence and do not count; the unused ones are removed after CERTIFICATE_UNUSED_GRACE_MS, which
 * gives the budget back.
 */
export const CERTIFICATE_PENDING_BYTES = 52_428_800;

/**
 * How long a certificate no order or open basket uses is kept: a day covers a shopper who
 * uploads and pays later the same day, and a checkout still sending it to the payment provider.
 */
export const CERTIFICATE_UNUSED_GRACE_MS = 86_400_000;

/**
 * How long an upload's claim on the quota counts while its file is being stored: storing 10 MB
 * takes well under a second, so ten minutes only matters for a process that died part-way.
 */
export const CERTIFICATE_CLAIM_TTL_MS = 600_000;

export interface CertificateQuota {
  readonly uploadsPerWindow: number;
  readonly windowMs: number;
  readonly pendingBytes: number;
  readonly claimTtlMs: number;
}

export const CERTIFICATE_QUOTA: CertificateQuota = {
  uploadsPerWindow: CERTIFICATE_UPLOADS_PER_HOUR,
  windowMs: CERTIFICATE_UPLOAD_WINDOW_MS,
  pendingBytes: CERTIFICATE_PENDING_BYTES,
  claimTtlMs: CERTIFICATE_CLAIM_TTL_MS,
};

/** Why an upload is over the quota, or null when it fits. */
export type CertificateQuotaBreach = 'too-frequent' | 'over-budget' | null;

/** The customer's recent uploads and pending bytes against the quota, with `adding` bytes more. */
export function certificateQuotaBreach(
  usage: { readonly recentUploads: number; readonly pendingBytes: number },
  adding: { readonly uploads: number; readonly bytes: number },
  quota: CertificateQuota = CERTIFICATE_QUOTA,
): CertificateQuotaBreach {
  if (usage.recentUploads + adding.uploads > quota.uploadsPerWindow) return 'too-frequent';
  // Before the size is known (adding 0 bytes), a budget already spent is over it.
  if (adding.bytes === 0 ? usage.pendingBytes >= quota.pendingBytes : usage.pendingBytes + adding.bytes > quota.pendingBytes) return 'over-budget';
  return null;
}
