import { administrationRoutes as r, PARAM_TYPES } from '@examkit/contracts';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { DomainDeps } from '../core/deps';
import { subjectOf, subjectsOf } from './common';
import { readParam, validateParam, writeParam, type ParamType, type ParamValue } from './params';

const TAG = 'administration';

/** `level` → `Parm-Level`: the permission key of a parameter page. */
export const paramKey = (type: ParamType) => `Parm-${type[0]?.toUpperCase() ?? ''}${type.slice(1)}`;

/** Dictionary, parameter pages, report push, ability and accomplishment items, grade display, holidays. */
export function registerSettingsRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.dicGetValue, TAG, async ({ body, session }) => {
    const row = await db
      .selectFrom('school_dictionary')
      .select('dic_value')
      .where('school_id', '=', session.schoolId)
      .where('dic_code', '=', body.dicCode)
      .executeTakeFirst();
    return { dicCode: body.dicCode, dicValue: row?.dic_value ?? null };
  });

  router.sessionRoute(r.dicGetCodes, TAG, async ({ body, session }) => {
    const rows = await db
      .selectFrom('school_dictionary')
      .select(['dic_code', 'dic_value'])
      .where('school_id', '=', session.schoolId)
      .where('dic_code', 'in', body.dicCodes)
      .orderBy('dic_code')
      .execute();
    return rows.map((row) => ({ dicCode: row.dic_code, dicValue: row.dic_value }));
  });

  router.sessionRoute(r.dicUpdateValue, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('System-Parm');
    await db
      .insertInto('school_dictionary')
      .values({ school_id: session.schoolId, dic_code: body.dicCode, dic_value: body.dicValue })
      .onConflict((oc) =>
        oc.columns(['school_id', 'dic_code']).doUpdateSet({ dic_value: body.dicValue }),
      )
      .execute();
    return null;
  });

  router.sessionRoute(r.dicGetLevel, TAG, async ({ session }) => {
    const level = await readParam(db, session.schoolId, 'level');
    return {
      excellent: Number(level.excellent),
      good: Number(level.good),
      pass: Number(level.pass),
      low: Number(level.low),
    };
  });
  router.sessionRoute(r.dicGetSubject, TAG, async ({ session }) =>
    subjectsOf(db, session.schoolId),
  );
  router.sessionRoute(r.dicGetLow, TAG, async ({ session }) => ({
    low: Number((await readParam(db, session.schoolId, 'level')).low),
  }));
  router.sessionRoute(r.dicGetBord, TAG, async ({ session }) => ({
    border: Number((await readParam(db, session.schoolId, 'count')).border),
  }));
  router.sessionRoute(r.dicGetAnal, TAG, async ({ session }) => {
    const count = await readParam(db, session.schoolId, 'count');
    return { topPercent: Number(count.topPercent), bottomPercent: Number(count.bottomPercent) };
  });

  router.sessionRoute(r.getReportPush, TAG, async ({ session }) => {
    const v = await readParam(db, session.schoolId, 'reportPush');
    return {
      enabled: v.enabled === true,
      pushToParents: v.pushToParents === true,
      pushToStudents: v.pushToStudents === true,
      showRank: v.showRank === true,
      showScore: v.showScore === true,
    };
  });
  router.sessionRoute(r.saveReportPush, TAG, async ({ body, session }) => {
    await accessOf(db, session).require(paramKey('reportPush'));
    await writeParam(db, session.schoolId, 'reportPush', validateParam('reportPush', body), now());
    return null;
  });

  router.sessionRoute(r.paramList, TAG, async ({ session }) => {
    await accessOf(db, session).require('System-Parm');
    const out: { paramType: string; value: ParamValue }[] = [];
    for (const type of PARAM_TYPES) {
      out.push({ paramType: type, value: await readParam(db, session.schoolId, type) });
    }
    return out;
  });
  router.sessionRoute(r.paramAdd, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Parm');
    await access.require(paramKey(body.paramType));
    const current = await readParam(db, session.schoolId, body.paramType);
    const value = validateParam(body.paramType, { ...current, ...body.value });
    await writeParam(db, session.schoolId, body.paramType, value, now());
    return null;
  });

  for (const [kind, type, list, subjects, insert, remove] of [
    [1, 'ability', r.abilityList, r.abilitySubjects, r.abilityInsert, r.abilityDelete],
    [
      2,
      'accomplishment',
      r.accomplishmentList,
      r.accomplishmentSubjects,
      r.accomplishmentInsert,
      r.accomplishmentDelete,
    ],
  ] as const) {
    router.sessionRoute(list, TAG, async ({ body, session }) => {
      let q = db
        .selectFrom('ability_items as a')
        .innerJoin('subjects as s', 's.id', 'a.subject_id')
        .select(['a.id', 'a.subject_id', 's.name as subjectName', 'a.name'])
        .where('a.school_id', '=', session.schoolId)
        .where('a.kind', '=', kind);
      if (body.subjectId !== undefined) q = q.where('a.subject_id', '=', body.subjectId);
      const rows = await q.orderBy('s.sort').orderBy('a.id').execute();
      return rows.map((row) => ({
        id: row.id,
        subjectId: row.subject_id,
        subjectName: row.subjectName,
        name: row.name,
      }));
    });
    router.sessionRoute(subjects, TAG, async ({ session }) => subjectsOf(db, session.schoolId));
    router.sessionRoute(insert, TAG, async ({ body, session }) => {
      await accessOf(db, session).require(paramKey(type));
      await subjectOf(db, session.schoolId, body.subjectId);
      const name = body.name.trim();
      if (!name) throw badRequest('名称不能为空');
      await db
        .insertInto('ability_items')
        .values({ school_id: session.schoolId, kind, subject_id: body.subjectId, name })
        .onConflict((oc) => oc.columns(['school_id', 'kind', 'subject_id', 'name']).doNothing())
        .execute();
      const row = await db
        .selectFrom('ability_items')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('kind', '=', kind)
        .where('subject_id', '=', body.subjectId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { id: row.id };
    });
    router.sessionRoute(remove, TAG, async ({ body, session }) => {
      await accessOf(db, session).require(paramKey(type));
      const result = await db
        .deleteFrom('ability_items')
        .where('id', '=', body.id)
        .where('school_id', '=', session.schoolId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('记录不存在');
      return null;
    });
  }

  router.sessionRoute(r.gradeShowSave, TAG, async ({ body, session }) => {
    await accessOf(db, session).require(paramKey('gradeSet'));
    if (body.gradeIds.length > 0) {
      const found = await db
        .selectFrom('grades')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('id', 'in', body.gradeIds)
        .execute();
      if (found.length !== new Set(body.gradeIds).size) throw notFound('年级不存在');
    }
    const value = validateParam('gradeSet', {
      showRank: body.showRank,
      showLevel: body.showLevel,
      gradeIds: [...new Set(body.gradeIds)].join(','),
    });
    await writeParam(db, session.schoolId, 'gradeSet', value, now());
    return null;
  });
  router.sessionRoute(r.gradeShowGet, TAG, async ({ session }) => {
    const v = await readParam(db, session.schoolId, 'gradeSet');
    const ids = String(v.gradeIds);
    return {
      gradeIds: ids ? ids.split(',').map(Number) : [],
      showRank: v.showRank === true,
      showLevel: v.showLevel === true,
    };
  });

  router.sessionRoute(r.holidayList, TAG, async ({ body, session }) => {
    const year = body.year ?? clock.now().getUTCFullYear();
    const rows = await db
      .selectFrom('holidays')
      .select(['day', 'name'])
      .where('school_id', '=', session.schoolId)
      .where('day', '>=', `${year}-01-01`)
      .where('day', '<=', `${year}-12-31`)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({ date: row.day, name: row.name }));
  });
}
