import type { CatalogueJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCatalogue = (locale: string) => api.get<CatalogueJson>(`/data/catalogue/?locale=${encodeURIComponent(locale)}`);

export const catalogueQuery = (locale: string) =>
  queryOptions({ queryKey: ['catalogue', locale], queryFn: () => getCatalogue(locale), staleTime: 60_000 });

export const useCatalogue = (locale: string) => useQuery(catalogueQuery(locale));
