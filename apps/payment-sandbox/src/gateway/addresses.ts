import { SandboxStore, type AddressRecord } from '../store';
import type { GatewayCall } from './call';
import { countryByAlpha2, countryByAlpha3, countryByName, countryByNumeric, type Country } from './countries';
import { globalId } from './global-ids';
import { paramsXml, type Params } from './params';
import { emptyReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { datetime, type XmlObject } from './xml';

/**
 * Addresses: each its own record under a customer, with an id (`gateway.address.*`), and the
 * billing address a saved card points at (`billing_address`, `billing_address_id`). The provider
 * keeps at most 50 per customer.
 */

export const MAX_ADDRESSES_PER_CUSTOMER = 50;
const FIELD_MAX = 255;
const POSTAL_CODE_MAX_CHARACTERS = 9;

export type AddressFields = Omit<AddressRecord, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

const TEXT_FIELDS = [
  ['first_name', 'firstName', '81805', 'First name is too long.'],
  ['last_name', 'lastName', '81806', 'Last name is too long.'],
  ['company', 'company', '81802', 'Company is too long.'],
  ['street_address', 'streetAddress', '81812', 'Street address is too long.'],
  ['extended_address', 'extendedAddress', '81804', 'Extended address is too long.'],
  ['locality', 'locality', '81807', 'Locality is too long.'],
  ['region', 'region', '81810', 'Region is too long.'],
] as const;

const COUNTRY_FIELDS = [
  ['country_name', countryByName, '91803', 'Country name is not an accepted country.'],
  ['country_code_alpha2', countryByAlpha2, '91814', 'Country code (alpha2) is not an accepted country.'],
  ['country_code_alpha3', countryByAlpha3, '91816', 'Country code (alpha3) is not an accepted country.'],
  ['country_code_numeric', countryByNumeric, '91817', 'Country code (numeric) is not an accepted country.'],
] as const;

const EMPTY: AddressFields = {
  firstName: null,
  lastName: null,
  company: null,
  streetAddress: null,
  extendedAddress: null,
  locality: null,
  region: null,
  postalCode: null,
  countryName: null,
  countryCodeAlpha2: null,
  countryCodeAlpha3: null,
  countryCodeNumeric: null,
};

const present = (params: Params, key: string) => {
  const value = params.string(key);
  return value === null || value === '' ? null : value;
};

/**
 * The address fields a request gives (`{first_name, …, country_code_alpha2}`), checked as the
 * provider checks them: each text field at most 255 characters, the postal code letters, digits,
 * spaces and hyphens (81813) with at most nine letters or digits (81809), each country field a
 * country it accepts (91803, 91814, 91816, 91817) and all of them the same one (91815). Only the
 * fields given are returned (an update changes those alone).
 */
export function checkAddressFields(params: Params, path: readonly string[]): { fields: Partial<AddressFields> } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fields: { -readonly [K in keyof AddressFields]?: AddressFields[K] } = {};
  for (const [key, name, code, message] of TEXT_FIELDS) {
    if (!params.has(key)) continue;
    const value = present(params, key);
    if (value !== null && value.length > FIELD_MAX) errors.push(fieldError(path, key, code, message));
    fields[name] = value;
  }
  if (params.has('postal_code')) {
    const postalCode = present(params, 'postal_code');
    if (postalCode !== null && !/^[A-Za-z0-9 -]*$/.test(postalCode)) errors.push(fieldError(path, 'postal_code', '81813', 'Postal code can only contain letters, numbers, spaces, and hyphens.'));
    else if (postalCode !== null && postalCode.replace(/[ -]/g, '').length > POSTAL_CODE_MAX_CHARACTERS) {
      errors.push(fieldError(path, 'postal_code', '81809', 'Postal code may contain no more than 9 letter or number characters.'));
    }
    fields.postalCode = postalCode;
  }
  const countries: Country[] = [];
  let countryGiven = false;
  for (const [key, find, code, message] of COUNTRY_FIELDS) {
    const value = present(params, key);
    if (value === null) continue;
    countryGiven = true;
    const country = find(value);
    if (country) countries.push(country);
    else errors.push(fieldError(path, key, code, message));
  }
  if (countries.some((country) => country.alpha2 !== countries[0].alpha2)) errors.push(fieldError(path, 'base', '91815', 'Inconsistent country information.'));
  if (errors.length > 0) return { errors };
  if (countryGiven) {
    const country = countries[0];
    Object.assign(fields, { countryName: country.name, countryCodeAlpha2: country.alpha2, countryCodeAlpha3: country.alpha3, countryCodeNumeric: country.numeric });
  } else if (['country_name', 'country_code_alpha2', 'country_code_alpha3', 'country_code_numeric'].some((key) => params.has(key))) {
    // Blanked out: the address names no country any more.
    Object.assign(fields, { countryName: null, countryCodeAlpha2: null, countryCodeAlpha3: null, countryCodeNumeric: null });
  }
  return { fields };
}

