import { trace, type Context } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { IncomingMessage } from 'node:http';

/** The attribute every span of a request carries: the id of its log lines and its X-Request-Id header. */
export const REQUEST_ID_ATTRIBUTE = 'request.id';

/**
 * Puts the request id on every span as it starts: the incoming request's span gets it from the
 * HTTP instrumentation's hook below; a span inside a request (a query, a call to a gateway) from the
 * request's scope (currentRequestId, set by the HTTP edge) or, failing that, from its parent span.
 */
class RequestIdSpanProcessor implements SpanProcessor {
  constructor(private readonly currentRequestId: () => string | null) {}

  onStart(span: Span, parentContext: Context): void {
    if (span.attributes[REQUEST_ID_ATTRIBUTE] !== undefined) return;
    const parent = trace.getSpan(parentContext) as unknown as Partial<ReadableSpan> | undefined;
    const fromParent = parent?.attributes?.[REQUEST_ID_ATTRIBUTE];
    const requestId = this.currentRequestId() ?? (typeof fromParent === 'string' ? fromParent : null);
    if (requestId) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Traces of incoming and outgoing HTTP (the braintree SDK calls its gateway with `https`), of
 * PostgreSQL statements (pg, under TypeORM) and of fetch (undici: the Digital River adapter calls
 * with the global fetch), exported by OTLP/HTTP to the endpoint of the standard settings
 * (OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is; their
 * headers and timeouts too). The service is named by OTEL_SERVICE_NAME, or software-store-api.
 * Answers how to send the spans still batched, for the shutdown.
 */
export function startTracing(): () => Promise<void> {
  let currentRequestId: () => string | null = () => null;
  let requestIdOf: (request: IncomingMessage) => string = () => '';
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env['OTEL_SERVICE_NAME'] || 'software-store-api' }),
    spanProcessors: [new RequestIdSpanProcessor(() => currentRequestId()), new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes come every few seconds from the orchestrator and say nothing about shoppers.
        ignoreIncomingRequestHook: (request) => (request.url ?? '').startsWith('/health/'),
        requestHook: (span, request) => {
          if (!('headers' in request) || 'setHeader' in request) return;
          // The id the HTTP edge will give this request, decided here, when its span starts: the
          // caller's valid X-Request-Id or a new one, written back to the header so that the edge
          // (which reads the header the same way) echoes and logs the same id.
          const incoming = request as IncomingMessage;
          const requestId = requestIdOf(incoming);
          incoming.headers['x-request-id'] = requestId;
          span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
        },
      }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  // Loaded only now, after the instrumentations are in place: these load the infrastructure lib,
  // which loads pg, whose first require the PostgreSQL instrumentation must see.
  // (Through the HTTP edge's logging, which has both: a library required here lazily would break
  // the rule that a library is imported one way throughout.)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ({ currentRequestId, requestIdOf } = require('../http/logging') as typeof import('../http/logging'));
  return () => provider.shutdown();
}
