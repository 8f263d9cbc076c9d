import type { SandboxContext } from '../context';
import { parseMultipart } from '../digital-river/resources';
import { SandboxStore, type DisputeEvidenceRecord, type DisputeRecord, type DocumentUploadRecord } from '../store';
import { enqueueWebhook } from '../webhooks/deliveries';
import { disputeSubject, signedNotification, type WebhookKind } from '../webhooks/notifications';
import type { GatewayCall } from './call';
import { disputeXml, evidenceXml, setDisputeStatus } from './dispute-records';
import { isRecord, paramsXml } from './params';
import { emptyReply, fieldError, notFound, validationReply, xmlReply, type Reply } from './reply';
import { searchPageReply } from './search';

/**
 * The gateway's disputes API as the SDK's DisputeGateway and DocumentUploadGateway call it:
 * `GET disputes/{id}`, `PUT disputes/{id}/accept`, `POST disputes/{id}/evidence` (text `comments`,
 * or an uploaded document's `document_upload_id`), `DELETE disputes/{id}/evidence/{evidenceId}`,
 * `PUT disputes/{id}/finalize`, `POST disputes/advanced_search`, and `POST document_uploads`
 * (multipart). Accept, finalize and remove answer `<success>`; acting on a dispute that is not open
 * answers the provider's 957xx validation errors. Every change of status sends its webhook.
 */

/** The provider's webhook kind for each status a merchant's action or the bank's decision leads to. */
const KIND_OF_STATUS = {
  open: 'dispute_opened',
  accepted: 'dispute_accepted',
  disputed: 'dispute_disputed',
  won: 'dispute_won',
  lost: 'dispute_lost',
  expired: 'dispute_expired',
} as const satisfies Record<DisputeRecord['status'], WebhookKind>;

/** Sends the signed notification of the dispute's current status. */
export function notifyDispute(context: SandboxContext, dispute: DisputeRecord, kind: WebhookKind = KIND_OF_STATUS[dispute.status]) {
  return enqueueWebhook(context, kind, dispute.id, signedNotification(context.config, kind, disputeSubject(context, dispute)));
}

/** Moves the dispute on and tells the merchant, as the provider does on every change. */
export function moveDispute(context: SandboxContext, dispute: DisputeRecord, status: DisputeRecord['status']): void {
  setDisputeStatus(context, dispute, status);
  notifyDispute(context, dispute);
}

const found = (call: GatewayCall): DisputeRecord | null => call.context.store.state.disputes[call.captures.id] ?? null;

const disputeError = (call: GatewayCall, code: string, message: string, attribute = 'status') =>
  validationReply([fieldError(['dispute'], attribute, code, message)], paramsXml(call.params));

const success = (): Reply => xmlReply(200, 'success', true);

export function findDispute(call: GatewayCall): Reply {
  const dispute = found(call);
  return dispute ? xmlReply(200, 'dispute', disputeXml(dispute, call.context)) : notFound;
}

export function acceptDispute(call: GatewayCall): Reply {
  const dispute = found(call);
  if (!dispute) return notFound;
  if (dispute.status !== 'open') return disputeError(call, '95704', 'Disputes can only be accepted when they are in an Open state');
  moveDispute(call.context, dispute, 'accepted');
  return success();
}

export function finalizeDispute(call: GatewayCall): Reply {
  const dispute = found(call);
  if (!dispute) return notFound;
  if (dispute.status !== 'open') return disputeError(call, '95705', 'Disputes can only be finalized when they are in an Open state');
  moveDispute(call.context, dispute, 'disputed');
  return success();
}

/** Ours: the provider documents a limit without giving it; text longer than this is its 95708. */
export const MAX_TEXT_EVIDENCE = 3000;

/** `POST disputes/{id}/evidence {evidence: {comments, category?, sequence_number?} | {document_upload_id, category?}}`. */
export function addEvidence(call: GatewayCall): Reply {
  const dispute = found(call);
  if (!dispute) return notFound;
  const body = call.params.object('evidence');
  const documentId = body.string('document_upload_id');
  if (dispute.status !== 'open') return disputeError(call, '95701', 'Evidence can only be attached to disputes that are in an Open state');
  let comment: string | null = null;
  if (documentId !== null) {
    const document = call.context.store.state.documentUploads[documentId];
    if (!document || document.kind !== 'evidence_document') {
      return disputeError(call, '95703', 'A document with kind other than Braintree::DocumentUpload::Kind::EvidenceDocument cannot be added to the dispute', 'document_upload_id');
    }
  } else {
    comment = body.string('comments');
    // Ours: the SDK refuses empty text before sending it, so only a hand-made call gets here.
    if (comment === null || comment.trim() === '') return disputeError(call, '95711', 'The evidence category provided is only for text evidence', 'comments');
    if (comment.length > MAX_TEXT_EVIDENCE) return disputeError(call, '95708', 'The content provided is too long for this type of evidence', 'comments');
  }
  const sequence = body.string('sequence_number');
  const evidence: DisputeEvidenceRecord = {
    id: `ev_${SandboxStore.id(12)}`,
    comment,
    documentUploadId: documentId,
    category: body.string('category'),
    sequenceNumber: sequence !== null && /^\d+$/.test(sequence) ? Number(sequence) : null,
    createdAt: new Date().toISOString(),
    sentToProcessorAt: null,
  };
  dispute.evidence.push(evidence);
  dispute.updatedAt = evidence.createdAt;
  call.context.store.save();
  return xmlReply(201, 'evidence', evidenceXml(evidence));
}

