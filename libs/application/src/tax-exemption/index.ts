export * from './tax-exemption.ports';
export * from './upload-tax-certificate.use-case';
export * from './get-tax-certificate-file.use-case';
