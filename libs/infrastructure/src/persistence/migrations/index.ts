import { CatalogueAndBaskets1700000000000 } from './1700000000000-catalogue-and-baskets';
import { Identity1700000000001 } from './1700000000001-identity';
import { SignInSecurity1700000000002 } from './1700000000002-sign-in-security';
import { BasketEditing1700000000003 } from './1700000000003-basket-editing';
import { BasketPaymentState1700000000004 } from './1700000000004-basket-payment-state';
import { BillingAndTaxIds1700000000005 } from './1700000000005-billing-and-tax-ids';
import { TaxCertificates1700000000006 } from './1700000000006-tax-certificates';
import { Orders1700000000007 } from './1700000000007-orders';
import { CardPayments1700000000008 } from './1700000000008-card-payments';
import { SavedPayPalAccounts1700000000009 } from './1700000000009-saved-paypal-accounts';
import { PaymentReconciliation1700000000010 } from './1700000000010-payment-reconciliation';
import { ReferenceDataVersion1700000000011 } from './1700000000011-reference-data-version';
import { ClaimsPerCustomer1700000000012 } from './1700000000012-claims-per-customer';
import { EmailVerification1700000000013 } from './1700000000013-email-verification';
import { SignInDevices1700000000014 } from './1700000000014-sign-in-devices';
import { StoredFileChunks1700000000015 } from './1700000000015-stored-file-chunks';
import { ShippingAddresses1700000000016 } from './1700000000016-shipping-addresses';
import { Vouchers1700000000020 } from './1700000000020-vouchers';
import { LegacyProducts1700000000024 } from './1700000000024-legacy-products';
import { OrderLineTaxRates1700000000028 } from './1700000000028-order-line-tax-rates';
import { ProviderNotifications1700000000029 } from './1700000000029-provider-notifications';
import { LocalPayments1700000000030 } from './1700000000030-local-payments';
import { BankDebits1700000000031 } from './1700000000031-bank-debits';
import { BlikAliases1700000000032 } from './1700000000032-blik-aliases';
import { BankDebitAccounts1700000000033 } from './1700000000033-bank-debit-accounts';
import { BankDebitReturnChecks1700000000034 } from './1700000000034-bank-debit-return-checks';

/** Every migration, in order. Listed explicitly so that built and test runs load the same set. */
export const migrations = [CatalogueAndBaskets1700000000000, Identity1700000000001, SignInSecurity1700000000002, BasketEditing1700000000003, BasketPaymentState1700000000004, BillingAndTaxIds1700000000005, TaxCertificates1700000000006, Orders1700000000007, CardPayments1700000000008, SavedPayPalAccounts1700000000009, PaymentReconciliation1700000000010, ReferenceDataVersion1700000000011, ClaimsPerCustomer1700000000012, EmailVerification1700000000013, SignInDevices1700000000014, StoredFileChunks1700000000015, ShippingAddresses1700000000016, Vouchers1700000000020, LegacyProducts1700000000024, OrderLineTaxRates1700000000028, ProviderNotifications1700000000029, LocalPayments1700000000030, BankDebits1700000000031, BlikAliases1700000000032, BankDebitAccounts1700000000033, BankDebitReturnChecks1700000000034];
