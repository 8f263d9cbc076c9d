import { join } from 'node:path';
import { renderKustomization, type K8sObject } from './kustomize';

export const KUBERNETES = join(__dirname, '..', 'kubernetes');
export const PRODUCTION_APP = join(KUBERNETES, 'overlays/production/app');
export const PRODUCTION_MIGRATION = join(KUBERNETES, 'overlays/production/migration');
/** Every kustomization an operator applies (README.md): each is rendered and validated whole. */
export const KUSTOMIZATIONS = [PRODUCTION_APP, PRODUCTION_MIGRATION];

export function rendered(folder: string): K8sObject[] {
  return renderKustomization(folder);
}
