import { customerCategoryFor, PERSONAL_CATEGORY, type CustomerCategories } from './customer-category';

const categories: CustomerCategories = {
  business: [
    { name: 'Design agency', fqn: 'business.design-agency' },
    { name: 'Publishing', fqn: 'business.publishing' },
  ],
  education: [{ name: 'University', fqn: 'education.university' }],
};

describe('customerCategoryFor', () => {
  it('files personal accounts under the personal default, whatever was chosen', () => {
    expect(PERSONAL_CATEGORY).toEqual({ name: 'Personal', fqn: 'personal' });
    expect(customerCategoryFor('personal', null, categories)).toBe(PERSONAL_CATEGORY);
    expect(customerCategoryFor('personal', 'business.publishing', categories)).toBe(PERSONAL_CATEGORY);
  });

  it.each<['business' | 'education', string | null | undefined, string | null]>([
    ['business', 'business.design-agency', 'Design agency'],
    ['business', 'business.publishing', 'Publishing'],
    ['education', 'education.university', 'University'],
    ['business', 'education.university', null],
    ['education', 'business.publishing', null],
    ['business', 'business.unknown', null],
    ['business', null, null],
    ['education', undefined, null],
    ['business', 'personal', null],
  ])('a %s account choosing %p is filed under %p', (type, fqn, name) => {
    expect(customerCategoryFor(type, fqn, categories)?.name ?? null).toBe(name);
  });

  it('returns the listed category itself, with its fqn', () => {
    expect(customerCategoryFor('business', 'business.publishing', categories)).toBe(categories.business[1]);
  });
});
