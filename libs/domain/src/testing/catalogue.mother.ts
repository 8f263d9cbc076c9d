import type { CatalogueProduct, ProductSuite } from '../catalogue/product';
import { money } from '../shared/money';

export function aProduct(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    reference: 'photo-2-macos',
    name: 'Photo 2 for macOS',
    description: 'Professional photo editing',
    linkSrc: '/photo/',
    mediaSrc: '/media/photo.png',
    choice: { name: 'macOS', synonym: 'macos' },
    price: { current: money(4199, 'GBP'), original: money(6999, 'GBP') },
    taxInclusive: true,
    stock: { outOfStock: false, expectedDate: null, preorderDate: null },
    ...overrides,
  };
}

export function aSuite(overrides: Partial<ProductSuite> = {}): ProductSuite {
  return {
    reference: 'photo-2',
    name: 'Photo 2',
    description: 'Professional photo editing',
    isMultiUser: false,
    isFreeDownload: false,
    requiresShipping: false,
    quantityMinimum: 1,
    quantityMaximum: 100,
    quantityLocked: false,
    productsIncluded: [],
    products: [
      aProduct(),
      aProduct({ reference: 'photo-2-windows', name: 'Photo 2 for Windows', choice: { name: 'Windows', synonym: 'windows' } }),
    ],
    ...overrides,
  };
}
