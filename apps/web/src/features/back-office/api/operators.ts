import { BACK_OFFICE_PATHS, type CreatedOperatorJson, type CreateOperatorBody, type OperatorJson, type UpdateOperatorBody } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryServerTrouble } from './session';

type OperatorList = { operators: readonly OperatorJson[] } | readonly OperatorJson[];
const listOf = (answer: OperatorList) => (Array.isArray(answer) ? answer : (answer as { operators: readonly OperatorJson[] }).operators);

export const operatorsQuery = () =>
  queryOptions({ queryKey: ['back-office', 'operators'], queryFn: async () => listOf(await api.get<OperatorList>(BACK_OFFICE_PATHS.operators)), retry: retryServerTrouble });

export const useOperators = (enabled: boolean) => useQuery({ ...operatorsQuery(), enabled });

export const createOperator = (body: CreateOperatorBody) => api.post<CreatedOperatorJson>(BACK_OFFICE_PATHS.operators, body);
export const updateOperator = (id: string, body: UpdateOperatorBody) => api.patch<OperatorJson>(BACK_OFFICE_PATHS.operator(id), body);
