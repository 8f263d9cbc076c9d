import { XmlList, type XmlObject, type XmlValue } from './xml';

/** What a gateway route answers: an XML document under `root`, or an empty body. */
export interface Reply {
  readonly status: number;
  readonly root?: string;
  readonly body?: XmlValue;
}

export const xmlReply = (status: number, root: string, body: XmlValue): Reply => ({ status, root, body });
export const emptyReply = (status: number): Reply => ({ status });
/** The gateway answers an unknown id with an empty 404, which the SDK turns into NotFoundError. */
export const notFound: Reply = emptyReply(404);

/** One validation error, under the resource path it belongs to (`['transaction', 'customer']`). */
export interface FieldError {
  readonly path: readonly string[];
  readonly attribute: string;
  readonly code: string;
  readonly message: string;
}

export const fieldError = (path: readonly string[], attribute: string, code: string, message: string): FieldError => ({ path, attribute, code, message });

interface ErrorNode {
  readonly errors: FieldError[];
  readonly children: Map<string, ErrorNode>;
}

function errorTree(errors: readonly FieldError[]): XmlObject {
  const root: ErrorNode = { errors: [], children: new Map() };
  for (const error of errors) {
    let node = root;
    for (const name of error.path) {
      let child = node.children.get(name);
      if (!child) {
        child = { errors: [], children: new Map() };
        node.children.set(name, child);
      }
      node = child;
    }
    node.errors.push(error);
  }
  const toXml = (node: ErrorNode): XmlObject => ({
    errors: new XmlList(
      'error',
      node.errors.map((error) => ({ code: error.code, attribute: error.attribute, message: error.message })),
    ),
    ...Object.fromEntries([...node.children].map(([name, child]) => [name, toXml(child)])),
  });
  return toXml(root);
}

export interface ErrorResponseParts {
  readonly errors?: readonly FieldError[];
  /** Defaults to the errors' messages, one a line, as the gateway writes them. */
  readonly message?: string;
  readonly params?: XmlObject;
  /** The declined or rejected transaction, or the failed verification. */
  readonly transaction?: XmlObject;
  readonly verification?: XmlObject;
}

/** The gateway's 422 `<api-error-response>`: the SDK makes it `{success: false, errors, message, transaction}`. */
export function errorReply(parts: ErrorResponseParts): Reply {
  const errors = parts.errors ?? [];
  return xmlReply(422, 'apiErrorResponse', {
    errors: errorTree(errors),
    params: parts.params ?? {},
    message: parts.message ?? errors.map((error) => error.message).join('\n'),
    transaction: parts.transaction,
    verification: parts.verification,
  });
}

export const validationReply = (errors: readonly FieldError[], params?: XmlObject): Reply => errorReply({ errors, params });
