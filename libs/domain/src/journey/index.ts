export * from './journey-steps';
export * from './step-choice';
export * from './section-state';
