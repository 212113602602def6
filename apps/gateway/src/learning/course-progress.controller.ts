import { courseProgressAnswerSchema, ExamsRpc, type CourseProgressAnswer } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { uuidParam } from './learning-input.js';

/**
 * The course progress modal (spec: learning §2, §3 Progress entry, §7 `GET /course-progress/{uuid}`):
 * served at the spec's path and beside the other learning calls under `/api` (the web app's).
 */
@ApiTags('learning')
@Controller()
export class CourseProgressController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/course-progress/:uuid')
  @Can('course.learn')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'One line per chapter (name, completed_at, progress) and meta.overall; the caller’s own enrolment only' })
  @ApiParam({ name: 'uuid', description: 'The enrolment id (Enrolment.id)', format: 'uuid' })
  @ApiOkResponse({ schema: apiSchema(courseProgressAnswerSchema) })
  @ApiNotFoundResponse({ description: 'No enrolment of the caller with this id' })
  progress(@Param('uuid') uuid: string): Promise<RawJson<CourseProgressAnswer>> {
    return this.rpc.callRaw(ExamsRpc.CourseProgress, { enrolmentId: uuidParam(uuid) });
  }

  @Get('course-progress/:uuid')
  @Can('course.learn')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'The same as GET /api/course-progress/{uuid}, at the path of the spec' })
  @ApiParam({ name: 'uuid', description: 'The enrolment id (Enrolment.id)', format: 'uuid' })
  @ApiOkResponse({ schema: apiSchema(courseProgressAnswerSchema) })
  @ApiNotFoundResponse({ description: 'No enrolment of the caller with this id' })
  specProgress(@Param('uuid') uuid: string): Promise<RawJson<CourseProgressAnswer>> {
    return this.progress(uuid);
  }
}
