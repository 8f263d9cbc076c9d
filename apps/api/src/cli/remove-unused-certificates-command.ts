import { RemoveUnusedTaxCertificates } from '@store/application';
import { createDataSource, S3FileStorage, SystemClock, TypeOrmTaxCertificateRepository } from '@store/infrastructure';
import { loadConfig } from '../config/app-config';
import { createFileStorage } from '../tax-exemption/file-storage.provider';

/**
 * `remove-unused-certificates`: one run of the clean-up the API also runs hourly, for a store that
 * prefers cron (or runs the API without its timers). Safe beside running API instances and other
 * runs: each certificate is removed by one of them. Prints what it removed.
 */
export async function removeUnusedCertificatesCommand(env: Record<string, string | undefined>, write: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  const storage = createFileStorage(config, dataSource);
  try {
    const run = await new RemoveUnusedTaxCertificates(new TypeOrmTaxCertificateRepository(dataSource), storage, new SystemClock()).run();
    write(`Removed ${run.removed.length} unused tax certificate(s)`);
    for (const certificate of run.filesLeft) write(`The file ${certificate.storageKey} of a removed certificate could not be removed`);
    return run.filesLeft.length === 0 ? 0 : 1;
  } finally {
    if (storage instanceof S3FileStorage) storage.close();
    await dataSource.destroy();
  }
}
