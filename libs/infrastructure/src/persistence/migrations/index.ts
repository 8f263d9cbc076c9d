import { CatalogueAndBaskets1700000000000 } from './1700000000000-catalogue-and-baskets';

/** Every migration, in order. Listed explicitly so that built and test runs load the same set. */
export const migrations = [CatalogueAndBaskets1700000000000];
