import { PostgresFileStorage, S3FileStorage } from '@store/infrastructure';
import type { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/app-config';
import { createFileStorage } from './file-storage.provider';

const DATABASE_URL = 'postgres://store:pw@127.0.0.1:5432/store';
const S3 = { DATABASE_URL, FILE_STORAGE: 's3', S3_BUCKET: 'store-certificates', S3_REGION: 'eu-west-2' };
const noDatabase = {} as DataSource;

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the file storage setting', () => {
  it('keeps files in Postgres unless told otherwise', () => {
    const config = loadConfig({ DATABASE_URL });
    expect(config).toMatchObject({ FILE_STORAGE: 'postgres', S3_FORCE_PATH_STYLE: false });
    expect(createFileStorage(config, noDatabase)).toBeInstanceOf(PostgresFileStorage);
  });

  it('uses an S3 bucket when FILE_STORAGE is s3, with or without keys', () => {
    for (const env of [
      { ...S3 },
      { ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret' },
      { ...S3, S3_REGION: 'auto' },
    ]) {
      const config = loadConfig(env);
      const storage = createFileStorage(config, noDatabase);
      expect(storage).toBeInstanceOf(S3FileStorage);
      (storage as S3FileStorage).close();
    }
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it.each([
    ['an unknown store', { DATABASE_URL, FILE_STORAGE: 'disk' }, /^Invalid configuration: FILE_STORAGE: FILE_STORAGE must be postgres or s3/],
    ['s3 without a bucket', { DATABASE_URL, FILE_STORAGE: 's3' }, /^Invalid configuration: S3_BUCKET: .* \(it is not set\)$/],
    ['a bucket name S3 would refuse', { ...S3, S3_BUCKET: 'Not_A_Bucket' }, /^Invalid configuration: S3_BUCKET: /],
    ['a region that is not one', { ...S3, S3_REGION: 'Europe' }, /^Invalid configuration: S3_REGION: /],
    ['an endpoint without a scheme', { ...S3, S3_ENDPOINT: 'minio:9000' }, /^Invalid configuration: S3_ENDPOINT: /],
    ['path style neither true nor false', { ...S3, S3_FORCE_PATH_STYLE: 'maybe' }, /^Invalid configuration: S3_FORCE_PATH_STYLE: /],
    ['an access key without its secret', { ...S3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /^Invalid configuration: S3_SECRET_ACCESS_KEY: .* \(it is not set\)$/],
    ['a secret without its access key', { ...S3, S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI' }, /^Invalid configuration: S3_ACCESS_KEY_ID: .* \(it is not set\)$/],
  ])('stops at start on %s, naming the setting', (_, env, message) => {
    expect(configError(env)).toMatch(message);
  });

  it('never repeats a key in its error', () => {
    const message = configError({ ...S3, S3_ACCESS_KEY_ID: 'AKIA EXAMPLE', S3_SECRET_ACCESS_KEY: 'very secret value' });
    expect(message).toMatch(/^Invalid configuration: S3_ACCESS_KEY_ID: .*a value that is not shown/);
    expect(message).not.toContain('AKIA');
    const secret = configError({ ...S3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very secret value' });
    expect(secret).toMatch(/^Invalid configuration: S3_SECRET_ACCESS_KEY: /);
    expect(secret).not.toContain('very secret');
  });

  it('ignores the S3 settings while files stay in Postgres', () => {
    expect(loadConfig({ DATABASE_URL, S3_REGION: 'Europe' }).FILE_STORAGE).toBe('postgres');
  });
});
