import { Body, Controller, HttpCode, Inject, Post, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import { PASSWORD_SCREEN, type PasswordScreen } from '@store/application';
import { ErrorCatalogue } from '@store/domain';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CompromisedPasswordForm {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  password?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[0-9A-Za-z:.+-]{1,40}$/, { message: '__timestamp__ is not a timestamp' })
  __timestamp__?: string;
}

/**
 * The create-account form's live check (spec 1 §7): multipart password and timestamp; the answer's
 * code is 700001 for a popular or breached password and 200 otherwise. An empty password passes.
 */
@ApiTags('identity')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class CompromisedPasswordController {
  constructor(@Inject(PASSWORD_SCREEN) private readonly screen: PasswordScreen) {}

  @Post('compromised-password')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(NoFilesInterceptor({ limits: { fields: 4, fieldSize: 2048, parts: 4 } }))
  async check(@Body() form: CompromisedPasswordForm) {
    const compromised = form.password ? await this.screen.isCompromised(form.password) : false;
    return {
      success: true,
      code: compromised ? ErrorCatalogue.PASSWORD_COMPROMISED.code : 200,
      data: { compromised },
      timestamp: form.__timestamp__ ?? '',
    };
  }
}
