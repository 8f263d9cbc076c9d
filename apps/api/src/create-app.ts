import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { resolve } from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import type { Checkpoints } from '@store/application';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { mountApiDocs } from './http/api-docs';
import { createValidationPipe } from './http/validation';
import { keepIdleConnectionsOpen } from './http/idle-connections';
import { answerParserRefusals } from './http/parser-refusals';
import { parseCookiesWhenRead, requestEdge } from './http/edge';
import { createLoggers, StoreLogger } from './http/logging';
import { serveWebApp } from './web/serve-web-app';
import { savedConsent } from './consent/consent.controller';
import { STORE_METRICS } from './observability/observability.module';
import type { StoreMetrics } from './observability/store-metrics';

export const DEFAULT_WEB_DIST_DIR = resolve(__dirname, '../../web/dist');

/** Builds the whole HTTP application from a checked configuration, ready to listen. */
export async function createApp(config: AppConfig, options: { readonly checkpoints?: Checkpoints } = {}): Promise<NestExpressApplication> {
  // Express matches routes regardless of letter case by default, so /DATA/checkout/ would reach the
  // checkout: one address, one spelling. The router reads this setting when it is first made, so it
  // is set on an instance of our own before Nest registers anything.
  const server = express();
  server.set('case sensitive routing', true);
  // No ETag: data answers may not be stored (no-store) and each page carries a fresh nonce, so a
  // validator could never match; working one out hashed every answer for nothing.
  server.set('etag', false);
  parseCookiesWhenRead(server);
  const loggers = createLoggers(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.checkpoints), new ExpressAdapter(server), {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(new StoreLogger(loggers.app));
  // No enableShutdownHooks: on a signal Nest would close the database and the upload folder before
  // the requests in progress are answered, and wait for them without bound; main.ts drains first.
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  app.disable('x-powered-by');
  answerParserRefusals(app.getHttpServer());
  keepIdleConnectionsOpen(app.getHttpServer());
  // Request id, security headers, access log, the request's scope and the body parsers.
  // Requests are timed for the metrics only when they are served (METRICS_PORT).
  const metrics = config.METRICS_PORT === undefined ? undefined : app.get<StoreMetrics>(STORE_METRICS);
  app.use(requestEdge(config, loggers.access, metrics));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());

  const openApi = new DocumentBuilder()
    .setTitle('Software store API')
    .setDescription('Catalogue, basket and checkout data calls. Data calls need the header X-Requested-With: XMLHttpRequest.')
    .setVersion('0.1.0')
    .build();
  mountApiDocs(app, () => SwaggerModule.createDocument(app, openApi));

  serveWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR, { consentOf: (request) => savedConsent(request, config.COOKIE_PREFIX) });
  return app;
}
