export * from './components/price';
export * from './components/button';
export * from './components/checkout-section';
export * from './components/live-region';
export * from './components/field';
export * from './components/modal';
export * from './components/snackbar';
export * from './components/waiting-overlay';
