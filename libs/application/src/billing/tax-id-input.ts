import { stripSpaces } from '@store/domain';

/** A tax ID as stored and checked: without spaces, in upper case. */
export function normaliseTaxIdInput(taxId: string): string {
  return stripSpaces(taxId).toUpperCase();
}
