import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import {
  BASKET_REPOSITORY,
  CLOCK,
  FILE_STORAGE,
  GetTaxCertificateFile,
  ID_GENERATOR,
  RemoveUnusedTaxCertificates,
  TAX_CERTIFICATE_REPOSITORY,
  UploadTaxCertificate,
  type BasketRepository,
  type Clock,
  type FileStorage,
  type IdGenerator,
  type TaxCertificateRepository,
} from '@store/application';
import { S3FileStorage, TypeOrmTaxCertificateRepository } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { CertificateUploadInterceptor } from './certificate-upload.interceptor';
import { fileStorageProvider } from './file-storage.provider';
import { SignedInCustomerGuard } from './signed-in-customer.guard';
import { TaxCertificateController } from './tax-certificate.controller';
import { UnusedCertificatesJob } from './unused-certificates.job';

/** Sales tax exemption certificates (spec 2 §2, §5, §7): upload within a quota, download, and removal of unused ones. */
@Module({
  controllers: [TaxCertificateController],
  providers: [
    fileStorageProvider,
    { provide: TAX_CERTIFICATE_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmTaxCertificateRepository(ds), inject: [DataSource] },
    {
      provide: UploadTaxCertificate,
      useFactory: (certificates: TaxCertificateRepository, storage: FileStorage, baskets: BasketRepository, clock: Clock, ids: IdGenerator) =>
        new UploadTaxCertificate(certificates, storage, baskets, clock, ids),
      inject: [TAX_CERTIFICATE_REPOSITORY, FILE_STORAGE, BASKET_REPOSITORY, CLOCK, ID_GENERATOR],
    },
    {
      provide: GetTaxCertificateFile,
      useFactory: (certificates: TaxCertificateRepository, storage: FileStorage) => new GetTaxCertificateFile(certificates, storage),
      inject: [TAX_CERTIFICATE_REPOSITORY, FILE_STORAGE],
    },
    {
      provide: RemoveUnusedTaxCertificates,
      useFactory: (certificates: TaxCertificateRepository, storage: FileStorage, clock: Clock) => new RemoveUnusedTaxCertificates(certificates, storage, clock),
      inject: [TAX_CERTIFICATE_REPOSITORY, FILE_STORAGE, CLOCK],
    },
    UnusedCertificatesJob,
    SignedInCustomerGuard,
    CertificateUploadInterceptor,
  ],
  exports: [FILE_STORAGE, TAX_CERTIFICATE_REPOSITORY, RemoveUnusedTaxCertificates, UnusedCertificatesJob],
})
export class TaxExemptionModule implements OnModuleDestroy {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /** An object store's client holds pooled connections; the database's are closed by TypeORM. */
  onModuleDestroy(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