export function removeEvidence(call: GatewayCall): Reply {
  const dispute = found(call);
  const index = dispute ? dispute.evidence.findIndex((evidence) => evidence.id === call.captures.evidenceId) : -1;
  if (!dispute || index === -1) return notFound;
  if (dispute.status !== 'open') return disputeError(call, '95702', 'Evidence can only be removed from disputes that are in an Open state');
  dispute.evidence.splice(index, 1);
  dispute.updatedAt = new Date().toISOString();
  call.context.store.save();
  return success();
}

/** `POST disputes/advanced_search`: by id, transaction id, status, reason or kind (the criteria the store needs). */
export function searchDisputes(call: GatewayCall): Reply {
  const search = call.params.object('search');
  const is = (key: string) => {
    const raw = search.raw[key];
    return isRecord(raw) && typeof raw.is === 'string' ? raw.is : null;
  };
  const among = (key: string) => (search.has(key) ? new Set(search.strings(key) ?? [search.string(key) ?? '']) : null);
  const [id, transactionId, statuses, reasons, kinds] = [is('id'), is('transaction_id'), among('status'), among('reason'), among('kind')];
  const disputes = Object.values(call.context.store.state.disputes)
    .filter(
      (dispute) =>
        (id === null || dispute.id === id) &&
        (transactionId === null || dispute.transactionId === transactionId) &&
        (!statuses || statuses.has(dispute.status)) &&
        (!reasons || reasons.has(dispute.reason)) &&
        (!kinds || kinds.has(dispute.kind)),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return searchPageReply('disputes', 'dispute', disputes, (dispute) => disputeXml(dispute, call.context));
}

/** The provider takes PDF and images for evidence, up to 4 MB. */
const DOCUMENT_TYPES: Readonly<Record<string, string>> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;

const uploadError = (attribute: string, code: string, message: string) => validationReply([fieldError(['documentUpload'], attribute, code, message)]);

/** `POST document_uploads`: multipart, `document_upload[kind]` and `file` (the SDK's documentUpload.create). */
export function createDocumentUpload(call: GatewayCall): Reply {
  const contentType = String(call.request.headers['content-type'] ?? '');
  const parts = contentType.toLowerCase().startsWith('multipart/form-data') ? parseMultipart(call.request.body, contentType) : null;
  if (!parts) return emptyReply(400);
  const kind = parts.find((part) => part.name === 'document_upload[kind]')?.data.toString('utf8') ?? '';
  const file = parts.find((part) => part.name === 'file');
  if (kind !== 'evidence_document') return uploadError('kind', '84901', 'Document kind is invalid.');
  if (!file || file.data.length === 0) return uploadError('file', '84906', 'File is empty.');
  if (file.data.length > MAX_DOCUMENT_BYTES) return uploadError('file', '84902', 'Uploaded file is too large.');
  const extension = (file.fileName ?? '').split('.').pop()?.toLowerCase() ?? '';
  const type = DOCUMENT_TYPES[extension];
  if (!type) return uploadError('file', '84903', 'Only PNG, JPG, JPEG, and PDF files are accepted.');
  // A PDF must look like one: the provider refuses what it cannot read.
  if (type === 'application/pdf' && !file.data.subarray(0, 5).equals(Buffer.from('%PDF-'))) return uploadError('file', '84904', 'File is malformed or encrypted.');
  const document: DocumentUploadRecord = {
    id: `doc_${SandboxStore.id(12)}`,
    kind,
    name: file.fileName ?? 'document',
    contentType: type,
    size: file.data.length,
    createdAt: new Date().toISOString(),
  };
  call.context.store.state.documentUploads[document.id] = document;
  call.context.store.save();
  return xmlReply(201, 'documentUpload', { id: document.id, kind: document.kind, contentType: document.contentType, name: document.name, size: document.size });
}
