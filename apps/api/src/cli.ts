import 'reflect-metadata';
import { migrateCommand, UsageError } from './cli/migrate-command';
import { removeUnusedCertificatesCommand } from './cli/remove-unused-certificates-command';
import { createOperatorCommand } from './cli/create-operator-command';

const write = (line: string) => process.stdout.write(`${line}\n`);
const [command] = process.argv.slice(2);

/**
 * `node cli.js migrate [--seed]` (see cli/migrate-command.ts), or
 * `node cli.js remove-unused-certificates` (see cli/remove-unused-certificates-command.ts), or
 * `node cli.js create-operator …` (see cli/create-operator-command.ts).
 */
const run =
  command === 'remove-unused-certificates'
    ? removeUnusedCertificatesCommand(process.env, write).then((code) => process.exit(code))
    : command === 'create-operator'
      ? createOperatorCommand(process.argv.slice(3), process.env, write).then((code) => process.exit(code))
      : migrateCommand(process.argv.slice(2), process.env, write);

run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
