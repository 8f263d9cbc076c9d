export * from './locales';
export * from './countries';
export * from './regions';
export * from './tax-authorities';
export * from './vat-id-countries';
