import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { ContactRequestsRpcController } from './contact-requests.rpc.controller.js';
import { ContactRequestsService } from './contact-requests.service.js';

/** Classroom-training contact requests: stored and e-mailed to the sales team. */
@Module({
  imports: [EmailsModule, CaptchaModule],
  controllers: [ContactRequestsRpcController],
  providers: [ContactRequestsService],
})
export class ContactRequestsModule {}
