import type { DigitalRiverContext, DrReply, DrRequest } from './context';
import { badRequest, conflict, invalid, isObject, jsonBody, missing, noContent, notFound, ok, type Json } from './http';
import type { CustomerRecord, FileRecord, TaxCertificate, TaxIdentifierRecord } from './model';
import { listOf, presentCustomer, presentFile, presentSource, presentTaxIdentifier } from './presenters';
import { DigitalRiverStore, now } from './store';
import { normalizeTaxIdentifier, TAX_IDENTIFIER_TYPES, taxIdentifierState } from './tax';

/** Tax identifiers, customers (with tax certificates), files, and GET /sources/{id}. */

// Tax identifiers

export function createTaxIdentifier(context: DigitalRiverContext, body: Json): DrReply {
  if (body.type === undefined) return missing('type');
  if (body.value === undefined) return missing('value');
  const type = String(body.type);
  if (!TAX_IDENTIFIER_TYPES[type]) return invalid('type', `Tax identifier type '${type}' is not supported.`);
  const value = normalizeTaxIdentifier(String(body.value));
  // The provider's documented answer for a badly formatted tax identifier.
  if (!TAX_IDENTIFIER_TYPES[type].pattern.test(value)) return invalid('value', `Tax identifier '${String(body.value)}' invalid.`);
  const time = now();
  const state = taxIdentifierState(type, value);
  const record: TaxIdentifierRecord = {
    id: DigitalRiverStore.uuid(),
    type,
    value,
    state,
    stateTransitions: { [state]: time },
    createdTime: time,
    updatedTime: time,
    ...(state === 'verified' ? { verifiedName: '---', verifiedAddress: '---' } : {}),
  };
  context.store.state.taxIdentifiers[record.id] = record;
  context.store.save();
  return ok(presentTaxIdentifier(record), 201);
}

export function getTaxIdentifier(context: DigitalRiverContext, id: string): DrReply {
  const record = context.store.state.taxIdentifiers[id];
  return record ? ok(presentTaxIdentifier(record)) : notFound('Tax identifier', id);
}

export function listTaxIdentifiers(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const customerId = query.get('customerId');
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100);
  const data = Object.values(context.store.state.taxIdentifiers)
    .filter((record) => !customerId || record.customerId === customerId)
    .sort((a, b) => b.createdTime.localeCompare(a.createdTime))
    .map(presentTaxIdentifier);
  return ok(listOf(data, limit));
}

export function deleteTaxIdentifier(context: DigitalRiverContext, id: string): DrReply {
  if (!context.store.state.taxIdentifiers[id]) return notFound('Tax identifier', id);
  delete context.store.state.taxIdentifiers[id];
  context.store.save();
  return noContent;
}

// Customers

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

function taxCertificateOf(context: DigitalRiverContext, value: unknown): TaxCertificate | DrReply {
  if (!isObject(value)) return invalid('taxCertificate', 'taxCertificate must be an object.');
  for (const key of ['companyName', 'taxAuthority', 'startDate', 'endDate', 'fileId']) {
    if (typeof value[key] !== 'string' || value[key] === '') return missing(`taxCertificate.${key}`);
  }
  const certificate = value as unknown as TaxCertificate;
  if (!/^[A-Za-z]{2}$/.test(certificate.taxAuthority)) return invalid('taxCertificate.taxAuthority', `'${certificate.taxAuthority}' is not a valid taxAuthority.`);
  for (const key of ['startDate', 'endDate'] as const) {
    if (!ISO_DATE.test(certificate[key]) || Number.isNaN(Date.parse(certificate[key]))) return invalid(`taxCertificate.${key}`, `'${certificate[key]}' is not a valid date.`);
  }
  if (!context.store.state.files[certificate.fileId]) return invalid('taxCertificate.fileId', `File '${certificate.fileId}' not found.`);
  return { companyName: certificate.companyName, taxAuthority: certificate.taxAuthority.toUpperCase(), startDate: certificate.startDate, endDate: certificate.endDate, fileId: certificate.fileId };
}

const isError = (value: unknown): value is DrReply => isObject(value) && 'status' in value && 'body' in value;

function applyCustomerFields(context: DigitalRiverContext, customer: CustomerRecord, body: Json): DrReply | null {
  if (body.email !== undefined) customer.email = String(body.email);
  if (body.locale !== undefined) customer.locale = String(body.locale);
  if (body.type !== undefined) {
    if (body.type !== 'business' && body.type !== 'individual') return invalid('type', `'${String(body.type)}' is not a valid type.`);
    customer.type = body.type;
  }
  if (body.enabled !== undefined) customer.enabled = body.enabled !== false;
  if (isObject(body.metadata)) customer.metadata = body.metadata;
  if (body.taxCertificate !== undefined) {
    const certificate = taxCertificateOf(context, body.taxCertificate);
    if (isError(certificate)) return certificate;
    customer.taxCertificates.push(certificate);
  }
  customer.updatedTime = now();
  return null;
}

export function createCustomer(context: DigitalRiverContext, body: Json): DrReply {
  const id = body.id !== undefined ? String(body.id) : DigitalRiverStore.numericId();
  if (context.store.state.customers[id]) return conflict('invalid_parameter', `Customer '${id}' already exists.`, 'id');
  const time = now();
  const customer: CustomerRecord = { id, enabled: true, taxCertificates: [], createdTime: time, updatedTime: time };
  const problem = applyCustomerFields(context, customer, body);
  if (problem) return problem;
  context.store.state.customers[id] = customer;
  context.store.save();
  return ok(presentCustomer(context, customer), 201);
}

