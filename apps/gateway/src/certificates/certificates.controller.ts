import {
  CertificateDocumentRpc,
  CertificateErrorCode,
  CertificateMessages,
  certificateAnswerSchema,
  certificateRevokeBodySchema,
  CertificatesRpc,
  certificateVerificationAnswerSchema,
  isCertificateNumber,
  normalizeCertificateNumber,
  type CertificateAnswer,
  type CertificateRevokeBody,
  type CertificateVerificationAnswer,
} from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, GoneException, Header, NotFoundException, Param, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedIn } from '../accounts/access/access.decorators.js';
import { documentAnswer } from '../http/document-answer.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { ZodBody } from '../validation/zod-params.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** Look-ups of the public verification per client address: numbers cannot be collected by trying. */
export const CERTIFICATE_VERIFY_LIMIT = { name: 'certificate-verify', limit: 60, windowSeconds: 60, by: 'ip' as const };

/** `{number}` of a route: a text that is no certificate number names nothing (404, as the service would answer). */
function numberParam(value: string): string {
  const number = normalizeCertificateNumber(value);
  if (!isCertificateNumber(number)) throw new NotFoundException({ code: CertificateErrorCode.NotFound, message: CertificateMessages.notFound });
  return number;
}

const NUMBER_PARAM = { name: 'number', description: 'The certificate number printed on it', example: 'AMA-2026-7KQ3-M9TX' };

/**
 * Certificates (issue 15): the public verification behind `/certificates/verify/{number}` (the
 * QR code on the certificate opens it), the PDF for its learner and the administrators, and the
 * revocation by an administrator.
 */
@ApiTags('certificates')
@Controller('api/certificates')
export class CertificatesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('verify/:number')
  @RateLimit(CERTIFICATE_VERIFY_LIMIT)
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Public: whether a certificate is valid or revoked (with the date), whose (name) and of which course, and when it was issued' })
  @ApiParam(NUMBER_PARAM)
  @ApiOkResponse({ schema: apiSchema(certificateVerificationAnswerSchema) })
  @ApiNotFoundResponse({ description: "'Certificate not found.'" })
  @ApiTooManyRequestsResponse({ description: 'Too many look-ups from this address' })
  verify(@Param('number') number: string): Promise<RawJson<CertificateVerificationAnswer>> {
    return this.rpc.callRaw(CertificatesRpc.Verify, { number: numberParam(number) });
  }

  @Get(':number/pdf')
  @SignedIn()
  @ApiOperation({ summary: 'Download the certificate PDF: its learner or an administrator' })
  @ApiParam(NUMBER_PARAM)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, as an attachment named certificate-<number>.pdf' })
  @ApiNotFoundResponse({ description: "'Certificate not found.': unknown, or someone else's" })
  @ApiGoneResponse({ description: "'This certificate was revoked.'" })
  async pdf(@Param('number') number: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    // Exams answers the certificate to its learner and the administrators only (the call carries the signed-in user).
    const { data } = await this.rpc.call(CertificatesRpc.Get, { number: numberParam(number) });
    if (data.status === 'revoked') throw new GoneException({ code: CertificateErrorCode.Revoked, message: CertificateMessages.revoked });
    const pdf = await this.rpc.call(CertificateDocumentRpc.Pdf, {
      number: data.number,
      userId: data.user_id,
      learnerName: data.learner_name,
      courseName: data.course_name,
      resultPercents: data.result_percents,
      issuedAt: data.issued_at,
    });
    return documentAnswer(reply, pdf, { disposition: 'attachment' });
  }

  @CapabilityRoute('POST', ':number/revoke', 'certificates.revoke', 'Administrators: revoke a certificate with a reason; its verification page then says revoked')
  @ApiParam(NUMBER_PARAM)
  @ApiOkResponse({ schema: apiSchema(certificateAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: "{ reason: ['The reason is required.'] }" })
  @ApiNotFoundResponse({ description: "'Certificate not found.'" })
  @ApiConflictResponse({ description: "'This certificate is already revoked.'" })
  revoke(@Param('number') number: string, @ZodBody(certificateRevokeBodySchema) body: CertificateRevokeBody): Promise<CertificateAnswer & { message: string }> {
    return this.rpc.call(CertificatesRpc.Revoke, { number: numberParam(number), reason: body.reason });
  }
}
