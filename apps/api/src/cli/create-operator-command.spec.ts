import { Argon2PasswordHasher, OtplibOperatorAuthenticator } from '@store/infrastructure';
import { createTestDatabase, type TestDatabase } from '@store/infrastructure/testing';
import { generate } from 'otplib';
import { createOperatorCommand } from './create-operator-command';
import { UsageError } from './migrate-command';

// The first administrator is made from the command line, against the store's database: what it
// prints is all anyone ever sees of the password and the authenticator secret.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: true });
});
afterAll(() => db?.drop());

const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
  const lines: string[] = [];
  const code = await createOperatorCommand(args, { DATABASE_URL: db.url, ...env }, (line) => lines.push(line));
  return { code, lines };
};

it('makes an administrator who can sign in with the printed password and secret; the audit log says nobody made them', async () => {
  const { code, lines } = await run(['--email', 'Ada@Example.com', '--first-name', 'Ada', '--last-name', 'Admin', '--role', 'admin', '--json']);
  expect(code).toBe(0);
  const printed = JSON.parse(lines[0]);
  expect(printed).toMatchObject({ email: 'ada@example.com', role: 'admin', badge_number: expect.any(Number), totp_uri: expect.stringMatching(/^otpauth:\/\/totp\//) });
  expect(printed.password).toHaveLength(24);
  const [row] = await db.dataSource.query(`SELECT password_hash, totp_secret, role FROM operators WHERE email = 'ada@example.com'`);
  expect(row.password_hash).toMatch(/^\$argon2id\$/);
  expect(await new Argon2PasswordHasher().verify(row.password_hash, printed.password)).toBe(true);
  const otp = await generate({ secret: printed.totp_secret, epoch: Math.floor(Date.now() / 1000) });
  expect(await new OtplibOperatorAuthenticator().matchingStep(row.totp_secret, otp, new Date())).not.toBeNull();
  expect(await db.dataSource.query(`SELECT operator_id, action FROM audit_log WHERE subject_type = 'operator'`)).toEqual([{ operator_id: null, action: 'operator.create' }]);
});

it('takes the password from OPERATOR_PASSWORD and then does not print it', async () => {
  const { code, lines } = await run(['--email', 'fin@example.com', '--first-name', 'Fin', '--last-name', 'Ance', '--role', 'finance'], { OPERATOR_PASSWORD: 'a long staff password' });
  expect(code).toBe(0);
  expect(lines.join('\n')).not.toContain('a long staff password');
  expect(lines[0]).toMatch(/^Created finance fin@example.com \(badge \d+\)\.$/);
  expect(lines.some((line) => line.startsWith('Authenticator secret (shown once): '))).toBe(true);
});

it('refuses a taken email, a short password and bad arguments, making nobody', async () => {
  const before = await db.dataSource.query(`SELECT count(*)::int AS n FROM operators`);
  expect((await run(['--email', 'ada@example.com', '--first-name', 'A', '--last-name', 'B', '--role', 'support'])).code).toBe(1);
  expect((await run(['--email', 'short@example.com', '--first-name', 'A', '--last-name', 'B', '--role', 'support'], { OPERATOR_PASSWORD: 'short' })).code).toBe(1);
  await expect(run(['--email', 'x@example.com', '--first-name', 'A', '--last-name', 'B', '--role', 'root'])).rejects.toBeInstanceOf(UsageError);
  await expect(run(['--email', 'not-an-email', '--first-name', 'A', '--last-name', 'B', '--role', 'admin'])).rejects.toBeInstanceOf(UsageError);
  await expect(run(['--email', 'x@example.com', '--role', 'admin'])).rejects.toBeInstanceOf(UsageError);
  await expect(run(['--email', 'x@example.com', '--first-name', 'A', '--last-name', 'B', '--role', 'admin', '--sudo'])).rejects.toBeInstanceOf(UsageError);
  expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM operators`)).toEqual(before);
});
