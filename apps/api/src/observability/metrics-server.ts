import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoreMetrics } from './store-metrics';

/**
 * The Prometheus scrape endpoint on a port of its own (METRICS_PORT, bound to METRICS_HOST), so the
 * public port never serves it: the metrics name routes, volumes and failures an outsider has no
 * business reading. A plain node:http server with one address, GET /metrics; anything else is 404
 * and any other method 405, with no body worth reading.
 */
export async function startMetricsServer(metrics: StoreMetrics, host: string, port: number): Promise<{ readonly server: Server; readonly port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  // A scraper that stops reading must not hold a socket for ever.
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Not a reason to keep the process alive: the API's own server is.
  server.unref();
  return { server, port: (server.address() as AddressInfo).port };
}
