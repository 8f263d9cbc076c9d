import { accountMenuLinks, signInLink, type CustomerJson } from '@store/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

// Our choice: links stay on this origin (the store base address is the page's own).
const STORE_BASE = '';

/**
 * The header's account button (spec 1 §2): a visitor goes to sign-in with the way back; a customer
 * opens the account menu (a disclosure list of links, closed by Escape or a click elsewhere).
 */
export function AccountButton({ customer, locale }: { readonly customer: CustomerJson | null; readonly locale: string }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  if (!customer) {
    return (
      <Link className="store-header__account" to={signInLink(STORE_BASE, locale, here)}>
        Sign in<span className="visually-hidden"> to your account</span>
      </Link>
    );
  }

  return (
    <div
      className="account-menu"
      ref={container}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="store-header__account" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        Account<span className="visually-hidden">: {customer.email}</span>
      </button>
      {open && (
        <ul id={menuId} className="account-menu__list">
          {accountMenuLinks(STORE_BASE, locale, here).map((link) => (
            <li key={link.key}>
              <Link to={link.href} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
