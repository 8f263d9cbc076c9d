import addressparser from 'nodemailer/lib/addressparser';

/**
 * The address when `text` is exactly one bare mailbox, else null. The check is nodemailer's own
 * address parser, the one that reads the recipient when a mail is sent: whatever it would read as a
 * list ('x,victim@example.org'), a display name ('"x" <v@e.org>', 'v@e.org (x)') or a group is
 * refused, so what was checked is what is sent to.
 */
export function singleMailbox(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parsed = addressparser(trimmed);
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if ('group' in only || only.name !== '' || only.address !== trimmed) return null;
  // The parser keeps words it cannot place in the address itself ('a !@a.aa' comes back whole): a
  // bare mailbox has no white space (quoted local parts, where it is legal, are refused anyway).
  if (/\s/.test(only.address)) return null;
  return only.address;
}
