import { ManageOperators } from '@store/application';
import { Argon2PasswordHasher, createDataSource, CryptoSecretGenerator, OtplibOperatorAuthenticator, PostgresAuditLog, PostgresOperatorDirectory } from '@store/infrastructure';
import { DomainError, isOperatorRole } from '@store/domain';
import { parseArgs } from 'node:util';
import { UsageError } from './migrate-command';

const USAGE = 'Usage: create-operator --email EMAIL --first-name NAME --last-name NAME --role support|finance|admin [--json]  (the password from OPERATOR_PASSWORD, or made up and printed)';

/**
 * `create-operator`: a staff account for the back office, made from the command line (how the
 * first administrator comes to be; administrators make the others in the back office). Prints the
 * password (unless it came from OPERATOR_PASSWORD) and the authenticator secret once: the store
 * keeps only the password's hash. The creation is in the audit log, by nobody.
 */
export async function createOperatorCommand(args: readonly string[], env: Record<string, string | undefined>, write: (line: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { email, role } = values;
  const firstName = values['first-name'];
  const lastName = values['last-name'];
  if (!email || !firstName || !lastName || !role) throw new UsageError(USAGE);
  if (!isOperatorRole(role)) throw new UsageError(`--role must be support, finance or admin\n${USAGE}`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`--email must be an email address\n${USAGE}`);
  if (!env.DATABASE_URL) throw new UsageError('DATABASE_URL must be set');

  const dataSource = createDataSource(env.DATABASE_URL);
  await dataSource.initialize();
  try {
    const secrets = new CryptoSecretGenerator();
    const manage = new ManageOperators(new PostgresOperatorDirectory(dataSource), new OtplibOperatorAuthenticator(), new Argon2PasswordHasher(), secrets, new PostgresAuditLog(dataSource));
    const created = await manage.create({ email, firstName, lastName, role, ...(env.OPERATOR_PASSWORD ? { password: env.OPERATOR_PASSWORD } : {}) }, null, null);
    const shownPassword = env.OPERATOR_PASSWORD ? null : created.password;
    if (values.json) {
      write(JSON.stringify({ id: created.operator.id, email: created.operator.email, badge_number: created.operator.badgeNumber, role, password: shownPassword, totp_secret: created.totpSecret, totp_uri: created.totpUri }));
    } else {
      write(`Created ${role} ${created.operator.email} (badge ${created.operator.badgeNumber}).`);
      if (shownPassword) write(`Password (shown once): ${shownPassword}`);
      write(`Authenticator secret (shown once): ${created.totpSecret}`);
      write(`Or scan this address as a QR code: ${created.totpUri}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      write(error.message + (error.fields ? ` ${Object.values(error.fields).flat().join(' ')}` : ''));
      return 1;
    }
    throw error;
  } finally {
    await dataSource.destroy();
  }
}
