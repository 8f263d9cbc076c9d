import type { INestApplication } from '@nestjs/common';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';

const DOCS_PATH = '/api/docs';

/**
 * The API's own documentation (Swagger UI under /api/docs, the OpenAPI document at /api/docs-json
 * and /api/docs-yaml), behind a single layer of the app's router.
 *
 * Express tries its layers one after another on every request, and SwaggerModule.setup adds ten
 * of them (its pages and two static folders) to the app's router, where they came before every data
 * call's route: each call paid for ten path matches that could never succeed. Here Swagger sets up
 * on a router of its own, which the app enters only for an address under /api/docs.
 */
export function mountApiDocs(app: NestExpressApplication, document: () => OpenAPIObject): void {
  // The same spelling rule as the app's router ('case sensitive routing' in createApp).
  const docs = express.Router({ caseSensitive: true });
  const adapter = new ExpressAdapter(docs as unknown as express.Express);
  // What SwaggerModule.setup uses of an application: its HTTP adapter and its static folders.
  const host = {
    getHttpAdapter: () => adapter,
    useStaticAssets: (path: string, options: { prefix?: string }) => adapter.useStaticAssets(path, options),
  };
  SwaggerModule.setup(DOCS_PATH.slice(1), host as unknown as INestApplication, document, { jsonDocumentUrl: `${DOCS_PATH.slice(1)}-json` });
  app.use((request: Request, response: Response, next: NextFunction) => (request.path.startsWith(DOCS_PATH) ? docs(request, response, next) : next()));
}
