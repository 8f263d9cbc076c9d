import { Controller, Get, Header, HttpCode, Inject, Put, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { consentCookieNames, readConsentCookies, type ApiSuccess, type ConsentJson } from '@store/domain';
import { AppConfig } from '../config/app-config';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The saved choice, from the request's (HttpOnly) consent cookies, read by the domain's one reader. */
export function savedConsent(request: Request, prefix: string): ConsentJson {
  return readConsentCookies((request.cookies ?? {}) as Record<string, unknown>, prefix);
}

const answer = (data: ConsentJson): ApiSuccess<ConsentJson> => ({ success: true, code: 200, data });

/**
 * Cookie consent (spec 1 §4, §7): the allow-analytics and manage-cookies-viewed cookies, named with
 * the store's prefix, set only by these calls. The cookies are HttpOnly: the page learns the choice
 * from GET /cookie-consent/ (our addition), or from the page itself (serve-web-app.ts writes it into
 * index.html), so no script can forge or read them.
 */
@ApiTags('consent')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller()
export class ConsentController {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  private get names() {
    return consentCookieNames(this.config.COOKIE_PREFIX);
  }

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: '/', maxAge: ONE_YEAR_MS };
  }

  /**
   * A choice (allow or disallow) is stored whole by its one answer: the analytics cookie and the
   * viewed marker together. Were the marker a second call, a page load between the two answers
   * would find the choice half made and show the notice again.
   */
  private storeChoice(response: Response, analytics: boolean): void {
    response.cookie(this.names.allow, String(analytics), this.options());
    response.cookie(this.names.viewed, 'true', this.options());
  }

  private read(request: Request): ConsentJson {
    return savedConsent(request, this.config.COOKIE_PREFIX);
  }

  @Get('cookie-consent')
  @Header('Cache-Control', 'no-store')
  consent(@Req() request: Request) {
    return answer(this.read(request));
  }

  @Put('cookie-allow-analytics')
  @HttpCode(200)
  allow(@Res({ passthrough: true }) response: Response) {
    this.storeChoice(response, true);
    return answer({ analytics: true, viewed: true });
  }

  @Put('cookie-disallow-analytics')
  @HttpCode(200)
  disallow(@Res({ passthrough: true }) response: Response) {
    this.storeChoice(response, false);
    return answer({ analytics: false, viewed: true });
  }

  @Put('cookie-settings-viewed')
  @HttpCode(200)
  viewed(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    response.cookie(this.names.viewed, 'true', this.options());
    return answer({ ...this.read(request), viewed: true });
  }

  /** The configured analytics tag markup, only to a browser that allowed analytics; empty otherwise. */
  @Get('cookie-analytics-scripts')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  scripts(@Req() request: Request): string {
    return this.read(request).analytics === true ? this.config.ANALYTICS_SCRIPTS : '';
  }
}
