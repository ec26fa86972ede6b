import { useCallback, useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { permissionCatalogue } from '@examkit/contracts/rules';
import { Button, Dialog, FormField, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { PermissionTree } from '../components/PermissionTree';
import { Actions, CheckGroup, Columns, ErrorText, Note, PageBox } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import type { RoleRow } from '../types';
import { TeacherPicker } from '../components/TeacherPicker';
import { RowAction } from '../../common/RowAction';
import { ListTable } from '../../common/ListTable';

interface RoleDraft {
  id?: number;
  roleName: string;
  schoolWide: boolean;
}

/**
 * /system/role: the school's roles, the permission tree editor of the chosen role (keys
 * of spec 001 §6) and the assignment of roles to a teacher for the current academic year.
 */
export function RolePage() {
  const call = useApiCall();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [selected, setSelected] = useState<RoleRow | null>(null);
  const [perms, setPerms] = useState<Set<string>>(new Set());
  const [permsLoaded, setPermsLoaded] = useState(false);
  const [savingPerms, setSavingPerms] = useState(false);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<RoleRow | null>(null);

  const loadRoles = useCallback(async () => {
    const r = await call(administrationRoutes.roleList, {}, { dedupe: false });
    if (r.ok) setRoles(r.data);
    else if (!r.cancelled) setRoles([]);
    return r.ok ? r.data : [];
  }, [call]);

  useEffect(() => {
    void loadRoles();
  }, [loadRoles]);

  const selectedId = selected?.id;
  useEffect(() => {
    if (selectedId === undefined) return;
    setPermsLoaded(false);
    void call(administrationRoutes.roleGetPerms, { id: selectedId }, { dedupe: false }).then(
      (r) => {
        if (r.ok) {
          setPerms(new Set(r.data));
          setPermsLoaded(true);
        }
      },
    );
  }, [call, selectedId]);

  async function savePerms() {
    if (!selected) return;
    setSavingPerms(true);
    // In catalogue order, so the saved list reads like the tree.
    const permCodes = permissionCatalogue.map((p) => p.permCode).filter((c) => perms.has(c));
    await call(
      administrationRoutes.roleUpdatePerm,
      { id: selected.id, permCodes },
      { successMessage: '权限已保存' },
    );
    setSavingPerms(false);
  }

  async function saveDraft() {
    if (!draft) return;
    const roleName = draft.roleName.trim();
    if (!roleName) {
      setDraftError('请输入角色名称');
      return;
    }
    if (roleName.length > 64) {
      setDraftError('角色名称最多64个字');
      return;
    }
    const r =
      draft.id === undefined
        ? await call(administrationRoutes.roleInsert, { roleName, schoolWide: draft.schoolWide })
        : await call(administrationRoutes.roleUpdate, {
            id: draft.id,
            roleName,
            schoolWide: draft.schoolWide,
          });
    if (!r.ok) {
      if (!r.cancelled) setDraftError(r.message);
      return;
    }
    const newId = r.data && typeof r.data === 'object' && 'id' in r.data ? r.data.id : draft.id;
    setDraft(null);
    const list = await loadRoles();
    const chosen = list.find((role) => role.id === newId);
    if (chosen) setSelected(chosen);
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    const r = await call(
      administrationRoutes.roleDelete,
      { id: pendingDelete.id },
      { successMessage: '删除成功' },
    );
    if (r.ok) {
      if (selected?.id === pendingDelete.id) setSelected(null);
      setPendingDelete(null);
      void loadRoles();
    }
  }

  return (
    <PageBox aria-labelledby="role-title">
      <h1 id="role-title">角色管理</h1>
      <Columns>
        <section aria-labelledby="role-list-title">
          <Actions style={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <h2 id="role-list-title">角色</h2>
            <Button
              type="primary"
              onClick={() => {
                setDraftError(null);
                setDraft({ roleName: '', schoolWide: false });
              }}
            >
              新增角色
            </Button>
          </Actions>
          <ListTable
            label="角色列表"
            rows={roles}
            headers={['角色名称', '数据范围', '人数', '操作']}
          >
            {(role) => (
              <tr key={role.id} aria-current={selected?.id === role.id ? 'true' : undefined}>
                <td>{role.roleName}</td>
                <td>{role.schoolWide ? '全校' : '本人任教/管理'}</td>
                <td>{role.userCount}</td>
                <td>
                  <Actions>
                    <RowAction text="权限" of={role.roleName} onClick={() => setSelected(role)} />
                    <RowAction
                      text="编辑"
                      of={role.roleName}
                      onClick={() => {
                        setDraftError(null);
                        setDraft({
                          id: role.id,
                          roleName: role.roleName,
                          schoolWide: role.schoolWide,
                        });
                      }}
                    />
                    <RowAction
                      text="删除"
                      of={role.roleName}
                      disabled={role.userCount > 0}
                      title={role.userCount > 0 ? '有教师持有该角色，不能删除' : undefined}
                      onClick={() => setPendingDelete(role)}
                    />
                  </Actions>
                </td>
              </tr>
            )}
          </ListTable>
          <RoleAssignment roles={roles ?? []} onAssigned={() => void loadRoles()} />
        </section>

        <section aria-labelledby="perm-title">
          <h2 id="perm-title">{selected ? `权限设置：${selected.roleName}` : '权限设置'}</h2>
          {!selected ? (
            <Note>请选择左侧的角色。</Note>
          ) : (
            permsLoaded && (
              <>
                <Actions style={{ marginBottom: 8 }}>
                  <Button type="primary" loading={savingPerms} onClick={() => void savePerms()}>
                    保存权限
                  </Button>
                  <Note>已选 {perms.size} 项</Note>
                </Actions>
                <PermissionTree
                  items={permissionCatalogue}
                  checked={perms}
                  onChange={setPerms}
                  label={`${selected.roleName}的权限`}
                />
              </>
            )
          )}
        </section>
      </Columns>

      <Dialog
        open={draft !== null}
        title={draft?.id === undefined ? '新增角色' : '编辑角色'}
        onClose={() => setDraft(null)}
        footer={
          <Actions>
            <Button onClick={() => setDraft(null)}>取消</Button>
            <Button type="primary" onClick={() => void saveDraft()}>
              保存
            </Button>
          </Actions>
        }
      >
        <FormField label="角色名称" required error={draftError ?? undefined}>
          <TextInput
            value={draft?.roleName ?? ''}
            onChange={(e) => draft && setDraft({ ...draft, roleName: e.target.value })}
          />
        </FormField>
        <label>
          <input
            type="checkbox"
            checked={draft?.schoolWide ?? false}
            onChange={(e) => draft && setDraft({ ...draft, schoolWide: e.target.checked })}
          />{' '}
          全校数据范围（否则只含本人任教或管理的年级、班级）
        </label>
      </Dialog>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="删除角色"
        confirmLabel="确定删除"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>确定删除角色“{pendingDelete?.roleName}”吗？</p>
      </ConfirmDialog>
    </PageBox>
  );
}

interface RoleAssignmentProps {
  roles: readonly RoleRow[];
  onAssigned(): void;
}

/** Chooses a teacher and sets their roles for the current academic year (replacing the old ones). */
function RoleAssignment({ roles, onAssigned }: RoleAssignmentProps) {
  const call = useApiCall();
  const [teacherId, setTeacherId] = useState('');
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setChosen(null);
    setError(null);
    if (!teacherId) return;
    void call(administrationRoutes.queryTeacher, { id: Number(teacherId) }, { dedupe: false }).then(
      (r) => {
        if (r.ok) setChosen(new Set(r.data.roles.map((role) => role.id)));
      },
    );
  }, [call, teacherId]);

  async function save() {
    if (!chosen || !teacherId) return;
    const r = await call(
      administrationRoutes.assignRoles,
      { userId: Number(teacherId), roleIds: roles.map((x) => x.id).filter((id) => chosen.has(id)) },
      { successMessage: '角色已分配' },
    );
    if (r.ok) onAssigned();
    else if (!r.cancelled) setError(r.message);
  }

  return (
    <section aria-labelledby="assign-title">
      <h2 id="assign-title">教师角色分配（本学年）</h2>
      <Actions style={{ alignItems: 'flex-end' }}>
        <TeacherPicker value={teacherId} onChange={setTeacherId} />
      </Actions>
      {chosen && (
        <>
          <CheckGroup>
            <legend>角色</legend>
            {roles.map((role) => (
              <label key={role.id}>
                <input
                  type="checkbox"
                  checked={chosen.has(role.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(role.id);
                    else next.delete(role.id);
                    setChosen(next);
                  }}
                />
                {role.roleName}
              </label>
            ))}
          </CheckGroup>
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <Button type="primary" onClick={() => void save()}>
            保存分配
          </Button>
        </>
      )}
    </section>
  );
}
