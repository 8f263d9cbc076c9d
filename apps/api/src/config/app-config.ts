import { plainToInstance, Transform } from 'class-transformer';
import { randomBytes } from 'node:crypto';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, validateSync } from 'class-validator';
import { PAYING_GATEWAYS } from '@store/domain';

const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined ? undefined : value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

// The gateways the rules may name are the registry's, so a new gateway needs no edit here.
const GATEWAY_RULES = new RegExp(`^\\s*((([A-Z]{2,3}|\\*)=(${[...PAYING_GATEWAYS.map((gateway) => gateway.key), 'none'].join('|')}))\\s*(,\\s*|$))+$`);
const usesS3 = (config: AppConfig) => config.FILE_STORAGE === 's3';
const usesBraintree = (config: AppConfig) => config.BRAINTREE_ENVIRONMENT !== undefined;
const usesDigitalRiver = (config: AppConfig) => config.DIGITAL_RIVER_SECRET_KEY !== undefined || config.DIGITAL_RIVER_PUBLIC_KEY !== undefined;
const usesS3WithKeys = (config: AppConfig) =>
  usesS3(config) && (config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined);

/** Every setting the API reads, from the environment only; checked once at start. */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsString()
  @Matches(/^[\w.:-]+$/, { message: 'HOST must be a host name or an IP address' })
  HOST = '127.0.0.1';

  @Transform(toInteger)
  @IsInt({ message: 'PORT must be an integer between 0 and 65535' })
  @Min(0, { message: 'PORT must be an integer between 0 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 0 and 65535' })
  PORT = 3000;

  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_URL must be a postgres:// connection address' })
  DATABASE_URL!: string;

  /**
   * How long a request waits on the database (a pooled connection, a statement) before the shopper is
   * answered 503: every statement the store runs takes milliseconds, so this only ends waits on a
   * database that has stopped answering.
   */
  @Transform(toInteger)
  @IsInt({ message: 'DATABASE_TIMEOUT_MS must be a whole number of milliseconds from 500 to 60000' })
  @Min(500, { message: 'DATABASE_TIMEOUT_MS must be a whole number of milliseconds from 500 to 60000' })
  @Max(60000, { message: 'DATABASE_TIMEOUT_MS must be a whole number of milliseconds from 500 to 60000' })
  DATABASE_TIMEOUT_MS = 3000;

  /**
   * On SIGTERM (a rolling restart, a scale-down) the API stops taking connections and lets the
   * requests in progress finish for at most this long before cutting them and exiting. Ours: 8 s,
   * under the 10 s a supervisor (npm start, docker stop) waits before it kills the process.
   */
  @Transform(toInteger)
  @IsInt({ message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 120000' })
  @Min(0, { message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 120000' })
  @Max(120000, { message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 120000' })
  SHUTDOWN_DRAIN_MS = 8000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Folder of the built web app to serve on the same origin; none means API only. */
  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  /**
   * Send cookies only over HTTPS, with HSTS. On by default in production; local runs over plain
   * http (npm start, docker compose on localhost) turn it off explicitly.
   */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE!: boolean;

  /** Trust X-Forwarded-* from one proxy in front of the API. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY = false;

  /** The store's public address, used in links sent by mail (password reset). */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'PUBLIC_URL must be an http(s) address' })
  PUBLIC_URL?: string;

  /** Where mail is delivered; no setting keeps mail in the outbox (nothing is sent). */
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// address' })
  SMTP_URL?: string;

  @IsString()
  @Matches(/^[^\r\n]{3,200}$/, { message: 'MAIL_FROM must be a sender address' })
  MAIL_FROM = 'Affinity Store <no-reply@store.localhost>';

  /** How passwords are screened: the offline list of popular passwords, or that plus Have I Been Pwned. */
  @IsIn(['offline', 'pwned'], { message: 'PASSWORD_SCREEN must be offline or pwned' })
  PASSWORD_SCREEN: 'offline' | 'pwned' = 'offline';

  @Matches(/^https?:\/\/[^\s]+$/, { message: 'PWNED_PASSWORDS_URL must be an http(s) address' })
  PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';

  /**
   * The shortest password accepted on every password set (sign-up, change, recovery) and asked by
   * the page: the spec's six by default, up to 64 for a store that follows current guidance (8 or more).
   */
  @Transform(toInteger)
  @IsInt({ message: 'PASSWORD_MIN_LENGTH must be a whole number of characters from 6 to 64' })
  @Min(6, { message: 'PASSWORD_MIN_LENGTH must be a whole number of characters from 6 to 64' })
  @Max(64, { message: 'PASSWORD_MIN_LENGTH must be a whole number of characters from 6 to 64' })
  PASSWORD_MIN_LENGTH = 6;

  /**
   * The key signing device cookies (HMAC-SHA256), which let a browser that signed in before keep
   * signing in while strangers' guesses have locked the account. The same on every API instance;
   * unset, a random key is made at each start, so device cookies last until the API restarts.
   */
  @IsOptional()
  @Matches(/^\S{32,256}$/, { message: 'DEVICE_COOKIE_SECRET must be 32 to 256 characters without spaces' })
  DEVICE_COOKIE_SECRET?: string;

  /** How tax IDs are checked: offline formats and check digits, or those plus the EU VIES register. */
  @IsIn(['offline', 'vies'], { message: 'TAX_ID_CHECK must be offline or vies' })
  TAX_ID_CHECK: 'offline' | 'vies' = 'offline';

  @Matches(/^https?:\/\/[^\s]+$/, { message: 'VIES_URL must be an http(s) address' })
  VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

  /** How often unverified tax ID checks are tried again, in milliseconds (0 turns retries off). */
  @Transform(toInteger)
  @IsInt({ message: 'TAX_ID_RETRY_INTERVAL_MS must be a whole number of milliseconds' })
  @Min(0, { message: 'TAX_ID_RETRY_INTERVAL_MS must be a whole number of milliseconds' })
  TAX_ID_RETRY_INTERVAL_MS = 300000;

  /**
   * Which gateway takes an order: 'key=gateway' pairs, the key a billing country (GB), a currency
   * (USD) or '*', the gateway a paying gateway's key or none (spec 2 §4).
   */
  @Matches(GATEWAY_RULES, {
    message: 'PAYMENT_GATEWAY_RULES must be pairs like US=digital-river,*=braintree',
  })
  PAYMENT_GATEWAY_RULES = 'USD=digital-river,*=braintree';

  /** The store's short prefix of the two consent cookies' names (spec 1 §9). */
  @Matches(/^[a-z][a-z0-9]{0,7}_$/, { message: 'COOKIE_PREFIX must be a few lower-case letters or digits ending in _' })
  COOKIE_PREFIX = 'afs_';

  /**
   * The analytics tag markup sent to the browser after consent (GET /cookie-analytics-scripts/):
   * script elements with a src (inline code is refused by the content security policy). Empty: none.
   */
  @IsString()
  @MaxLength(4000, { message: 'ANALYTICS_SCRIPTS must be at most 4000 characters of markup' })
  ANALYTICS_SCRIPTS = '';

  /** Origins the analytics scripts load from, added to the content security policy (space-separated). */
  @Matches(/^(https:\/\/[a-z0-9.-]+(:\d+)?( |$))*$/, { message: 'ANALYTICS_SCRIPT_ORIGINS must be https origins separated by spaces' })
  ANALYTICS_SCRIPT_ORIGINS = '';

  /** Where the installers are served from (an https address); unset, downloads are small demo files from the API. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'DOWNLOAD_BASE_URL must be an http(s) address' })
  DOWNLOAD_BASE_URL?: string;

  /** The seller printed on the store's own invoices: name, address lines separated by '|', VAT number. */
  @Matches(/^[^\r\n]{2,200}$/, { message: 'SELLER_NAME must be one line of text' })
  SELLER_NAME = 'Affinity Store (demo seller)';

  @Matches(/^[^\r\n]{2,500}$/, { message: "SELLER_ADDRESS must be address lines separated by '|'" })
  SELLER_ADDRESS = '1 Example Street|Nottingham NG1 1AA|United Kingdom';

  @IsOptional()
  @Matches(/^[A-Z]{2}[A-Z0-9]{2,14}$/, { message: 'SELLER_TAX_ID must be a VAT number such as GB123456789' })
  SELLER_TAX_ID?: string;

  /**
   * The card gateway (Braintree): 'sandbox' or 'production' for the provider's own environments,
   * 'local' for a server speaking its protocol at BRAINTREE_GATEWAY_URL (the project's sandbox,
   * which npm start and the tests run). Unset: no card gateway, card orders are refused with 310001.
   */
  @IsOptional()
  @IsIn(['sandbox', 'production', 'local'], { message: 'BRAINTREE_ENVIRONMENT must be sandbox, production or local' })
  BRAINTREE_ENVIRONMENT?: 'sandbox' | 'production' | 'local';

  @ValidateIf((config: AppConfig) => config.BRAINTREE_ENVIRONMENT === 'local')
  @Matches(/^https?:\/\/[^\s/]+\/?$/, { message: 'BRAINTREE_GATEWAY_URL must be an http(s) origin when BRAINTREE_ENVIRONMENT is local' })
  BRAINTREE_GATEWAY_URL?: string;

  @ValidateIf(usesBraintree)
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'BRAINTREE_MERCHANT_ID must be set to the merchant id when BRAINTREE_ENVIRONMENT is set' })
  BRAINTREE_MERCHANT_ID?: string;

  @ValidateIf(usesBraintree)
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'BRAINTREE_PUBLIC_KEY must be set to the API public key when BRAINTREE_ENVIRONMENT is set' })
  BRAINTREE_PUBLIC_KEY?: string;

  @ValidateIf(usesBraintree)
  @Matches(/^\S{1,128}$/, { message: 'BRAINTREE_PRIVATE_KEY must be set to the API private key when BRAINTREE_ENVIRONMENT is set' })
  BRAINTREE_PRIVATE_KEY?: string;

  /** Currency=merchant account pairs (GBP=acme_GBP,EUR=acme_EUR); other currencies use the default account. */
  @Matches(/^(\s*[A-Z]{3}=[A-Za-z0-9_-]{1,64}\s*(,|$))*$/, { message: 'BRAINTREE_MERCHANT_ACCOUNTS must be pairs like GBP=my_gbp_account,EUR=my_eur_account' })
  BRAINTREE_MERCHANT_ACCOUNTS = '';

  /** How long a call to the card gateway may take before the order is left pending (retryable). */
  @Transform(toInteger)
  @IsInt({ message: 'BRAINTREE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Min(1000, { message: 'BRAINTREE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Max(120000, { message: 'BRAINTREE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  BRAINTREE_TIMEOUT_MS = 20000;

  /**
   * A saved card's security code typed again at the checkout, checked by the gateway with the charge
   * (some acquirers' rules, or a merchant's own fraud rules, ask for it): off by default.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_SAVED_CARD_CVV must be true or false' })
  BRAINTREE_SAVED_CARD_CVV = false;

  /** 3-D Secure on card payments: verified in the page and required by the gateway (spec 2 §9: on by default). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_THREE_D_SECURE must be true or false' })
  BRAINTREE_THREE_D_SECURE = true;

  /**
   * The page state's debug_mode (spec 1 §3): the page also writes what it reports to the browser's
   * console. Off unless asked for, and refused in production, where that console is the shopper's.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'DEBUG_MODE must be true or false' })
  DEBUG_MODE = false;

  /** Device data collection for the gateway's fraud checks (spec 2 §6 the device-data feature). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_DEVICE_DATA must be true or false' })
  BRAINTREE_DEVICE_DATA = true;

  /** The wallets on the card gateway (each needs its set-up in the Braintree account first). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_PAYPAL must be true or false' })
  BRAINTREE_PAYPAL = false;

  /**
   * PayPal Credit's button beside PayPal's, for US billing in US dollars only: off by default, as
   * promoting credit needs the merchant's own permission (UK merchants need the regulator's).
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_PAYPAL_CREDIT must be true or false' })
  BRAINTREE_PAYPAL_CREDIT = false;

  /**
   * The provider's local payment methods (BLIK, MB WAY, Bancomat Pay, pay upon invoice): each needs
   * its enablement on the Braintree account, and PayPal on, as they are approved through PayPal.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_LOCAL_PAYMENTS must be true or false' })
  BRAINTREE_LOCAL_PAYMENTS = false;

  /** SEPA direct debit (euro baskets billed to SEPA countries); needs SEPA enabled on the Braintree account. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_SEPA must be true or false' })
  BRAINTREE_SEPA = false;

  /**
   * The browser's Payment Request API through braintree-web's payment-request module (basic-card and
   * Google Pay, spec 3 §3); offered only where the browser says it can pay. Off by default.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_PAYMENT_REQUEST must be true or false' })
  BRAINTREE_PAYMENT_REQUEST = false;

  /** US bank account (ACH; dollar baskets billed to the US); needs ACH enabled on the Braintree account. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_US_BANK_ACCOUNT must be true or false' })
  BRAINTREE_US_BANK_ACCOUNT = false;

  /** Venmo (dollar baskets; desktop by QR code); needs Venmo enabled on the Braintree account. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_VENMO must be true or false' })
  BRAINTREE_VENMO = false;

  /**
   * Retired networks (Mastercard and Visa moved them to Click to Pay; see docs/decisions.md): off by
   * default, for accounts that still have them. UnionPay's SMS enrollment is off too: its cards pay
   * through the card fields.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_MASTERPASS must be true or false' })
  BRAINTREE_MASTERPASS = false;

  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_VISA_CHECKOUT must be true or false' })
  BRAINTREE_VISA_CHECKOUT = false;

  /**
   * PayPal through braintree-web's classic `paypal` module (its own popup) instead of paypal-checkout
   * and PayPal's JS SDK: off by default, as Braintree deprecated the module; for merchants still on it.
   */
  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_PAYPAL_CLASSIC must be true or false' })
  BRAINTREE_PAYPAL_CLASSIC = false;

  /**
   * With BRAINTREE_PAYPAL_CLASSIC, the currencies (comma-separated ISO codes) whose merchant accounts
   * still run the classic module; empty, every currency does.
   */
  @Matches(/^([A-Z]{3}(,|$))*$/, { message: 'BRAINTREE_PAYPAL_CLASSIC_CURRENCIES must be currency codes separated by commas' })
  BRAINTREE_PAYPAL_CLASSIC_CURRENCIES = '';

  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_UNIONPAY must be true or false' })
  BRAINTREE_UNIONPAY = false;

  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_APPLE_PAY must be true or false' })
  BRAINTREE_APPLE_PAY = false;

  @Transform(toBoolean)
  @IsBoolean({ message: 'BRAINTREE_GOOGLE_PAY must be true or false' })
  BRAINTREE_GOOGLE_PAY = false;

  /** Billing countries where each wallet is not offered (comma-separated ISO codes). */
  @Matches(/^([A-Z]{2}(,|$))*$/, { message: 'BRAINTREE_DISABLED_APPLE_PAY_COUNTRIES must be country codes separated by commas' })
  BRAINTREE_DISABLED_APPLE_PAY_COUNTRIES = '';

  @Matches(/^([A-Z]{2}(,|$))*$/, { message: 'BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES must be country codes separated by commas' })
  BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES = '';

  @Matches(/^([A-Z]{2}(,|$))*$/, { message: 'BRAINTREE_DISABLED_PAYPAL_COUNTRIES must be country codes separated by commas' })
  BRAINTREE_DISABLED_PAYPAL_COUNTRIES = '';

  @IsOptional()
  @Matches(/^[A-Za-z0-9]{1,64}$/, { message: 'GOOGLE_MERCHANT_ID must be the Google Pay merchant id' })
  GOOGLE_MERCHANT_ID?: string;

  /**
   * The merchant-of-record gateway (Digital River): its REST API with the secret key, and its
   * browser library with the public key. Unset keys: no such gateway, its orders are refused (310001).
   */
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'DIGITAL_RIVER_API_URL must be an http(s) address' })
  DIGITAL_RIVER_API_URL = 'https://api.digitalriver.com';

  @ValidateIf(usesDigitalRiver)
  @Matches(/^sk_[A-Za-z0-9_]{4,128}$/, { message: 'DIGITAL_RIVER_SECRET_KEY must be a secret key (sk_…) when DIGITAL_RIVER_PUBLIC_KEY is set' })
  DIGITAL_RIVER_SECRET_KEY?: string;

  @ValidateIf(usesDigitalRiver)
  @Matches(/^pk_[A-Za-z0-9_]{4,128}$/, { message: 'DIGITAL_RIVER_PUBLIC_KEY must be a public key (pk_…) when DIGITAL_RIVER_SECRET_KEY is set' })
  DIGITAL_RIVER_PUBLIC_KEY?: string;

  /** Where the page loads DigitalRiver.js from (the provider's, or the project's sandbox stand-in). */
  @Matches(/^https?:\/\/[^\s]+\.js(\?[^\s]*)?$/, { message: 'DIGITAL_RIVER_JS_URL must be the http(s) address of a script' })
  DIGITAL_RIVER_JS_URL = 'https://js.digitalriverws.com/v1/DigitalRiver.js';

  /** How long the drop-in may take to become ready before the page gives up (spec 2 §9: 25 seconds). */
  @Transform(toInteger)
  @IsInt({ message: 'DIGITAL_RIVER_MOUNT_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Min(1000, { message: 'DIGITAL_RIVER_MOUNT_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Max(120000, { message: 'DIGITAL_RIVER_MOUNT_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  DIGITAL_RIVER_MOUNT_TIMEOUT_MS = 25000;

  /** How long a payment provider's browser code (a chunk or a script) may take to load before the page gives up (spec 2 §9: 120 seconds). */
  @Transform(toInteger)
  @IsInt({ message: 'SCRIPT_LOAD_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Min(1000, { message: 'SCRIPT_LOAD_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Max(120000, { message: 'SCRIPT_LOAD_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  SCRIPT_LOAD_TIMEOUT_MS = 120000;

  /** How long a call to Digital River may take before the order is left pending (retryable). */
  @Transform(toInteger)
  @IsInt({ message: 'DIGITAL_RIVER_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Min(1000, { message: 'DIGITAL_RIVER_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  @Max(120000, { message: 'DIGITAL_RIVER_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000' })
  DIGITAL_RIVER_TIMEOUT_MS = 20000;

  /**
   * A file the API appends its JSON log lines to instead of standard output. Unset: standard output.
   * The end-to-end suite reads it to prove that no card data reaches the logs.
   */
  @IsOptional()
  @Matches(/^[^\0\r\n]{1,1024}$/, { message: 'LOG_FILE must be a file path' })
  LOG_FILE?: string;

  /** Largest request body accepted, in bytes. */
  @Transform(toInteger)
  @IsInt({ message: 'BODY_LIMIT_BYTES must be a whole number of bytes between 1024 and 20971520' })
  @Min(1024, { message: 'BODY_LIMIT_BYTES must be a whole number of bytes between 1024 and 20971520' })
  @Max(20971520, { message: 'BODY_LIMIT_BYTES must be a whole number of bytes between 1024 and 20971520' })
  BODY_LIMIT_BYTES = 102400;

  /** Where uploaded files (tax exemption certificates) are kept: the database, or an S3-compatible bucket. */
  @IsIn(['postgres', 's3'], { message: 'FILE_STORAGE must be postgres or s3' })
  FILE_STORAGE: 'postgres' | 's3' = 'postgres';

  /** An S3-compatible service's address (MinIO, Ceph, R2…); none means AWS S3 itself. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'S3_ENDPOINT must be an http(s) address' })
  S3_ENDPOINT?: string;

  @ValidateIf(usesS3)
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name when FILE_STORAGE is s3' })
  S3_BUCKET?: string;

  @ValidateIf(usesS3)
  @Matches(/^[a-z]{2}(-[a-z0-9]+)+$|^auto$/, { message: 'S3_REGION must be a region such as us-east-1 when FILE_STORAGE is s3' })
  S3_REGION?: string;

  /**
   * Both keys or neither, from the environment only: without them the SDK finds credentials itself
   * (an instance or task role).
   */
  @ValidateIf(usesS3WithKeys)
  @Matches(/^\S{1,256}$/, { message: 'S3_ACCESS_KEY_ID must be set, without spaces, with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf(usesS3WithKeys)
  @Matches(/^\S{1,256}$/, { message: 'S3_SECRET_ACCESS_KEY must be set, without spaces, with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;

  /** Bucket in the path rather than the host name, as most S3-compatible services need. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE = false;

  /**
   * The port of the Prometheus metrics (GET /metrics), a server of its own beside the public one.
   * Unset: no metrics are served and requests are not timed. 0 picks a free port.
   */
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'METRICS_PORT must be an integer between 0 and 65535' })
  @Min(0, { message: 'METRICS_PORT must be an integer between 0 and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be an integer between 0 and 65535' })
  METRICS_PORT?: number;

  /** Where the metrics server listens: the loopback by default, so only this machine can scrape. */
  @IsString()
  @Matches(/^[\w.:-]+$/, { message: 'METRICS_HOST must be a host name or an IP address' })
  METRICS_HOST = '127.0.0.1';

  /**
   * OpenTelemetry's standard settings, read by observability/tracing.ts before anything else loads
   * (so they are checked there too): traces are exported by OTLP/HTTP only when one is set.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) address' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) address' })
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Optional settings of the metrics and traces (observability/). */
const OBSERVABILITY_SETTINGS = ['METRICS_PORT', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'];
/** The S3 settings have no defaults, so they are not among a new AppConfig's keys. */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
const BRAINTREE_SETTINGS = ['BRAINTREE_ENVIRONMENT', 'BRAINTREE_GATEWAY_URL', 'BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY', 'GOOGLE_MERCHANT_ID'];
/** Settings whose values may be or hold a secret: never repeated in an error. */
const SECRET_SETTINGS = ['DATABASE_URL', 'SMTP_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'BRAINTREE_PRIVATE_KEY', 'DEVICE_COOKIE_SECRET'];

/** Reads and checks the settings; a missing or malformed one throws a one-line ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig()).concat('DATABASE_URL', 'WEB_DIST_DIR', 'PUBLIC_URL', 'SMTP_URL', 'COOKIE_SECURE', 'DEVICE_COOKIE_SECRET', 'DOWNLOAD_BASE_URL', 'LOG_FILE', 'SELLER_TAX_ID', ...OBSERVABILITY_SETTINGS, ...S3_SETTINGS, ...BRAINTREE_SETTINGS);
  const raw = Object.fromEntries(known.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]));
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) {
    const first = errors[0];
    const reason = Object.values(first.constraints ?? {})[0] ?? 'is not valid';
    const given = env[first.property];
    const detail = given === undefined || given === '' ? 'it is not set' : `got "${given.length > 40 ? `${given.slice(0, 40)}…` : given}"`;
    const secret = SECRET_SETTINGS.includes(first.property);
    const shown = secret && given ? 'a value that is not shown, as it may hold a password' : detail;
    throw new ConfigError(`Invalid configuration: ${first.property}: ${reason} (${shown})`);
  }
  if (config.DEBUG_MODE && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: DEBUG_MODE: debug mode is never on in production (got "true" with NODE_ENV=production)');
  }
  config.COOKIE_SECURE ??= config.NODE_ENV === 'production';
  config.DEVICE_COOKIE_SECRET ??= randomBytes(32).toString('base64url');
  return config;
}
