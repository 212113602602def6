import { AccountsRpc, ProfileRpc } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { currentCorrelationId, runWithContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';

/** The learner a certificate is made out to, as accounts holds them now. */
export interface CertificateHolder {
  email: string;
  /** "First Last" (the e-mail when the account has no name). */
  name: string;
  /** The personal information for certificates (learning §5: filled once), null when not given. */
  birthDate: string | null;
  birthPlace: string | null;
}

/**
 * Reads a certificate's learner from accounts through its existing RPCs: the account
 * (`AccountsRpc.GetUser`) and the personal information for certificates (`ProfileRpc.Get`, which
 * answers only the acting user's own: it is read on the learner's behalf, for their own
 * certificate, and nothing else of the profile is kept). Null when the account no longer exists.
 */
@Injectable()
export class CertificateHolders {
  constructor(private readonly rpc: RpcClient) {}

  /** The learner's address and name only (the e-mail), without their personal information. */
  async contact(userId: string): Promise<{ email: string; name: string } | null> {
    const { data: user } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    return user ? { email: user.email, name: user.name.trim() || user.email } : null;
  }

  async of(userId: string): Promise<CertificateHolder | null> {
    const { data: user } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    if (!user) return null;
    const actor = { userId: user.id, companyId: user.company_id, roles: user.roles, status: user.status, email: user.email, name: user.name };
    const { data: profile } = await runWithContext({ correlationId: currentCorrelationId(), actor }, () => this.rpc.call(ProfileRpc.Get, {}));
    const personal = profile.personal_information;
    return {
      email: user.email,
      name: user.name.trim() || user.email,
      birthDate: personal.birth_date,
      birthPlace: personal.birth_place,
    };
  }
}
