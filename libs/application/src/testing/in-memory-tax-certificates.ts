import { certificateQuotaBreach, type CertificateQuota, type CertificateQuotaBreach } from '@store/domain';
import type { BasketCertificate, BasketCertificates } from '../payments/merchant-checkout.use-cases';
import type { CertificateClaim, CertificateUsage, FileContent, FileSource, FileStorage, RemovedCertificate, StoredFile, TaxCertificate, TaxCertificateRepository } from '../tax-exemption/tax-exemption.ports';
import type { InMemoryBasketRepository } from './in-memory-basket.repository';

/** Files by key: a key is never reused, and a missing file is no error to delete. */
export class InMemoryFileStorage implements FileStorage {
  readonly files = new Map<string, FileContent>();
  /** Keys whose delete fails, as an unreachable object store would. */
  readonly undeletable = new Set<string>();

  async put(key: string, content: Uint8Array | FileSource, contentType: string): Promise<StoredFile> {
    if (this.files.has(key)) throw new Error(`taken: ${key}`);
    if (!(content instanceof Uint8Array)) throw new Error('these tests store bytes');
    const file = { key, contentType, size: content.length, sha256: `digest-of-${content.length}-bytes`, bytes: content };
    this.files.set(key, file);
    return file;
  }
  async get(key: string): Promise<FileContent | null> {
    return this.files.get(key) ?? null;
  }
  async delete(key: string): Promise<void> {
    if (this.undeletable.has(key)) throw new Error(`cannot reach the store to delete ${key}`);
    this.files.delete(key);
  }
}

/**
 * Certificates and quota claims as Postgres keeps them; the clean-up spares what an order records
 * and an open basket's newest unused certificate (the one its order would take).
 */
export class InMemoryTaxCertificates implements TaxCertificateRepository, BasketCertificates {
  readonly rows: TaxCertificate[] = [];
  readonly claims = new Map<string, CertificateClaim>();
  failNext = false;

  constructor(private readonly baskets?: InMemoryBasketRepository) {}

  async claim(claim: CertificateClaim, quota: CertificateQuota): Promise<CertificateQuotaBreach> {
    const breach = certificateQuotaBreach(await this.usage(claim.customerId, quota, claim.at), { uploads: 1, bytes: claim.size }, quota);
    if (!breach) this.claims.set(claim.id, claim);
    return breach;
  }
  async release(claimId: string): Promise<void> {
    this.claims.delete(claimId);
  }
  async add(certificate: TaxCertificate, quota: CertificateQuota): Promise<CertificateQuotaBreach> {
    if (this.failNext) throw new Error('database is down');
    this.claims.delete(certificate.id);
    const breach = certificateQuotaBreach(await this.usage(certificate.customerId, quota, certificate.createdAt), { uploads: 1, bytes: certificate.size }, quota);
    if (!breach) this.rows.push(certificate);
    return breach;
  }
  async usage(customerId: string, quota: CertificateQuota, now: Date): Promise<CertificateUsage> {
    const own = [...this.rows.filter((row) => row.customerId === customerId), ...[...this.claims.values()].filter((claim) => claim.customerId === customerId)];
    const at = (item: TaxCertificate | CertificateClaim) => ('at' in item ? item.at : item.createdAt).getTime();
    return {
      recentUploads: own.filter((item) => at(item) > now.getTime() - quota.windowMs).length,
      pendingBytes: own.filter((item) => !('orderReference' in item) || item.orderReference === null).reduce((sum, item) => sum + item.size, 0),
    };
  }
  async removeUnused(createdBefore: Date, limit: number): Promise<RemovedCertificate[]> {
    const removable = this.rows
      .filter((row) => row.createdAt < createdBefore && row.orderReference === null && !this.takenByOpenBasket(row))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit);
    for (const row of removable) this.rows.splice(this.rows.indexOf(row), 1);
    return removable.map((row) => ({ id: row.id, storageKey: row.storageKey }));
  }
  async removeExpiredClaims(madeBefore: Date): Promise<void> {
    for (const [id, claim] of this.claims) if (claim.at < madeBefore) this.claims.delete(id);
  }
  async findOwned(id: string, customerId: string): Promise<TaxCertificate | null> {
    return this.rows.find((row) => row.id === id && row.customerId === customerId) ?? null;
  }
  async forBasket(basketReference: string, customerId: string): Promise<BasketCertificate | null> {
    return this.newestUnused(basketReference, customerId);
  }

  private newestUnused(basketReference: string, customerId: string): TaxCertificate | null {
    const unused = this.rows.filter((row) => row.basketReference === basketReference && row.customerId === customerId && row.orderReference === null);
    return unused.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
  }
  private takenByOpenBasket(row: TaxCertificate): boolean {
    if (!row.basketReference || !this.baskets?.baskets.has(row.basketReference) || this.baskets.closed.has(row.basketReference)) return false;
    return this.newestUnused(row.basketReference, row.customerId) === row;
  }
}

/** A certificate of `customerId` uploaded at `createdAt`, with its file under its own key. */
export function aTaxCertificate(customerId: string, createdAt: Date, overrides: Partial<TaxCertificate> = {}): TaxCertificate {
  const id = overrides.id ?? `certificate-${createdAt.getTime()}`;
  return {
    id,
    customerId,
    taxAuthority: 'NY',
    startDate: '2026-11-01',
    endDate: '2027-10-31',
    fileName: 'certificate.pdf',
    contentType: 'application/pdf',
    size: 8,
    storageKey: `tax-certificates/${id}`,
    sha256: 'digest-of-8-bytes',
    basketReference: null,
    orderReference: null,
    createdAt,
    ...overrides,
  };
}
