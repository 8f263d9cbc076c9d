import { Module } from '@nestjs/common';
import { ClientErrorsController } from './client-errors.controller';

/** The page's error reports: a log line each, no storage of their own. */
@Module({ controllers: [ClientErrorsController] })
export class ClientErrorsModule {}
