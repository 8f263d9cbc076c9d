/**
 * Validation of Kubernetes objects against the API's own schemas, offline, in the manner of
 * kubeconform --strict. kubernetes-models is generated from Kubernetes' OpenAPI specification and
 * ships a compiled JSON-schema validator for every kind (types, required fields, enums, formats);
 * those schemas allow unknown fields, as the API server's do, so a misspelt field (`replcas`) would
 * pass them. Its TypeScript declarations come from the same specification: type-checking each object
 * as an object literal of its kind's interface refuses every field the kind does not have.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize';

const load = createRequire(__filename);

/** The schema's complaints about one object; none when it is valid. */
export function schemaErrors(object: K8sObject): string[] {
  let models: Record<string, { new (data: unknown): { validate(): void } }>;
  try {
    models = load(`kubernetes-models/${object.apiVersion}`);
  } catch {
    return [`${object.apiVersion} is not an API version Kubernetes serves`];
  }
  const Model = models[object.kind];
  if (!Model) return [`${object.apiVersion} has no kind ${object.kind}`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/**
 * Fields no schema knows, in any of the objects: each becomes an object literal typed with its
 * kind's interface, and TypeScript's excess-property check names what does not belong.
 */
export function unknownFieldErrors(objects: K8sObject[]): string[] {
  // Beside this file, so that kubernetes-models resolves from the workspace's node_modules.
  const fileName = join(__dirname, '__rendered-manifests__.ts');
  const starts: number[] = [];
  const lines: string[] = [];
  objects.forEach((object, index) => {
    lines.push(`import type { I${object.kind} as Kind${index} } from 'kubernetes-models/${object.apiVersion}/${object.kind}';`);
  });
  objects.forEach((object, index) => {
    starts.push(lines.length);
    lines.push(...`export const object${index}: Kind${index} = ${JSON.stringify(object, null, 2)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === fileName || diagnostic.file === undefined)
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const index = starts.findLastIndex((start) => start <= line);
      const object = objects[index];
      return object ? `${object.kind}/${object.metadata?.name}: ${message}` : message;
    });
}
