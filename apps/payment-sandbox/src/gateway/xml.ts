/**
 * The gateway's XML dialect, written so that the server SDK's reader (xml2js, then
 * `Util.convertNodeToObject`) gives back exactly the camelCase objects its classes expect.
 */

/** A timestamp: `type="datetime"`, which the SDK keeps as a string. */
export class XmlDatetime {
  constructor(readonly iso: string) {}
}

/**
 * A list: `type="array"`. Without that attribute a one-element list would come back as an object,
 * and the SDK's classes call `.map` on these fields.
 */
export class XmlList {
  constructor(
    readonly itemTag: string,
    readonly items: readonly XmlValue[],
  ) {}
}

/** A page of search results: `type="collection"`, some fields, then the repeated items. */
export class XmlCollection {
  constructor(
    readonly fields: XmlObject,
    readonly itemTag: string,
    readonly items: readonly XmlValue[],
  ) {}
}

export interface XmlObject {
  /** An undefined field is left out; a null one is written as nil. */
  readonly [key: string]: XmlValue | undefined;
}

export type XmlValue = string | number | boolean | null | XmlDatetime | XmlList | XmlCollection | XmlObject;

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

// Every response spells the same field names again: with three regular expressions each, that was
// a tenth of the sandbox's CPU under load, so each is spelt once.
const MAX_REMEMBERED_TAGS = 2000;
const tags = new Map<string, string>();

/**
 * camelCase -> the gateway's tag. The first two steps are the SDK's own `Util.toUnderscore`, so
 * `threeDSecureInfo` gives `three-d-secure-info` and the SDK's `toCamelCase` gives the key back;
 * the digit step is the gateway's spelling of `last4` (`last-4`), which also comes back as `last4`.
 */
export function dasherize(key: string): string {
  let tag = tags.get(key);
  if (tag === undefined) {
    tag = spell(key);
    // The keys are the presenters' field names, a few hundred at most; a key from a request (a
    // custom field) is spelt again rather than kept, past that many.
    if (tags.size < MAX_REMEMBERED_TAGS) tags.set(key, tag);
  }
  return tag;
}

function spell(key: string): string {
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Za-z])(\d)/g, '$1_$2')
    .toLowerCase()
    .replace(/_/g, '-');
}

const escapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]);
}

export function datetime(date: Date | string): XmlDatetime {
  // The gateway writes whole seconds.
  return new XmlDatetime(new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z'));
}

function children(object: XmlObject): string {
  return Object.entries(object)
    .filter((entry): entry is [string, XmlValue] => entry[1] !== undefined)
    .map(([key, value]) => element(dasherize(key), value))
    .join('');
}

/** One element; `tag` is already in the gateway's spelling. */
export function element(tag: string, value: XmlValue): string {
  if (value === null) return `<${tag} nil="true"/>`;
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  if (typeof value === 'number') {
    const type = Number.isInteger(value) ? 'integer' : 'decimal';
    return `<${tag} type="${type}">${value}</${tag}>`;
  }
  if (typeof value === 'string') return `<${tag}>${escapeXml(value)}</${tag}>`;
  if (value instanceof XmlDatetime) return `<${tag} type="datetime">${value.iso}</${tag}>`;
  if (value instanceof XmlList) {
    if (value.items.length === 0) return `<${tag} type="array"/>`;
    return `<${tag} type="array">${value.items.map((item) => element(value.itemTag, item)).join('')}</${tag}>`;
  }
  if (value instanceof XmlCollection) {
    const items = value.items.map((item) => element(value.itemTag, item)).join('');
    return `<${tag} type="collection">${children(value.fields)}${items}</${tag}>`;
  }
  return `<${tag}>${children(value)}</${tag}>`;
}

/** A whole response document with its root element (`transaction`, `apiErrorResponse`, …). */
export function xmlDocument(root: string, value: XmlValue): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(dasherize(root), value)}\n`;
}
