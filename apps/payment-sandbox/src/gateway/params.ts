import { XmlList, type XmlObject, type XmlValue } from './xml';

/**
 * A request body as the server SDK sends it: JSON with snake_case keys. Read leniently (numbers or
 * strings, `true` or `"true"`), as the gateway does with form-style parameters.
 */
export class Params {
  constructor(readonly raw: Readonly<Record<string, unknown>> = {}) {}

  /** Null when the body is not a JSON object. An empty body is an empty object. */
  static parse(body: Buffer): Params | null {
    const text = body.toString('utf8').trim();
    if (text === '') return new Params();
    try {
      const value: unknown = JSON.parse(text);
      return isRecord(value) ? new Params(value) : null;
    } catch {
      return null;
    }
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  string(key: string): string | null {
    const value = this.raw[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return null;
  }

  boolean(key: string): boolean {
    const value = this.raw[key];
    return value === true || value === 'true' || value === 1 || value === '1';
  }

  object(key: string): Params {
    const value = this.raw[key];
    return new Params(isRecord(value) ? value : {});
  }

  /** The string members of a list field (for search values). */
  strings(key: string): string[] | null {
    const value = this.raw[key];
    if (!Array.isArray(value)) return null;
    return value.filter((item) => typeof item === 'string' || typeof item === 'number').map(String);
  }

  keys(): string[] {
    return Object.keys(this.raw).filter((key) => this.has(key));
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/** Fields the gateway never echoes back in an error response's `<params>`. */
const SECRET_PARAMS = new Set(['number', 'cvv', 'private_key']);

function paramValue(value: unknown): XmlValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return typeof value === 'number' ? String(value) : value;
  if (Array.isArray(value)) return new XmlList('item', value.map(paramValue).filter((item): item is XmlValue => item !== undefined));
  if (isRecord(value)) return paramsXml(new Params(value));
  return undefined;
}

/** The request's parameters, for the `<params>` of an error response. */
export function paramsXml(params: Params): XmlObject {
  return Object.fromEntries(
    Object.entries(params.raw)
      .filter(([key]) => !SECRET_PARAMS.has(key))
      .map(([key, value]) => [key, paramValue(value)]),
  );
}
