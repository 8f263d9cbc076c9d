import { emailCaptureRules, firstError, Messages, type Rule } from '@store/domain';
import { singleMailbox } from '@store/infrastructure';

/** The parser the mail is sent with must read the address as one bare mailbox, nothing more. */
const oneMailbox: Rule = (value) => (typeof value !== 'string' || value.trim() === '' || singleMailbox(value) ? null : Messages.email);

/** Every email the API takes in: the page's rules, then the mail parser's reading. */
export const emailField = (value: unknown): string | null => firstError(value, [...emailCaptureRules, oneMailbox]);
