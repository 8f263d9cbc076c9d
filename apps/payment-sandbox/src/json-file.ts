import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A sandbox's state file: read if there is one, written atomically (a temporary file renamed over the old one). */
export function readJsonFile<T>(file: string | null): Partial<T> | null {
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) : null;
}

export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, file);
}
