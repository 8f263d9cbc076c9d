import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  Attention,
  AUDIT_LOG,
  GetCreditNote,
  BACK_OFFICE_READS,
  HandleDispute,
  ManageOperators,
  OPERATOR_DIRECTORY,
  OperatorAccess,
  OrderSupport,
  ReadOrderForStaff,
  RefundOrder,
  creditNoteNumber,
  type AuditLog,
  type BackOfficeReads,
  type Operator,
  type OperatorDirectory,
} from '@store/application';
import { checkCertificateFile, DomainError, type OperatorSessionJson } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { currentRequestId } from '../http/logging';
import { success, unwrap } from '../http/result';
import { sendPdf } from '../orders/orders.controller';
import {
  AttentionActionDto,
  AttentionParams,
  CreditNoteParams,
  AuditQuery,
  CreateOperatorDto,
  DisputeEvidenceDto,
  DisputeListQuery,
  DisputeParams,
  OperatorParams,
  OperatorSignInDto,
  OrderNumberParams,
  OrderSearchQuery,
  RefundDto,
  ReissueKeyDto,
  UpdateOperatorDto,
} from './back-office.dto';
import { createdOperatorJson, operatorJson, refundJson } from './back-office.presenter';
import { clearOperatorCookie, readOperatorCookie, writeOperatorCookie } from './operator-cookie';
import { CurrentOperator, OperatorGuard, Requires } from './operator.guard';
import { EvidenceUploadInterceptor } from './evidence-upload.interceptor';

const requestId = () => currentRequestId() ?? null;

/** Staff sign-in: the only back-office calls that answer without a staff session. */
@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/admin/session')
export class OperatorSessionController {
  constructor(
    private readonly access: OperatorAccess,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get()
  async current(@Req() request: Request) {
    const session = await this.access.current(readOperatorCookie(request));
    const body: OperatorSessionJson = session ? { operator: operatorJson(session.operator), expires_at: session.expiresAt.toISOString() } : { operator: null, expires_at: null };
    return success(body);
  }

  @Post()
  @HttpCode(200)
  async signIn(@Body() body: OperatorSignInDto, @Res({ passthrough: true }) response: Response) {
    const signedIn = await this.access.signIn(body, requestId());
    writeOperatorCookie(response, signedIn.sessionId, signedIn.expiresAt, this.config.COOKIE_SECURE);
    const answer: OperatorSessionJson = { operator: operatorJson(signedIn.operator), expires_at: signedIn.expiresAt.toISOString() };
    return success(answer);
  }

  @Delete()
  @HttpCode(200)
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.access.signOut(readOperatorCookie(request), requestId());
    clearOperatorCookie(response, this.config.COOKIE_SECURE);
    return success({ operator: null, expires_at: null });
  }
}

@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@UseGuards(OperatorGuard)
@Controller('data/admin/orders')
export class StaffOrdersController {
  constructor(
    @Inject(BACK_OFFICE_READS) private readonly reads: BackOfficeReads,
    private readonly readOrder: ReadOrderForStaff,
    private readonly refunds: RefundOrder,
    private readonly support: OrderSupport,
    private readonly creditNotes: GetCreditNote,
  ) {}

  @Get()
  @Requires('orders.read')
  async search(@Query() query: OrderSearchQuery) {
    if (!query.q && !query.from && !query.to) throw new DomainError('ORDER_SEARCH_EMPTY');
    return success(await this.reads.searchOrders({ text: query.q ?? null, from: query.from ?? null, to: query.to ?? null, limit: 50 }));
  }

  @Get(':number')
  @Requires('orders.read')
  async one(@Param() params: OrderNumberParams) {
    return success(await this.readOrder.execute(params.number));
  }

  /**
   * A refund's credit note. Like every data call it needs X-Requested-With, so the order's page
   * fetches it and hands the browser the file, rather than linking to it.
   */
  @Get(':number/credit-notes/:file')
  @Requires('orders.read')
  async creditNote(@Param() params: CreditNoteParams, @Res() response: Response) {
    const { number, pdf } = unwrap(await this.creditNotes.forStaff(params.number, params.file.replace(/\.pdf$/, '')));
    sendPdf(response, `credit-note-${number}.pdf`, pdf);
  }

  @Post(':number/refunds')
  @HttpCode(200)
  @Requires('orders.refund')
  async refund(@Param() params: OrderNumberParams, @Body() body: RefundDto, @CurrentOperator() operator: Operator) {
    const refund = await this.refunds.execute(operator, params.number, { positions: body.positions, reason: body.reason, requestKey: body.request_key }, requestId());
    const order = await this.readOrder.execute(params.number);
    return success({ refund: refundJson(refund, operator, refund.creditNoteSequence === null ? null : creditNoteNumber(order, refund.creditNoteSequence)), order });
  }

  @Post(':number/receipt')
  @HttpCode(200)
  @Requires('orders.resend-receipt')
  async resendReceipt(@Param() params: OrderNumberParams, @CurrentOperator() operator: Operator) {
    const { sentTo } = await this.support.resendReceipt(operator, params.number, requestId());
    return success({ sent_to: sentTo });
  }

