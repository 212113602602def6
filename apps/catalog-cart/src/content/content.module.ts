import { Module } from '@nestjs/common';
import { ContentRpcController } from './content.rpc.controller.js';
import { ContentService } from './content.service.js';

@Module({ controllers: [ContentRpcController], providers: [ContentService] })
export class ContentModule {}
