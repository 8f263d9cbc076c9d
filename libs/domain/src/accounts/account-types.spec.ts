import {
  accountFieldsToClear,
  allowedAccountTypes,
  canChangeEmail,
  canEnterTaxId,
  customerCategoryFor,
  defaultAccountType,
  isAccountType,
  PERSONAL_CATEGORY,
} from './account-types';

describe('account types', () => {
  it('defaults to business with a multi-user product and forbids personal then', () => {
    expect(defaultAccountType(true)).toBe('business');
    expect(defaultAccountType(false)).toBe('personal');
    expect(allowedAccountTypes(true)).toEqual(['business', 'education']);
    expect(allowedAccountTypes(false)).toEqual(['personal', 'business', 'education']);
    expect(isAccountType('education')).toBe(true);
    expect(isAccountType('charity')).toBe(false);
    expect(isAccountType(undefined)).toBe(false);
  });

  it('lets organisations enter a tax ID and visitors change the email', () => {
    expect(canEnterTaxId('personal')).toBe(false);
    expect(canEnterTaxId('business')).toBe(true);
    expect(canEnterTaxId('education')).toBe(true);
    expect(canChangeEmail(false)).toBe(true);
    expect(canChangeEmail(true)).toBe(false);
  });

  it('clears the other types’ fields on submit', () => {
    expect(accountFieldsToClear('personal')).toEqual(['businessSector', 'companyName', 'educationName', 'educationInstitution']);
    expect(accountFieldsToClear('business')).toEqual(['educationName', 'educationInstitution']);
    expect(accountFieldsToClear('education')).toEqual(['businessSector', 'companyName']);
  });

  it('files a customer under a category of their type, or the personal default', () => {
    const categories = {
      business: [{ name: 'Design agency', fqn: 'business.design-agency' }],
      education: [{ name: 'University', fqn: 'education.university' }],
    };
    expect(customerCategoryFor('personal', null, categories)).toBe(PERSONAL_CATEGORY);
    expect(customerCategoryFor('business', 'business.design-agency', categories)?.name).toBe('Design agency');
    expect(customerCategoryFor('business', 'education.university', categories)).toBeNull();
    expect(customerCategoryFor('education', 'education.university', categories)?.fqn).toBe('education.university');
    expect(customerCategoryFor('education', undefined, categories)).toBeNull();
  });
});
