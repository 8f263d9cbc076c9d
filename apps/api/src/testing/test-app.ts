import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Checkpoints } from '@store/application';
import { createTestDatabase, type TestDatabase } from '@store/infrastructure/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig } from '../config/app-config';
import { createApp } from '../create-app';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly db: TestDatabase;
  readonly webDir: string;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The real application on a database of its own, with a stand-in web build to serve. */
export async function createTestApp(options: { env?: Record<string, string>; migrate?: boolean; checkpoints?: Checkpoints } = {}): Promise<TestApp> {
  const db = await createTestDatabase({ seed: options.migrate ?? true });
  if (options.migrate === false) {
    await db.dataSource.undoLastMigration();
  }
  const webDir = mkdtempSync(join(tmpdir(), 'store-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Affinity Store</title><div id="root"></div>');
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir, TRUST_PROXY: 'true', ...options.env });
  const app = await createApp(config, { checkpoints: options.checkpoints });
  await app.init();
  return {
    app,
    db,
    webDir,
    http: () => request(app.getHttpServer()),
    async close() {
      await app.close();
      await db.drop();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;
