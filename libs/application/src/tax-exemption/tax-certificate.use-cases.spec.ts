import type { Basket } from '@store/domain';
import { FixedClock, InMemoryBasketRepository, InMemoryFileStorage, InMemoryTaxCertificates } from '../testing';
import type { IdGenerator } from '../shared/ports';
import { GetTaxCertificateFile } from './get-tax-certificate-file.use-case';
import { UploadTaxCertificate, type UploadTaxCertificateCommand } from './upload-tax-certificate.use-case';

class Uuids implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}

const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xd9);
const command: UploadTaxCertificateCommand = {
  customerId: 'ada',
  basketReference: null,
  taxAuthority: 'NY',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  file: { name: 'cert.jpg', content: jpeg },
};
const basket = (reference: string, customerId: string | null): Basket => ({
  reference,
  countryAccount: 'US',
  discountCode: null,
  shippingCountry: null,
  customerId,
  version: 1,
  lines: [],
});

function setUp() {
  const certificates = new InMemoryTaxCertificates();
  const storage = new InMemoryFileStorage();
  const baskets = new InMemoryBasketRepository();
  baskets.baskets.set('adas-basket', basket('adas-basket', 'ada'));
  baskets.baskets.set('anonymous', basket('anonymous', null));
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  return {
    certificates,
    storage,
    upload: new UploadTaxCertificate(certificates, storage, baskets, clock, new Uuids()),
    download: new GetTaxCertificateFile(certificates, storage),
  };
}

describe('UploadTaxCertificate', () => {
  it("keeps the file and its record, with the customer's own basket", async () => {
    const { upload, certificates, storage } = setUp();
    const result = await upload.execute({ ...command, basketReference: 'adas-basket' });
    expect(result.ok).toBe(true);
    const [record] = certificates.rows;
    expect(record).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      customerId: 'ada',
      taxAuthority: 'NY',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      fileName: 'cert.jpg',
      contentType: 'image/jpeg',
      size: 8,
      storageKey: 'tax-certificates/00000000-0000-4000-8000-000000000001',
      sha256: 'digest-of-8-bytes',
      basketReference: 'adas-basket',
      orderReference: null,
      createdAt: new Date('2026-11-22T12:00:00Z'),
    });
    expect(storage.files.get(record.storageKey)?.bytes).toEqual(jpeg);
  });

  it.each([
    ['an anonymous basket', 'anonymous'],
    ['an unknown basket', 'nowhere'],
  ])('links no basket for %s', async (_, basketReference) => {
    const { upload, certificates } = setUp();
    await upload.execute({ ...command, basketReference });
    expect(certificates.rows[0].basketReference).toBeNull();
  });

  it('refuses with the upload field names and stores nothing', async () => {
    const { upload, certificates, storage } = setUp();
    const result = await upload.execute({ ...command, taxAuthority: '', startDate: '2027-06-01', endDate: '2026-01-01', file: null });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      code: 100100,
      fields: {
        tax_authority: ['Certificate tax authority is required'],
        start_date: ['Certificate start date is in the future'],
        end_date: ['Your certificate has expired'],
        file: ['Certificate is required'],
      },
    });
    expect(certificates.rows).toHaveLength(0);
    expect(storage.files.size).toBe(0);
  });

  it('refuses the upload over the quota before storing anything, and gives the claim back when storing fails', async () => {
    const { upload, certificates, storage } = setUp();
    for (let i = 0; i < 10; i += 1) expect((await upload.execute(command)).ok).toBe(true);
    const eleventh = await upload.execute(command);
    expect(!eleventh.ok && eleventh.error.code).toBe(800111);
    expect(certificates.rows).toHaveLength(10);
    expect(storage.files.size).toBe(10);
    expect(!(await upload.checkQuota('ada')).ok).toBe(true);
    expect((await upload.checkQuota('bob')).ok).toBe(true);
    storage.put = async () => {
      throw new Error('disk full');
    };
    await expect(upload.execute({ ...command, customerId: 'bob' })).rejects.toThrow('disk full');
    expect(certificates.claims.size).toBe(0);
  });

  it('removes the stored file when the record cannot be added', async () => {
    const { upload, certificates, storage } = setUp();
    certificates.failNext = true;
    await expect(upload.execute(command)).rejects.toThrow('database is down');
    expect(storage.files.size).toBe(0);
    expect(certificates.claims.size).toBe(0);
  });
});

describe('GetTaxCertificateFile', () => {
  it("gives the file to its owner only, and the same 404 to everyone else", async () => {
    const { upload, download } = setUp();
    const uploaded = await upload.execute(command);
    const id = uploaded.ok ? uploaded.value.id : '';
    const own = await download.execute(id, 'ada');
    expect(own.ok && own.value.bytes).toEqual(jpeg);
    for (const [certificateId, customerId] of [
      [id, 'bob'],
      [id, null],
      ['00000000-0000-4000-8000-000000000099', 'ada'],
      ["' OR 1=1 --", 'ada'],
    ] as const) {
      const refused = await download.execute(certificateId, customerId);
      expect(!refused.ok && refused.error.code).toBe(404);
    }
  });

  it('fails loudly when a record has lost its file', async () => {
    const { upload, download, storage } = setUp();
    const uploaded = await upload.execute(command);
    storage.files.clear();
    await expect(download.execute(uploaded.ok ? uploaded.value.id : '', 'ada')).rejects.toThrow(/missing from storage/);
  });
});
