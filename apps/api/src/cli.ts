import 'reflect-metadata';
import { migrateCommand, UsageError } from './cli/migrate-command';

/** `node cli.js migrate [--seed]`: see cli/migrate-command.ts. */
migrateCommand(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
