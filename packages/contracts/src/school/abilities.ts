import { Type } from 'typebox';
import { Id, Obj, post } from '../builders';
import { ById, Empty, Name, NewId, Null, Subject, U } from './common';

/** An ability or accomplishment item of a subject. */
export const AbilityItem = Obj({
  id: Type.Integer(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  name: Type.String(),
});

/** The calls of one kind of per-subject item (能力 or 素养): its subjects, its items, add, delete. */
const subjectItemRoutes = (base: string, item: string, listPath: string) => ({
  subjects: post(`${base}/get_subject`, `subjects with ${item} items`, Empty, Type.Array(Subject)),
  list: post(
    `${base}/${listPath}`,
    `${item} items`,
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(AbilityItem),
  ),
  insert: post(`${base}/insert`, `add an ${item} item`, Obj({ subjectId: Id, name: Name }), NewId),
  delete: post(`${base}/delete`, `delete an ${item} item`, ById, Null),
});

const ability = subjectItemRoutes(`${U}/ability`, 'ability', 'getListAbility');
const accomplishment = subjectItemRoutes(`${U}/accomplishment`, 'accomplishment', 'getList');

/** Ability and accomplishment items per subject. */
export const abilityRoutes = {
  abilitySubjects: ability.subjects,
  abilityList: ability.list,
  abilityInsert: ability.insert,
  abilityDelete: ability.delete,
  accomplishmentList: accomplishment.list,
  accomplishmentSubjects: accomplishment.subjects,
  accomplishmentInsert: accomplishment.insert,
  accomplishmentDelete: accomplishment.delete,
};
