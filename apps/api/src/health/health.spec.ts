import { createTestApp, type TestApp } from '../testing/test-app';

describe('health', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('is live and ready on a migrated database', async () => {
    t = await createTestApp();
    expect((await t.http().get('/health/live')).status).toBe(200);
    const ready = await t.http().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toEqual({ database: { status: 'up' }, migrations: { status: 'up', pending: false } });
  });

  it('is live but not ready while a migration is pending', async () => {
    t = await createTestApp({ migrate: false });
    expect((await t.http().get('/health/live')).status).toBe(200);
    const ready = await t.http().get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ success: false, code: 503 });
    expect(ready.body.data.error.migrations).toEqual({ status: 'down', pending: true });
  });
});