  @Post(':number/keys/reissue')
  @HttpCode(200)
  @Requires('orders.reissue-keys')
  async reissueKey(@Param() params: OrderNumberParams, @Body() body: ReissueKeyDto, @CurrentOperator() operator: Operator) {
    const { key } = await this.support.reissueKey(operator, params.number, body.position, requestId());
    return success({ key, order: await this.readOrder.execute(params.number) });
  }
}

@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@UseGuards(OperatorGuard)
@Controller('data/admin/disputes')
export class StaffDisputesController {
  constructor(
    @Inject(BACK_OFFICE_READS) private readonly reads: BackOfficeReads,
    private readonly disputes: HandleDispute,
  ) {}

  @Get()
  @Requires('orders.read')
  async list(@Query() query: DisputeListQuery) {
    return success({ disputes: await this.reads.disputes({ status: query.status ?? null }) });
  }

  @Get(':id')
  @Requires('orders.read')
  async one(@Param() params: DisputeParams) {
    const dispute = await this.reads.dispute(params.id);
    if (!dispute) throw new DomainError('DISPUTE_NOT_FOUND');
    return success(dispute);
  }

  @Post(':id/evidence')
  @HttpCode(200)
  @Requires('disputes.handle')
  async evidence(@Param() params: DisputeParams, @Body() body: DisputeEvidenceDto, @CurrentOperator() operator: Operator) {
    await this.disputes.addTextEvidence(operator, params.id, body.text, requestId());
    return this.one(params);
  }

  /** A file of evidence (PDF, PNG or JPEG, 4 MB at most), multipart in the field `file`. */
  @Post(':id/evidence-file')
  @HttpCode(200)
  @Requires('disputes.handle')
  @UseInterceptors(EvidenceUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  async evidenceFile(@Param() params: DisputeParams, @UploadedFile() file: Express.Multer.File | undefined, @CurrentOperator() operator: Operator) {
    if (!file) throw new DomainError('VALIDATION_FAILED', { fields: { file: ['Choose a file of evidence'] } });
    const checked = checkCertificateFile(file.originalname, file.buffer);
    if (!checked.ok) throw new DomainError('VALIDATION_FAILED', { fields: { file: [checked.message] } });
    await this.disputes.addFileEvidence(operator, params.id, { name: file.originalname.slice(0, 200), contentType: checked.contentType, bytes: file.buffer }, requestId());
    return this.one(params);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Requires('disputes.handle')
  async accept(@Param() params: DisputeParams, @CurrentOperator() operator: Operator) {
    await this.disputes.accept(operator, params.id, requestId());
    return this.one(params);
  }

  @Post(':id/contest')
  @HttpCode(200)
  @Requires('disputes.handle')
  async contest(@Param() params: DisputeParams, @CurrentOperator() operator: Operator) {
    await this.disputes.contest(operator, params.id, requestId());
    return this.one(params);
  }
}

@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@UseGuards(OperatorGuard)
@Controller('data/admin/attention')
export class AttentionController {
  constructor(private readonly attention: Attention) {}

  @Get()
  @Requires('attention.read')
  async list() {
    return success(await this.attention.list());
  }

  @Post(':kind/:id')
  @HttpCode(200)
  @Requires('attention.resolve')
  async act(@Param() params: AttentionParams, @Body() body: AttentionActionDto, @CurrentOperator() operator: Operator) {
    return success(await this.attention.act(operator, params.kind, params.id, body.action, requestId()));
  }
}

@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@UseGuards(OperatorGuard)
@Controller('data/admin/operators')
export class OperatorsController {
  constructor(
    @Inject(OPERATOR_DIRECTORY) private readonly directory: OperatorDirectory,
    private readonly manage: ManageOperators,
  ) {}

  @Get()
  @Requires('operators.manage')
  async list() {
    return success({ operators: (await this.directory.list()).map(operatorJson) });
  }

  @Post()
  @HttpCode(200)
  @Requires('operators.manage')
  async create(@Body() body: CreateOperatorDto, @CurrentOperator() operator: Operator) {
    const created = await this.manage.create({ email: body.email, firstName: body.first_name, lastName: body.last_name, role: body.role }, operator, requestId());
    return success(createdOperatorJson(created));
  }

  @Patch(':id')
  @Requires('operators.manage')
  async update(@Param() params: OperatorParams, @Body() body: UpdateOperatorDto, @CurrentOperator() operator: Operator) {
    return success(operatorJson(await this.manage.update(operator, params.id, { role: body.role, disabled: body.disabled }, requestId())));
  }
}

@ApiTags('back office')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@UseGuards(OperatorGuard)
@Controller('data/admin/audit')
export class AuditController {
  constructor(@Inject(AUDIT_LOG) private readonly audit: AuditLog) {}

  @Get()
  @Requires('audit.read')
  async list(@Query() query: AuditQuery) {
    const entries = await this.audit.list({
      subjectType: query.subject_type,
      subjectId: query.subject_id,
      operatorId: query.operator_id,
      beforeId: query.before === undefined ? undefined : String(query.before),
      limit: 100,
    });
    return success({ entries });
  }
}
