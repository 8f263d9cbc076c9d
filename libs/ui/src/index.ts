export * from './components/price';
export * from './components/button';
export * from './components/checkout-section';
export * from './components/live-region';
