import { SharingRpc, type HasPendingSharesResponse, type ReceivedCourseDto, type ReceivePendingResponse } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CapabilityRoute } from '../http/route-verb.js';

/**
 * Pending shares (spec: learning §4 "Pending shares", §7): two seconds after a page loads the web
 * app asks whether courses wait for the signed-in learner, and receives them when told to.
 */
@ApiTags('sharing')
@Controller()
export class PendingSharesController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/quick-share/has-pending', 'share.receive', 'Whether courses shared with your (verified) address wait: has_shares, shares_count')
  hasPending(): Promise<HasPendingSharesResponse> {
    return this.rpc.call(SharingRpc.HasPending, {});
  }

  @CapabilityRoute('GET', 'api/quick-share/receive-pending', 'share.receive', 'Receive the courses shared with your address: they go to My courses')
  receivePending(): Promise<ReceivePendingResponse> {
    return this.rpc.call(SharingRpc.ReceivePending, {});
  }

  @CapabilityRoute('GET', 'api/my-courses/received', 'course.learn', 'The courses you hold by purchase or share (My courses)')
  received(): Promise<{ data: ReceivedCourseDto[] }> {
    return this.rpc.call(SharingRpc.ReceivedCourses, {});
  }
}
