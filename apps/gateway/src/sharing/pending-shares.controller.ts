import { SharingRpc, type HasPendingSharesResponse, type ReceivedCourseDto, type ReceivePendingResponse } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';

/**
 * Pending shares (spec: learning §4 "Pending shares", §7): two seconds after a page loads the web
 * app asks whether courses wait for the signed-in learner, and receives them when told to.
 */
@ApiTags('sharing')
@Controller()
export class PendingSharesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/quick-share/has-pending')
  @Can('share.receive')
  @ApiOperation({ summary: 'Whether courses shared with your (verified) address wait: has_shares, shares_count' })
  hasPending(): Promise<HasPendingSharesResponse> {
    return this.rpc.call(SharingRpc.HasPending, {});
  }

  @Get('api/quick-share/receive-pending')
  @Can('share.receive')
  @ApiOperation({ summary: 'Receive the courses shared with your address: they go to My courses' })
  receivePending(): Promise<ReceivePendingResponse> {
    return this.rpc.call(SharingRpc.ReceivePending, {});
  }

  @Get('api/my-courses/received')
  @Can('course.learn')
  @ApiOperation({ summary: 'The courses you hold by purchase or share (My courses)' })
  received(): Promise<{ data: ReceivedCourseDto[] }> {
    return this.rpc.call(SharingRpc.ReceivedCourses, {});
  }
}
