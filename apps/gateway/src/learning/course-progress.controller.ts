import { courseProgressAnswerSchema, ExamsRpc, type CourseProgressAnswer } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { applyDecorators, Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { uuidParam } from './learning-input.js';
import { RawJsonAnswer } from './learning-routes.js';

/** Both paths of the progress modal: the learner's own enrolment, by its id. */
const ProgressRoute = (path: string, summary: string): MethodDecorator =>
  applyDecorators(
    Get(path),
    Can('course.learn'),
    RawJsonAnswer(summary, courseProgressAnswerSchema),
    ApiParam({ name: 'uuid', description: 'The enrolment id (Enrolment.id)', format: 'uuid' }),
    ApiNotFoundResponse({ description: 'No enrolment of the caller with this id' }),
  );

/**
 * The course progress modal (spec: learning §2, §3 Progress entry, §7 `GET /course-progress/{uuid}`):
 * served at the spec's path and beside the other learning calls under `/api` (the web app's).
 */
@ApiTags('learning')
@Controller()
export class CourseProgressController {
  constructor(private readonly rpc: RpcClient) {}

  @ProgressRoute('api/course-progress/:uuid', 'One line per chapter (name, completed_at, progress) and meta.overall; the caller’s own enrolment only')
  progress(@Param('uuid') uuid: string): Promise<RawJson<CourseProgressAnswer>> {
    return this.rpc.callRaw(ExamsRpc.CourseProgress, { enrolmentId: uuidParam(uuid) });
  }

  @ProgressRoute('course-progress/:uuid', 'The same as GET /api/course-progress/{uuid}, at the path of the spec')
  specProgress(@Param('uuid') uuid: string): Promise<RawJson<CourseProgressAnswer>> {
    return this.progress(uuid);
  }
}
