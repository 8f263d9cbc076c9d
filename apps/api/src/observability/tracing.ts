/**
 * main.ts's first import, so that it runs before anything loads `http` or `pg`: OpenTelemetry's
 * instrumentations work by wrapping those modules as they are first required. When no OTLP endpoint
 * is configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the standard
 * settings), or OTEL_SDK_DISABLED is true, nothing of OpenTelemetry is loaded: tracing costs a store
 * that does not use it nothing, on every request.
 */
const env = process.env;
const endpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_ENDPOINT'];
let shutdown: (() => Promise<void>) | null = null;
if (endpoint && env['OTEL_SDK_DISABLED'] !== 'true') {
  // A synchronous require, on purpose: an import() would let main.ts go on loading http first.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  shutdown = (require('./tracing-sdk') as typeof import('./tracing-sdk')).startTracing();
}

/** Sends the spans still waiting in the batch (the last requests of a stopping instance); nothing when tracing is off. */
export async function flushTracing(): Promise<void> {
  await shutdown?.().catch(() => undefined);
}
