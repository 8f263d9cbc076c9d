/** What the browser learns of a stored certificate: enough for the read-only summary (spec 2 §2). */
export interface TaxCertificateJson {
  readonly id: string;
  readonly tax_authority: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly file_name: string;
  readonly content_type: string;
  readonly size: number;
}
