export default async function teardown() {
  const server = globalThis.__STORE_TEST_POSTGRES__;
  if (!server) return;
  globalThis.__STORE_TEST_POSTGRES__ = undefined;
  delete process.env.TEST_DATABASE_ADMIN_URL;
  await server.stop();
}
