import { Messages } from './messages';
import type { Rule } from './rule';

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** Present and not only spaces: '{label} is required', or a field's own message. */
export const required =
  (label: string, message?: string): Rule =>
  (value) =>
    isBlank(value) ? (message ?? Messages.required(label)) : null;

/** Length rules let an empty value pass: 'required' says that one. */
export const minLength =
  (n: number, message?: string): Rule =>
  (value) => {
    const text = asText(value);
    return text !== '' && [...text].length < n ? (message ?? Messages.minLength(n)) : null;
  };

export const maxLength =
  (n: number, message?: string): Rule =>
  (value) =>
    [...asText(value)].length > n ? (message ?? Messages.maxLength(n)) : null;

/** Equal to another field of the same form. */
export const sameAs =
  <F>(other: (form: F) => unknown): Rule<unknown, F> =>
  (value, form) =>
    form !== undefined && value === other(form) ? null : Messages.sameAs;

/** Different from the previous value (a new password, a new email). */
export const differsFrom =
  <F>(previous: (form: F) => unknown): Rule<unknown, F> =>
  (value, form) =>
    form !== undefined && !isBlank(value) && value === previous(form) ? Messages.doesNotMatch : null;

/**
 * A format check, not a full RFC 5322 parser: one address with a dot-atom local part (letters,
 * digits and the RFC's other atom characters, dots between) and a domain of two or more labels.
 * Quoted local parts, display names, comments and lists are refused: the store sends mail to what
 * it stores, and a comma or a '<' there could name a second mailbox. The API also checks each
 * address with the mail parser itself. An empty value passes (spec 1 §5).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[^\s@.,;:<>()[\]\\"]+(?:\.[^\s@.,;:<>()[\]\\"]+)+$/;
export const email =
  (message: string = Messages.email): Rule =>
  (value) => {
    const text = asText(value).trim();
    return text === '' || EMAIL_PATTERN.test(text) ? null : message;
  };

export const minValue =
  (n: number): Rule =>
  (value) =>
    isBlank(value) || Number(value) >= n ? null : Messages.minValue(n);

export const maxValue =
  (n: number): Rule =>
  (value) =>
    isBlank(value) || Number(value) <= n ? null : Messages.maxValue(n);

/** A box that must be ticked; the account form has its own message. */
export const checked =
  (message: string = Messages.checked): Rule =>
  (value) =>
    value === true ? null : message;

export const atLeastOne: Rule = (value) => (Array.isArray(value) && value.length > 0 ? null : Messages.atLeastOne);

/** Our choice: voucher codes are 4 to 32 letters, digits and hyphens, compared case-insensitively. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{2,30})[A-Za-z0-9]$/;
export const validVoucherCode: Rule = (value) => {
  const text = asText(value).trim();
  return text === '' || VOUCHER_CODE_PATTERN.test(text) ? null : Messages.validVoucherCode;
};

/** Characters a field may not contain, and whether a double hyphen is banned too. */
export interface Blacklist {
  readonly characters: string;
  readonly doubleHyphen: boolean;
}

export function containsBlacklisted(text: string, blacklist: Blacklist): boolean {
  if (blacklist.doubleHyphen && text.includes('--')) return true;
  for (const character of text) if (blacklist.characters.includes(character)) return true;
  return false;
}

export const noInvalidChars =
  (blacklist: Blacklist, message: string = Messages.noInvalidChars): Rule =>
  (value) =>
    containsBlacklisted(asText(value), blacklist) ? message : null;

/** A card number of exactly 16 digits, spaces allowed between groups. */
export const numbersOnly: Rule = (value) => {
  const text = asText(value).replace(/ /g, '');
  return text === '' || /^\d{16}$/.test(text) ? null : Messages.numbersOnly;
};

/** Letters, digits, dot and hyphen only (spec 1 §5). */
export const VAT_ID_PATTERN = /^[A-Za-z0-9.-]+$/;
export const vatIdCharacters: Rule = (value) => {
  const text = asText(value);
  return text === '' || VAT_ID_PATTERN.test(text) ? null : Messages.invalidVatId;
};

/** A file described without the DOM: its name and size in bytes. */
export interface FileFacts {
  readonly name: string;
  readonly size: number;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export const fileType =
  (allowed: readonly string[]): Rule<FileFacts | null | undefined> =>
  (file) =>
    !file || allowed.includes(fileExtension(file.name)) ? null : Messages.incorrectFileType;

export const maxFileSize =
  (bytes: number, message: string): Rule<FileFacts | null | undefined> =>
  (file) =>
    !file || file.size <= bytes ? null : message;
