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

/** Ability and accomplishment items per subject. */
export const abilityRoutes = {
  abilitySubjects: post(
    `${U}/ability/get_subject`,
    'subjects with ability items',
    Empty,
    Type.Array(Subject),
  ),
  abilityList: post(
    `${U}/ability/getListAbility`,
    'ability items',
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(AbilityItem),
  ),
  abilityInsert: post(
    `${U}/ability/insert`,
    'add an ability item',
    Obj({ subjectId: Id, name: Name }),
    NewId,
  ),
  abilityDelete: post(`${U}/ability/delete`, 'delete an ability item', ById, Null),
  accomplishmentList: post(
    `${U}/accomplishment/getList`,
    'accomplishment items',
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(AbilityItem),
  ),
  accomplishmentSubjects: post(
    `${U}/accomplishment/get_subject`,
    'subjects with accomplishment items',
    Empty,
    Type.Array(Subject),
  ),
  accomplishmentInsert: post(
    `${U}/accomplishment/insert`,
    'add an accomplishment item',
    Obj({ subjectId: Id, name: Name }),
    NewId,
  ),
  accomplishmentDelete: post(
    `${U}/accomplishment/delete`,
    'delete an accomplishment item',
    ById,
    Null,
  ),
};
