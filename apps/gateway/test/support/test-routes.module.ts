import { Module } from '@nestjs/common';
import { TestRoutesController } from './test-routes.controller.js';

/** Mounted by the tests next to the gateway's real modules (`startGateway(env, { modules })`). */
@Module({ controllers: [TestRoutesController] })
export class TestRoutesModule {}
