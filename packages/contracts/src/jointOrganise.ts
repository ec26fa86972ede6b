import { Type } from 'typebox';
import { Nullable, Obj, post } from './builders';
import { SchoolOption } from './user';

/**
 * Who may create a joint exam, and with which schools (docs/joint-exams.md#joint-exams): the
 * bureau of a region, or a lead school of a region (its school-wide exam managers holding
 * Exam-Multiple), choosing among the region's schools.
 */
export const jointOrganiseRoutes = {
  jointOrganiserSchools: post(
    '/marking-main/joint/organiser_schools',
    "the region's schools the caller may organise a joint exam with (the bureau, or a lead school which takes part itself); null when the caller may not organise one",
    Obj({}),
    Nullable(
      Obj({
        regionName: Type.String(),
        /** The caller's school when a lead school organises (it must take part); null for the bureau. */
        leadSchoolId: Nullable(Type.Integer()),
        schools: Type.Array(SchoolOption),
      }),
    ),
  ),
};
