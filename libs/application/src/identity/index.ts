export * from './identity.ports';
export * from './session.service';
export * from './create-customer.use-case';
export * from './preregister-email.use-case';
