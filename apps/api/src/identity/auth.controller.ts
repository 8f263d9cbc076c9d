import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AccountSecurity, PasswordRecovery, SignIn, type Credentials } from '@store/application';
import { DEFAULT_LOCALE } from '@store/domain';
import type { Request } from 'express';
import { unwrap } from '../http/result';
import {
  CompleteRecoveryDto,
  CredentialsDto,
  MfaActivateDto,
  MfaEnableDto,
  StartRecoveryDto,
  UpdatePasswordDto,
  VerifyRecoveryDto,
} from './auth.dto';

const credentialsOf = (body: { username: string; password: string; otp?: string }, request: Request): Credentials => ({
  email: body.username,
  password: body.password,
  otp: body.otp,
  clientAddress: request.ip ?? 'unknown',
});

const payload = <T>(data: T) => ({ success: true as const, code: 200 as const, payload: data });

/**
 * The auth service (spec 2 §7): JSON calls answering `{ success, code, payload }`, and problems in
 * the one error shape with the spec's problem `type` added.
 */
@ApiTags('auth')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signIn: SignIn,
    private readonly recovery: PasswordRecovery,
    private readonly security: AccountSecurity,
  ) {}

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.signIn.execute(credentialsOf(body, request))));
  }

  @Post('update-password')
  @HttpCode(200)
  async updatePassword(@Body() body: UpdatePasswordDto, @Req() request: Request) {
    const credentials = credentialsOf({ username: body.username, password: body.current_password, otp: body.otp }, request);
    return payload(unwrap(await this.security.updatePassword(credentials, body.new_password)));
  }

  @Post('start-password-recovery')
  @HttpCode(200)
  async startRecovery(@Body() body: StartRecoveryDto, @Req() request: Request) {
    return payload(unwrap(await this.recovery.start(body.email, body.locale ?? DEFAULT_LOCALE.urlFriendly, request.ip ?? 'unknown')));
  }

  @Post('verify-recovery-token')
  @HttpCode(200)
  async verifyRecovery(@Body() body: VerifyRecoveryDto) {
    return payload(unwrap(await this.recovery.verify(body.email, body.token)));
  }

  @Post('complete-password-recovery')
  @HttpCode(200)
  async completeRecovery(@Body() body: CompleteRecoveryDto) {
    return payload(unwrap(await this.recovery.complete(body.email, body.token, body.new_password)));
  }

  @Post('mfa-status')
  @HttpCode(200)
  async mfaStatus(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaStatus(credentialsOf(body, request))));
  }

  @Post('mfa-enable')
  @HttpCode(200)
  async mfaEnable(@Body() body: MfaEnableDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaEnable(credentialsOf(body, request))));
  }

  @Post('mfa-activate')
  @HttpCode(200)
  async mfaActivate(@Body() body: MfaActivateDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaActivate(credentialsOf({ username: body.username, password: body.password }, request), body.otp)));
  }

  @Post('mfa-disable')
  @HttpCode(200)
  async mfaDisable(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaDisable(credentialsOf(body, request))));
  }

  @Post('mfa-generate-backup-codes')
  @HttpCode(200)
  async mfaBackupCodes(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaBackupCodes(credentialsOf(body, request))));
  }
}
