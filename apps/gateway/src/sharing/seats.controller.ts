import { SharingRpc, type AvailabilityListResponse, type AvailableForSharingResponse, type SharableCourseDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { programIdParam } from './sharing-input.js';

/**
 * Seat availability (spec: learning §2 availability list modal, §3 Course availability, §7). The
 * guard reads the signed-in user, so each call acts for them; the service picks their seats (a
 * company's organizers: the company's) and never another owner's.
 */
@ApiTags('sharing')
@Controller()
export class SeatsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('availability-list/:program')
  @Can('share.send')
  @ApiOperation({ summary: 'The purchases whose seats of a course are still usable: qty, created_at, available_till; meta.total' })
  @ApiOkResponse({ description: '`{ data: [{ qty, created_at, available_till }], meta: { total } }`' })
  availabilityList(@Param('program') program: string): Promise<AvailabilityListResponse> {
    return this.rpc.call(SharingRpc.AvailabilityList, { programId: programIdParam(program) });
  }

  @Get('my-courses/available-for-sharing/:program_id')
  @Can('share.send')
  @ApiOperation({ summary: 'How many seats of a course can be shared now' })
  @ApiOkResponse({ description: '`{ count }`' })
  availableForSharing(@Param('program_id') program: string): Promise<AvailableForSharingResponse> {
    return this.rpc.call(SharingRpc.AvailableForSharing, { programId: programIdParam(program) });
  }

  @Get('api/quick-share/courses')
  @Can('share.send')
  @ApiOperation({ summary: 'The courses you have seats or shares of (the quick share page course picker)' })
  sharableCourses(): Promise<{ data: SharableCourseDto[] }> {
    return this.rpc.call(SharingRpc.SharableCourses, {});
  }
}
