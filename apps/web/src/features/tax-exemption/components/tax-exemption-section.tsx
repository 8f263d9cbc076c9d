import {
  defaultCertificateDates,
  firstError,
  type Rule,
  regionsOf,
  TAX_AUTHORITIES,
  TAX_EXEMPTION_LABELS,
  taxExemptionSchema,
  type TaxExemptionForm,
} from '@store/domain';
import { Button, ChoiceGroup, SelectField, TextField } from '@store/ui';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useAppUi } from '../../../lib/app-ui';
import { uploadTaxCertificate, type TaxCertificateJson } from '../api/tax-certificate';
import { SectionPlaceholder } from '../../../lib/section-placeholder';

/** What the shopper answered: a certificate uploaded, or none given. */
export type ExemptionAnswer = { readonly kind: 'certificate'; readonly certificate: TaxCertificateJson } | { readonly kind: 'none' };

interface Values {
  certificateTaxAuthority: string;
  startDate: string;
  endDate: string;
  fileInput: FileList | null;
}

/** The domain rules of one certificate field, as a react-hook-form validator. */
const check = (rules: readonly Rule[] | undefined) => (value: unknown) => firstError(value, (rules ?? []) as Rule[]) ?? true;

const today = () => new Date().toISOString().slice(0, 10);
const authorityName = (code: string) => regionsOf('US').find((region) => region.code === code)?.name ?? code;
const AUTHORITY_OPTIONS = TAX_AUTHORITIES.map((authority) => ({ value: authority.code, label: authority.name }));

export interface TaxExemptionSectionProps {
  readonly active: boolean;
  readonly answer: ExemptionAnswer | null;
  readonly locale: string;
  readonly onAnswered: (answer: ExemptionAnswer) => void;
  readonly onChange: () => void;
}

/**
 * The sales tax exemption section (spec 2 §2, §4, §5): 'Do you have a tax exemption certificate?';
 * No goes on to payment; Yes opens the form (authority, dates defaulting to this month, the file),
 * uploaded under the 'Uploading tax exemption certificate' overlay. Answered, it shows read-only
 * with Change.
 */
export function TaxExemptionSection({ active, answer, locale, onAnswered, onChange }: TaxExemptionSectionProps) {
  const { wait, notifyError } = useAppUi();
  const [hasCertificate, setHasCertificate] = useState<'yes' | 'no' | null>(null);
  const questionId = useId();
  const defaults = defaultCertificateDates(today());
  const schema = taxExemptionSchema(today());
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { certificateTaxAuthority: '', startDate: defaults.startDate, endDate: defaults.endDate, fileInput: null },
  });

  if (answer && !active) {
    return (
      <div className="exemption-summary">
        {answer.kind === 'none' ? (
          <p>Tax exemption certificate was not provided</p>
        ) : (
          <dl className="summary" data-testid="exemption-summary">
            <div>
              <dt>{TAX_EXEMPTION_LABELS.certificateTaxAuthority}</dt>
              <dd>{authorityName(answer.certificate.tax_authority)}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>{answer.certificate.start_date}</dd>
            </div>
            <div>
              <dt>Expiry date</dt>
              <dd>{answer.certificate.end_date}</dd>
            </div>
            <div>
              <dt>File</dt>
              <dd>{answer.certificate.file_name}</dd>
            </div>
          </dl>
        )}
        <Button variant="secondary" onClick={onChange}>
          Change<span className="visually-hidden"> tax exemption certificate</span>
        </Button>
      </div>
    );
  }
  if (!active) return <SectionPlaceholder />;

  const fileFacts = (files: FileList | null) => (files && files[0] ? { name: files[0].name, size: files[0].size } : null);

  const submit = handleSubmit(async (values) => {
    const file = values.fileInput?.[0];
    if (!file) return;
    try {
      const uploaded = await wait('tax-certificate-upload', () =>
        uploadTaxCertificate({ taxAuthority: values.certificateTaxAuthority, startDate: values.startDate, endDate: values.endDate, file }),
      );
      onAnswered({ kind: 'certificate', certificate: uploaded.certificate });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const map: Record<string, keyof Values> = { tax_authority: 'certificateTaxAuthority', start_date: 'startDate', end_date: 'endDate', file: 'fileInput' };
      if (fields && Object.keys(fields).some((name) => name in map)) {
        for (const [name, messages] of Object.entries(fields)) if (map[name]) setError(map[name], { message: messages[0] }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.code !== 0 && error.status < 500) {
        setError('fileInput', { message: error.message }, { shouldFocus: true });
      } else notifyError(error);
    }
  });

  return (
    <div className="exemption">
      <ChoiceGroup legend="Do you have a tax exemption certificate?">
        {(['no', 'yes'] as const).map((choice) => (
          <label key={choice} className="choice">
            <input
              type="radio"
              name={questionId}
              value={choice}
              checked={hasCertificate === choice}
              onChange={() => setHasCertificate(choice)}
            />{' '}
            {choice === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </ChoiceGroup>
      <p className="exemption__help">
        <Link to={`/${locale}/help/#sales-tax-exemption`}>About sales tax exemption</Link>
      </p>
      {hasCertificate === 'no' && (
        <Button
          onClick={() => {
            // Going on without a certificate resets the form (spec 2 §4).
            reset();
            onAnswered({ kind: 'none' });
          }}
        >
          Continue without a certificate
        </Button>
      )}
      {hasCertificate === 'yes' && (
        <form onSubmit={submit} noValidate aria-label="Tax exemption certificate" className="exemption__form">
          <SelectField
            label={TAX_EXEMPTION_LABELS.certificateTaxAuthority}
            placeholder="Select…"
            options={AUTHORITY_OPTIONS}
            error={formState.errors.certificateTaxAuthority?.message}
            {...register('certificateTaxAuthority', { validate: check(schema.certificateTaxAuthority as readonly Rule[]) })}
          />
          <TextField
            label={TAX_EXEMPTION_LABELS.startDate}
            type="date"
            error={formState.errors.startDate?.message}
            {...register('startDate', { validate: check(schema.startDate as readonly Rule[]) })}
          />
          <TextField
            label={TAX_EXEMPTION_LABELS.endDate}
            type="date"
            hint="If your certificate has no expiry date, leave the last day of this month."
            error={formState.errors.endDate?.message}
            {...register('endDate', { validate: check(schema.endDate as readonly Rule[]) })}
          />
          <TextField
            label={TAX_EXEMPTION_LABELS.fileInput}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            hint="PDF, PNG or JPEG, up to 10MB."
            error={formState.errors.fileInput?.message}
            {...register('fileInput', {
              validate: (files: FileList | null) => check(schema.fileInput as readonly Rule[])(fileFacts(files)),
            })}
          />
          <Button type="submit" busy={formState.isSubmitting}>
            Add certificate
          </Button>
        </form>
      )}
    </div>
  );
}

export type { TaxExemptionForm };
