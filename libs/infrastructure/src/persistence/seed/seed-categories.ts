import type { DataSource } from 'typeorm';

/** The business sectors and education institution types a customer chooses from (spec 1 §3). */
export const CUSTOMER_CATEGORIES: readonly { fqn: string; name: string }[] = [
  { fqn: 'business.design-agency', name: 'Design or creative agency' },
  { fqn: 'business.publishing', name: 'Publishing and print' },
  { fqn: 'business.marketing', name: 'Marketing and advertising' },
  { fqn: 'business.architecture', name: 'Architecture and engineering' },
  { fqn: 'business.photography', name: 'Photography and video' },
  { fqn: 'business.software', name: 'Software and technology' },
  { fqn: 'business.retail', name: 'Retail and e-commerce' },
  { fqn: 'business.public-sector', name: 'Government and public sector' },
  { fqn: 'business.non-profit', name: 'Charity or non-profit' },
  { fqn: 'business.other', name: 'Other business' },
  { fqn: 'education.university', name: 'University or college' },
  { fqn: 'education.school', name: 'School' },
  { fqn: 'education.further-education', name: 'Further education' },
  { fqn: 'education.training', name: 'Training provider' },
  { fqn: 'education.other', name: 'Other education' },
];

/** Idempotent, like the catalogue seed: reference data every store needs, demo or not. */
export async function seedCustomerCategories(dataSource: DataSource): Promise<void> {
  for (const [order, category] of CUSTOMER_CATEGORIES.entries()) {
    await dataSource.query(
      `INSERT INTO customer_categories (fqn, name, sort_order) VALUES ($1, $2, $3)
       ON CONFLICT (fqn) DO UPDATE SET name = EXCLUDED.name, sort_order = EXCLUDED.sort_order`,
      [category.fqn, category.name, order],
    );
  }
}
