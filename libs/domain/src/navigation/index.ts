export * from './full-screen-menu.machine';
export * from './link-target';
export * from './account-links';
