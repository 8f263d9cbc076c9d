// The same-stack floor: the smallest NestJS application on @nestjs/platform-express, built from the
// project's own dependencies and run under the same Node and flags as the API. It answers
//   GET /                      a fixed JSON body, the size of the API's GET /health/live answer
//   GET /basket?basket_ref=R   the basket R and its lines, read with one hand-written query (pg, no ORM)
// so the store's figures can be read as a share of what the framework it is built on can do.
// Plain CommonJS with the decorators applied by hand, so the bench needs no build step for it.
// Tells the parent its port over IPC; DATABASE_URL is needed only for the basket route.
//
// With PEER_EDGE=<log file> it is the same app behind the store's own edge middleware (the API's
// built apps/api/dist/http/edge.js: request id, security headers, no-store, access line, request
// scope, body parsers), and answers where the store's routes of the same kind live, so the edge
// treats them alike: GET /health/live (fixed JSON, no access line) and GET /data/basket?basket_ref=
// (no-store, an access line). The store against this app is what is left beyond the edge.
// It also answers GET /data/session-statement?basket_ref= with the store's own session statement
// (the built PostgresSessionSnapshots: the one query the session call sends, its rows made into
// the domain's objects) for the browser's session cookie, as JSON: the store against that is what
// its use case, presenter and framework layers cost beyond the statement itself.
require('reflect-metadata');
const { Controller, Get, Module, NotFoundException, Query, Req } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { Pool } = require('pg');

const FIXED = { status: 'ok', info: {}, error: {}, details: {} };

const pool = process.env.DATABASE_URL ? new Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;

// The basket as the page needs it: its own fields and its lines in order, one round trip.
const BASKET_SQL = `
  SELECT b.reference, b.country_account_code, b.discount_code, b.version, b.updated_at,
         COALESCE(json_agg(json_build_object(
           'reference', l.reference, 'suite_reference', l.suite_reference, 'product_reference', l.product_reference,
           'quantity', l.quantity, 'quantity_locked', l.quantity_locked, 'position', l.position) ORDER BY l.position)
           FILTER (WHERE l.reference IS NOT NULL), '[]') AS lines
    FROM baskets b LEFT JOIN basket_lines l ON l.basket_reference = b.reference
   WHERE b.reference = $1
   GROUP BY b.reference`;

// The store's own session statement, reached as the API reaches it (preparedQuery on the pool under
// a TypeORM DataSource): an object of DataSource's class whose driver's pool is this app's.
let snapshots = null;
const sessionSnapshots = () => {
  if (snapshots) return snapshots;
  const { DataSource } = require('typeorm');
  const { PostgresSessionSnapshots } = require('../../libs/infrastructure/dist/persistence/repositories/postgres-session-snapshots.js');
  const dataSource = Object.create(DataSource.prototype, { driver: { value: { master: pool } } });
  return (snapshots = new PostgresSessionSnapshots(dataSource));
};
const readSession = (request) => require('../../apps/api/dist/identity/session-cookie.js').readSessionCookie(request);
const digest = (secret) => new (require('../../libs/infrastructure/dist/security/crypto-secret-generator.js').CryptoSecretGenerator)().digest(secret);

class PeerController {
  fixed() {
    return FIXED;
  }

  async sessionStatement(reference, request) {
    const snapshot = await sessionSnapshots().read({
      sessionDigest: readSession(request) ? digest(readSession(request)) : null,
      now: new Date(),
      basketReference: reference ?? null,
    });
    return { success: true, data: snapshot };
  }

  async basket(reference) {
    const { rows } = await pool.query(BASKET_SQL, [reference]);
    if (rows.length === 0) throw new NotFoundException();
    return { success: true, basket: rows[0] };
  }
}

const decorate = (decorators, target, key) => {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  for (const decorator of decorators.reverse()) decorator(target, key, descriptor);
};
Query('basket_ref')(PeerController.prototype, 'basket', 0);
const EDGE_LOG = process.env.PEER_EDGE || null;
decorate([Get(EDGE_LOG ? 'health/live' : '')], PeerController.prototype, 'fixed');
decorate([Get(EDGE_LOG ? 'data/basket' : 'basket')], PeerController.prototype, 'basket');
if (EDGE_LOG) {
  Query('basket_ref')(PeerController.prototype, 'sessionStatement', 0);
  Req()(PeerController.prototype, 'sessionStatement', 1);
  decorate([Get('data/session-statement')], PeerController.prototype, 'sessionStatement');
}
Controller()(PeerController);

class PeerModule {}
Module({ controllers: [PeerController] })(PeerModule);

async function main() {
  const app = await NestFactory.create(PeerModule, { logger: false, ...(EDGE_LOG ? { bodyParser: false } : {}) });
  if (EDGE_LOG) {
    // The API's own configuration, read from the environment the bench gives the API.
    const { loadConfig } = require('../../apps/api/dist/config/app-config.js');
    const config = { ...loadConfig(), LOG_FILE: EDGE_LOG };
    const { requestEdge } = require('../../apps/api/dist/http/edge.js');
    const { createLoggers } = require('../../apps/api/dist/http/logging.js');
    app.disable('x-powered-by');
    app.getHttpAdapter().getInstance().set('etag', false);
    const { parseCookiesWhenRead } = require('../../apps/api/dist/http/edge.js');
    parseCookiesWhenRead(app.getHttpAdapter().getInstance());
    app.use(requestEdge(config, createLoggers(config).access));
  }
  await app.listen(0, '127.0.0.1');
  app.getHttpServer().keepAliveTimeout = 5000;
  process.send?.({ type: 'listening', port: app.getHttpServer().address().port });
  const stop = () => void Promise.all([app.close(), pool?.end()]).then(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`The peer application could not start: ${error.message}\n`);
  process.exit(1);
});
