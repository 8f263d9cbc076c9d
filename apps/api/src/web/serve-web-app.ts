import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const SERVER_PREFIXES = ['/data/', '/health/', '/api/', '/auth/', '/cookie-', '/downloads/'];

/**
 * Serves the built web app on the API's origin: its files as they are, and index.html for every
 * other page address so the browser router can take over. Server paths are never shadowed.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): boolean {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  app.useStaticAssets(distDir, { index: false, maxAge: '1h', setHeaders: immutableAssets });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && request.accepts(['html', 'json']) === 'html';
    if (!isPage || SERVER_PREFIXES.some((prefix) => request.path.startsWith(prefix) || `${request.path}/` === prefix)) {
      next();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
  return true;
}

function immutableAssets(response: Response, path: string): void {
  if (path.includes(`${join('/', 'assets', '/')}`)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