/** A new address's fields: those given, the rest empty; at least one must be filled in (81801). */
export function newAddressFields(params: Params, path: readonly string[]): { fields: AddressFields } | { errors: FieldError[] } {
  const checked = checkAddressFields(params, path);
  if ('errors' in checked) return checked;
  const fields = { ...EMPTY, ...checked.fields };
  if (Object.values(fields).every((value) => value === null)) return { errors: [fieldError(path, 'base', '81801', 'Addresses must have at least one field filled in.')] };
  return { fields };
}

const key = (customerId: string, id: string) => `${customerId}/${id}`;

export function findAddress(store: SandboxStore, customerId: string, id: string): AddressRecord | null {
  return store.state.addresses[key(customerId, id)] ?? null;
}

/** A customer's addresses, oldest first. */
export function addressesOf(store: SandboxStore, customerId: string): AddressRecord[] {
  return Object.values(store.state.addresses)
    .filter((address) => address.customerId === customerId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The provider's limit of 50 addresses a customer (91818), checked before an address is added. */
export function tooManyAddresses(store: SandboxStore, customerId: string, path: readonly string[]): FieldError | null {
  return addressesOf(store, customerId).length >= MAX_ADDRESSES_PER_CUSTOMER
    ? fieldError(path, 'base', '91818', 'Customer has already reached the maximum of 50 addresses.')
    : null;
}

export function saveAddress(store: SandboxStore, customerId: string, fields: AddressFields, now = new Date()): AddressRecord {
  // The provider's address ids are short and unique within their customer.
  let id = SandboxStore.id(2);
  while (findAddress(store, customerId, id)) id = SandboxStore.id(3);
  const address: AddressRecord = { id, customerId, ...fields, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  store.state.addresses[key(customerId, id)] = address;
  return address;
}

export function updateAddressRecord(address: AddressRecord, fields: Partial<AddressFields>, now = new Date()): void {
  Object.assign(address, fields);
  address.updatedAt = now.toISOString();
}

/** Removes an address; a saved card billed to it keeps no billing address. */
export function deleteAddressRecord(store: SandboxStore, address: AddressRecord): void {
  delete store.state.addresses[key(address.customerId, address.id)];
  for (const method of Object.values(store.state.paymentMethods)) {
    if (method.customerId === address.customerId && method.billingAddressId === address.id) method.billingAddressId = null;
  }
}

/** Every address of a customer goes with the customer. */
export function deleteAddressesOf(store: SandboxStore, customerId: string): void {
  for (const address of addressesOf(store, customerId)) delete store.state.addresses[key(customerId, address.id)];
}

export function addressFieldsXml(fields: AddressFields): XmlObject {
  return {
    firstName: fields.firstName,
    lastName: fields.lastName,
    company: fields.company,
    streetAddress: fields.streetAddress,
    extendedAddress: fields.extendedAddress,
    locality: fields.locality,
    region: fields.region,
    postalCode: fields.postalCode,
    countryName: fields.countryName,
    countryCodeAlpha2: fields.countryCodeAlpha2,
    countryCodeAlpha3: fields.countryCodeAlpha3,
    countryCodeNumeric: fields.countryCodeNumeric,
  };
}

/** What the SDK's Address reads (`address.find`, `customer.addresses`, a card's `billingAddress`). */
export function addressXml(address: AddressRecord): XmlObject {
  return {
    id: address.id,
    customerId: address.customerId,
    ...addressFieldsXml(address),
    phoneNumber: null,
    globalId: globalId('address', `${address.customerId}_${address.id}`),
    createdAt: datetime(address.createdAt),
    updatedAt: datetime(address.updatedAt),
  };
}

const PATH = ['address'];

/** `POST /customers/{customerId}/addresses {address: {...}}`. */
export function createAddress(call: GatewayCall): Reply {
  const { store } = call.context;
  const customerId = call.captures.customerId;
  if (!store.state.customers[customerId]) return notFound;
  const checked = newAddressFields(call.params.object('address'), PATH);
  if ('errors' in checked) return validationReply(checked.errors, paramsXml(call.params));
  const limit = tooManyAddresses(store, customerId, PATH);
  if (limit) return validationReply([limit], paramsXml(call.params));
  const address = saveAddress(store, customerId, checked.fields);
  store.save();
  return xmlReply(201, 'address', addressXml(address));
}

export function findAddressRoute(call: GatewayCall): Reply {
  const address = findAddress(call.context.store, call.captures.customerId, call.captures.id);
  return address ? xmlReply(200, 'address', addressXml(address)) : notFound;
}

/** `PUT /customers/{customerId}/addresses/{id}`: the fields given change, the others stay. */
export function updateAddress(call: GatewayCall): Reply {
  const { store } = call.context;
  const address = findAddress(store, call.captures.customerId, call.captures.id);
  if (!address) return notFound;
  const checked = checkAddressFields(call.params.object('address'), PATH);
  if ('errors' in checked) return validationReply(checked.errors, paramsXml(call.params));
  updateAddressRecord(address, checked.fields);
  store.save();
  return xmlReply(200, 'address', addressXml(address));
}

export function deleteAddress(call: GatewayCall): Reply {
  const { store } = call.context;
  const address = findAddress(store, call.captures.customerId, call.captures.id);
  if (!address) return notFound;
  deleteAddressRecord(store, address);
  store.save();
  return emptyReply(200);
}

/** What a card's billing address will be once the request is saved. */
export type BillingPlan =
  | { readonly kind: 'keep' }
  | { readonly kind: 'existing'; readonly addressId: string }
  | { readonly kind: 'new'; readonly fields: AddressFields }
  | { readonly kind: 'update'; readonly addressId: string; readonly fields: Partial<AddressFields> };

/**
 * A card's `billing_address` (a new address under the customer; with `options.update_existing` on
 * a card that has one, that address changed in place) or `billing_address_id` (one of the
 * customer's addresses: 91702 otherwise; both at once are 91701).
 */
export function planBillingAddress(
  store: SandboxStore,
  cardParams: Params,
  customerId: string | null,
  currentAddressId: string | null,
  cardPath: readonly string[],
): { plan: BillingPlan } | { errors: FieldError[] } {
  const hasAddress = cardParams.has('billing_address');
  const addressId = cardParams.string('billing_address_id');
  if (hasAddress && addressId !== null) {
    return { errors: [fieldError(cardPath, 'base', '91701', 'Cannot provide both a billing address and a billing address ID.')] };
  }
  if (addressId !== null) {
    if (customerId === null || !findAddress(store, customerId, addressId)) {
      return { errors: [fieldError(cardPath, 'billing_address_id', '91702', 'Billing address ID is invalid.')] };
    }
    return { plan: { kind: 'existing', addressId } };
  }
  if (!hasAddress) return { plan: { kind: 'keep' } };
  const params = cardParams.object('billing_address');
  const path = [...cardPath, 'billingAddress'];
  if (params.object('options').boolean('update_existing') && currentAddressId !== null && customerId !== null && findAddress(store, customerId, currentAddressId)) {
    const checked = checkAddressFields(params, path);
    return 'errors' in checked ? checked : { plan: { kind: 'update', addressId: currentAddressId, fields: checked.fields } };
  }
  const checked = newAddressFields(params, path);
  if ('errors' in checked) return checked;
  if (customerId !== null) {
    const limit = tooManyAddresses(store, customerId, path);
    if (limit) return { errors: [limit] };
  }
  return { plan: { kind: 'new', fields: checked.fields } };
}

/** The address fields a plan bills to (for a verification before anything is saved). */
export function plannedAddressFields(store: SandboxStore, customerId: string | null, plan: BillingPlan, currentAddressId: string | null): AddressFields | null {
  const current = customerId !== null && currentAddressId !== null ? findAddress(store, customerId, currentAddressId) : null;
  switch (plan.kind) {
    case 'new':
      return plan.fields;
    case 'existing': {
      const address = customerId !== null ? findAddress(store, customerId, plan.addressId) : null;
      return address ? pickFields(address) : null;
    }
    case 'update':
      return current ? { ...pickFields(current), ...plan.fields } : null;
    default:
      return current ? pickFields(current) : null;
  }
}

export const pickFields = (address: AddressFields): AddressFields => ({
  firstName: address.firstName,
  lastName: address.lastName,
  company: address.company,
  streetAddress: address.streetAddress,
  extendedAddress: address.extendedAddress,
  locality: address.locality,
  region: address.region,
  postalCode: address.postalCode,
  countryName: address.countryName,
  countryCodeAlpha2: address.countryCodeAlpha2,
  countryCodeAlpha3: address.countryCodeAlpha3,
  countryCodeNumeric: address.countryCodeNumeric,
});

/** Writes a plan down; the card's billing address id afterwards (undefined: unchanged). */
export function commitBillingAddress(store: SandboxStore, customerId: string, plan: BillingPlan): string | undefined {
  switch (plan.kind) {
    case 'existing':
      return plan.addressId;
    case 'new':
      return saveAddress(store, customerId, plan.fields).id;
    case 'update': {
      const address = findAddress(store, customerId, plan.addressId);
      if (address) updateAddressRecord(address, plan.fields);
      return plan.addressId;
    }
    default:
      return undefined;
  }
}
