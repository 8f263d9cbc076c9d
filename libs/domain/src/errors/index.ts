export * from './error-catalogue';
export * from './snackbar';
export * from './response-codes';
export * from './waiting-overlay';
