import { Type } from 'typebox';
import { Id, Nullable, Obj, OneOf, post } from './builders';
import { JointExam, SCHOOL_LABELS } from './joint';

/** The characters of an invite code: no 0/O, 1/I/L, so it can be read out over the phone. */
export const CROSS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Length of an invite code. */
export const CROSS_CODE_LENGTH = 8;

/** An invite the host school issued for one of its exams (the code itself is shown once). */
export const CrossInvite = Obj({
  id: Type.Integer(),
  examId: Type.Integer(),
  examName: Type.String(),
  schoolLabels: OneOf(SCHOOL_LABELS),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  /** live: can be used; used: a school joined with it; revoked; expired. */
  status: OneOf(['live', 'used', 'revoked', 'expired'] as const),
  /** The school that joined with it (the host sees its guest by name). */
  guestSchoolName: Nullable(Type.String()),
});

/**
 * 跨校考试 (/exam/crossSchool, /exam/crossSchool/join): a school invites another school, of any
 * region, by a short-lived single-use code to sit one of its exams; the guest school joins with
 * the code and the pair becomes a joint exam of two schools (the host organises it), scanned and
 * reported by the joint-exam machinery with its privacy rules. @see docs/cross-school-exams.md
 */
export const crossSchoolRoutes = {
  crossList: post(
    '/marking-main/cross_school/list',
    "the school's cross-school exams (as host or guest) and the invites it issued, newest first",
    Obj({}),
    Obj({ exams: Type.Array(JointExam), invites: Type.Array(CrossInvite) }),
  ),
  crossInvite: post(
    '/marking-main/cross_school/invite',
    'a code (valid 24 hours, single use) inviting another school to sit one of our exams; an earlier live code of the exam is revoked',
    Obj({ examId: Id, schoolLabels: OneOf(SCHOOL_LABELS) }),
    Obj({ invite: CrossInvite, code: Type.String() }),
  ),
  crossRevoke: post(
    '/marking-main/cross_school/revoke',
    'revoke a live invite code of our school',
    Obj({ inviteId: Type.Integer({ minimum: 1, title: '邀请码' }) }),
    CrossInvite,
  ),
  crossJoin: post(
    '/marking-main/cross_school/join',
    "join another school's exam with its invite code: a draft exam of the same grade number and subjects (and paper) in our school; failed codes are rate-limited",
    Obj({
      code: Type.String({ minLength: 1, maxLength: 32, title: '邀请码' }),
    }),
    JointExam,
  ),
};
