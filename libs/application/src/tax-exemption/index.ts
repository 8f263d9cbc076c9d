export * from './tax-exemption.ports';
export * from './upload-tax-certificate.use-case';
export * from './get-tax-certificate-file.use-case';
export * from './remove-unused-tax-certificates.use-case';
