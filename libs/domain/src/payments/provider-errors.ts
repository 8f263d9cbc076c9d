/**
 * How the page words a payment module's failure: braintree-web's error `code`s, each to the
 * catalogued response code the page shows, and one code for anything the table does not name
 * (an error a later version adds, or something that is not an error at all).
 */
export function providerErrorWords(table: Readonly<Record<string, number>>, otherwise: number): (error: unknown) => number {
  return (error) => {
    const found = typeof error === 'object' && error !== null ? (error as { readonly code?: unknown }).code : undefined;
    return typeof found === 'string' && Object.hasOwn(table, found) ? table[found] : otherwise;
  };
}
