import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AccountSecurity, PasswordRecovery, SignIn, type Credentials } from '@store/application';
import { DEFAULT_LOCALE } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
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
import { readDeviceCookie, writeDeviceCookie } from './device-cookie';

const credentialsOf = (body: { username: string; password: string; otp?: string }, request: Request, config: AppConfig): Credentials => ({
  email: body.username,
  password: body.password,
  otp: body.otp,
  clientAddress: request.ip ?? 'unknown',
  device: readDeviceCookie(request, config.DEVICE_COOKIE_SECRET as string),
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
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: CredentialsDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const signedIn = unwrap(await this.signIn.execute(credentialsOf(body, request, this.config)));
    writeDeviceCookie(response, signedIn.customerId, signedIn.device, this.config.DEVICE_COOKIE_SECRET as string, this.config.COOKIE_SECURE, new Date());
    return payload({ token: signedIn.token });
  }

  @Post('update-password')
  @HttpCode(200)
  async updatePassword(@Body() body: UpdatePasswordDto, @Req() request: Request) {
    const credentials = credentialsOf({ username: body.username, password: body.current_password, otp: body.otp }, request, this.config);
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
    return payload(unwrap(await this.security.mfaStatus(credentialsOf(body, request, this.config))));
  }

  @Post('mfa-enable')
  @HttpCode(200)
  async mfaEnable(@Body() body: MfaEnableDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaEnable(credentialsOf(body, request, this.config))));
  }

  @Post('mfa-activate')
  @HttpCode(200)
  async mfaActivate(@Body() body: MfaActivateDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaActivate(credentialsOf({ username: body.username, password: body.password }, request, this.config), body.otp)));
  }

  @Post('mfa-disable')
  @HttpCode(200)
  async mfaDisable(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaDisable(credentialsOf(body, request, this.config))));
  }

  @Post('mfa-generate-backup-codes')
  @HttpCode(200)
  async mfaBackupCodes(@Body() body: CredentialsDto, @Req() request: Request) {
    return payload(unwrap(await this.security.mfaBackupCodes(credentialsOf(body, request, this.config))));
  }
}
