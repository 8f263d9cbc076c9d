#!/usr/bin/env node
import { buildAll } from './lib/build.mjs';

await buildAll().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
