import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ListCatalogue } from '@store/application';
import { findLocale } from '@store/domain';
import { IsIn, IsOptional } from 'class-validator';
import { SUPPORTED_LOCALES } from '@store/domain';
import { success, unwrap } from '../http/result';
import { catalogueJson } from './catalogue.presenter';

export class CatalogueQuery {
  @IsOptional()
  @IsIn(SUPPORTED_LOCALES.map((locale) => locale.urlFriendly), { message: 'locale is not one of the store locales' })
  locale?: string;
}

@ApiTags('catalogue')
@Controller('data/catalogue')
export class CatalogueController {
  constructor(private readonly listCatalogue: ListCatalogue) {}

  /** The products on sale in the storefront of a locale, priced in its country account. */
  @Get()
  @ApiOkResponse({ description: 'The catalogue of the locale’s country account' })
  async list(@Query() query: CatalogueQuery) {
    const locale = findLocale(query.locale ?? 'en-gb');
    const view = unwrap(await this.listCatalogue.execute(locale?.countryAccount ?? 'GB'));
    return success(catalogueJson(view));
  }
}