export function getCustomer(context: DigitalRiverContext, id: string): DrReply {
  const customer = context.store.state.customers[id];
  return customer ? ok(presentCustomer(context, customer)) : notFound('Customer', id);
}

export function updateCustomer(context: DigitalRiverContext, id: string, body: Json): DrReply {
  const existing = context.store.state.customers[id];
  if (!existing) return notFound('Customer', id);
  const customer = structuredClone(existing);
  const problem = applyCustomerFields(context, customer, body);
  if (problem) return problem;
  context.store.state.customers[id] = customer;
  context.store.save();
  return ok(presentCustomer(context, customer));
}

export function deleteCustomer(context: DigitalRiverContext, id: string): DrReply {
  if (!context.store.state.customers[id]) return notFound('Customer', id);
  delete context.store.state.customers[id];
  context.store.save();
  return noContent;
}

/** POST /customers/{id}/tax-identifiers/{taxId}: the provider's documented 409 when another customer holds it. */
export function attachTaxIdentifierToCustomer(context: DigitalRiverContext, id: string, taxId: string): DrReply {
  const { state } = context.store;
  if (!state.customers[id]) return notFound('Customer', id);
  const record = state.taxIdentifiers[taxId];
  if (!record) return notFound('Tax identifier', taxId);
  if (record.customerId && record.customerId !== id) return conflict('customer_not_updateable', "You cannot replace a tax identifier's customer id.", 'customerId');
  record.customerId = id;
  record.updatedTime = now();
  context.store.save();
  return ok(presentTaxIdentifier(record));
}

/** POST /customers/{id}/sources/{sourceId}: saves the source to the customer (it becomes reusable). */
export function attachSourceToCustomer(context: DigitalRiverContext, id: string, sourceId: string): DrReply {
  const { state } = context.store;
  if (!state.customers[id]) return notFound('Customer', id);
  const source = state.sources[sourceId];
  if (!source) return notFound('Source', sourceId, 'sourceId');
  source.customerId = id;
  source.reusable = true;
  source.updatedTime = now();
  context.store.save();
  return ok(presentSource(source));
}

export function detachSourceFromCustomer(context: DigitalRiverContext, id: string, sourceId: string): DrReply {
  const source = context.store.state.sources[sourceId];
  if (!context.store.state.customers[id]) return notFound('Customer', id);
  if (!source || source.customerId !== id) return notFound('Source', sourceId, 'sourceId');
  delete source.customerId;
  source.state = 'cancelled';
  source.updatedTime = now();
  context.store.save();
  return noContent;
}

// Files

interface FormPart {
  readonly name: string;
  readonly fileName: string | null;
  readonly contentType: string | null;
  readonly data: Buffer;
}

/** A small multipart/form-data reader (the provider takes the certificate file that way). */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          fileName: /filename="([^"]*)"/i.exec(headers)?.[1] ?? null,
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null,
          data: chunk.subarray(headerEnd + 4),
        });
      }
    }
    start = next;
  }
  return parts;
}

const FILE_TYPES: Readonly<Record<string, string>> = { pdf: 'pdf', jpg: 'jpg', jpeg: 'jpg', png: 'png', csv: 'csv', txt: 'txt' };

/** POST /files: multipart/form-data (`file`, `purpose`, `fileName?`, `title?`) or JSON with the file in base64. */
export function createFile(context: DigitalRiverContext, request: DrRequest): DrReply {
  const contentType = request.headers['content-type'] ?? '';
  let purpose: string | undefined;
  let fileName: string | null = null;
  let title: string | null = null;
  let data: Buffer | null = null;
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const parts = parseMultipart(request.body, contentType);
    if (!parts) return badRequest('invalid_format', undefined, 'The multipart body has no boundary.');
    const field = (name: string) => parts.find((part) => part.name === name);
    purpose = field('purpose')?.data.toString('utf8');
    title = field('title')?.data.toString('utf8') ?? null;
    const file = field('file');
    data = file?.data ?? null;
    fileName = field('fileName')?.data.toString('utf8') ?? file?.fileName ?? null;
  } else {
    const parsed = jsonBody(request);
    if ('error' in parsed) return parsed.error;
    const { body } = parsed;
    purpose = body.purpose === undefined ? undefined : String(body.purpose);
    title = body.title === undefined ? null : String(body.title);
    fileName = body.fileName === undefined ? null : String(body.fileName);
    data = typeof body.file === 'string' ? Buffer.from(body.file, 'base64') : null;
    if (data && !fileName) return missing('fileName');
  }
  if (!data) return missing('file');
  if (!purpose) return missing('purpose');
  const extension = fileName?.split('.').pop()?.toLowerCase() ?? '';
  const record: FileRecord = { id: DigitalRiverStore.uuid(), purpose, fileName, title, size: data.length, type: FILE_TYPES[extension] ?? 'unknown', createdTime: now() };
  context.store.state.files[record.id] = record;
  context.store.save();
  return ok(presentFile(record), 201);
}

export function getFile(context: DigitalRiverContext, id: string): DrReply {
  const record = context.store.state.files[id];
  return record ? ok(presentFile(record)) : notFound('File', id);
}

// Sources

export function getSource(context: DigitalRiverContext, id: string): DrReply {
  const source = context.store.state.sources[id];
  return source ? ok(presentSource(source)) : notFound('Source', id);
}
