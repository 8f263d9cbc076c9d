import { TAX_EXEMPTION_COUNTRIES } from '@store/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** /{locale}/help/: static help, with the #sales-tax-exemption anchor the checkout links to (spec 2 §2). */
export function HelpPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView();
      target.focus();
    } else heading.current?.focus();
  }, [hash]);
  return (
    <div className="page help-page">
      <h1 ref={heading} tabIndex={-1}>
        Help
      </h1>
      <section aria-labelledby="help-orders">
        <h2 id="help-orders">Orders and downloads</h2>
        <p>
          After you pay, your download links and product keys are in your account under Downloads and product keys, and we email your
          receipt. Free downloads are there as soon as you confirm them.
        </p>
      </section>
      <section aria-labelledby="help-account">
        <h2 id="help-account">Your account</h2>
        <p>
          You can change your name, marketing preference and password under Account details, and turn on two-step verification for extra
          security. If you forget your password, use Forgot password? on the sign-in page and we will email you a link.
        </p>
      </section>
      <section aria-labelledby="sales-tax-exemption-title" id="sales-tax-exemption" tabIndex={-1}>
        <h2 id="sales-tax-exemption-title">Sales tax exemption</h2>
        <p>
          Business and education customers billed in the United States or its territories ({TAX_EXEMPTION_COUNTRIES.join(', ')}) may not
          have to pay sales tax. If your organisation holds a sales tax exemption certificate, answer Yes when the checkout asks and upload
          it as a PDF, PNG or JPEG of up to 10MB, with the state or territory that issued it and its start and end dates. If it has no end
          date, leave the last day of the month. Certificates are kept with your account and can be seen only by you and our tax team.
        </p>
      </section>
    </div>
  );
}
