import type { Provider } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage } from '@store/application';
import { PostgresFileStorage, S3FileStorage } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The file store FILE_STORAGE names; its settings were checked when the configuration was loaded. */
export function createFileStorage(config: AppConfig, dataSource: DataSource): FileStorage {
  if (config.FILE_STORAGE !== 's3') return new PostgresFileStorage(dataSource);
  const keys =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return new S3FileStorage({
    bucket: config.S3_BUCKET as string,
    region: config.S3_REGION as string,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: keys,
  });
}

export const fileStorageProvider: Provider = {
  provide: FILE_STORAGE,
  useFactory: createFileStorage,
  inject: [AppConfig, DataSource],
};
