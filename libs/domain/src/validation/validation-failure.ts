import { DomainError, type ErrorName, type FieldErrors } from '../errors/error-catalogue';
import { Messages } from './messages';

/** The request fields that hold a person's name, an email address or a new password, however an endpoint spells them. */
const NAME_FIELDS = new Set(['firstName', 'lastName', 'first_name', 'last_name']);
const EMAIL_FIELDS = new Set(['email', 'username']);
const PASSWORD_FIELDS = new Set(['password', 'new_password']);

const TOO_SHORT = /^Your password must be at least \S+ characters$/;

type Kind = { readonly name: ErrorName; readonly fields: ReadonlySet<string>; readonly matches: (message: string) => boolean };

const KINDS: readonly Kind[] = [
  { name: 'NAME_INVALID', fields: NAME_FIELDS, matches: (message) => message === Messages.noInvalidChars },
  { name: 'EMAIL_INVALID', fields: EMAIL_FIELDS, matches: (message) => message === Messages.email },
  { name: 'PASSWORD_TOO_SHORT', fields: PASSWORD_FIELDS, matches: (message) => TOO_SHORT.test(message) },
];

/**
 * The error for a refused form. A snackbar shows one message for the whole answer, so when every
 * problem is one the spec words on its own (a name with characters it does not allow, an email
 * that is not an address, a password under the minimum) the answer carries that code and words;
 * a mix of problems, or any other, keeps the general 100100. The field messages travel either way,
 * so a form that marks its fields is not affected by which code it got.
 */
export function validationFailure(fields: FieldErrors): DomainError {
  const entries = Object.entries(fields).filter(([, messages]) => messages.length > 0);
  for (const kind of KINDS) {
    const all = entries.length > 0 && entries.every(([field, messages]) => kind.fields.has(field) && messages.every(kind.matches));
    if (!all) continue;
    // A store with a higher password minimum says its own number (the field's message has it).
    const message = kind.name === 'PASSWORD_TOO_SHORT' ? `${entries[0][1][0]}.` : undefined;
    return new DomainError(kind.name, { message, fields });
  }
  return new DomainError('VALIDATION_FAILED', { fields });
}
