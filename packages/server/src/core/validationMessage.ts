/** The parts of an Ajv error we read (Fastify hands them over as `error.validation`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

/** Fields whose rule the user must read in product words rather than schema words. */
const FIELD_MESSAGES: Record<string, string> = {
  newPassWord: '密码须为至少6位的字母和数字组合',
};

const PREFIX = '请求参数错误：';

/** One clear Chinese sentence for the first schema violation, naming the field. */
export function validationMessage(issues: readonly SchemaIssue[]): string {
  const issue = issues[0];
  if (!issue) return `${PREFIX}请求内容不合法`;
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const p = issue.params;
  if (issue.keyword === 'required')
    return `${PREFIX}${join(path, String(p.missingProperty))} 不能为空`;
  if (issue.keyword === 'additionalProperties') {
    return `${PREFIX}不支持的字段 ${join(path, String(p.additionalProperty))}`;
  }
  const field = path || '请求体';
  const special = FIELD_MESSAGES[path];
  if (special) return `${PREFIX}${special}`;
  switch (issue.keyword) {
    case 'type': {
      const type = String(p.type);
      return `${PREFIX}${field} 应为${TYPE_NAMES[type] ?? type}`;
    }
    case 'minLength':
      return p.limit === 1
        ? `${PREFIX}${field} 不能为空`
        : `${PREFIX}${field} 长度不能少于 ${String(p.limit)} 位`;
    case 'maxLength':
      return `${PREFIX}${field} 长度不能超过 ${String(p.limit)} 位`;
    case 'minimum':
      return `${PREFIX}${field} 不能小于 ${String(p.limit)}`;
    case 'maximum':
      return `${PREFIX}${field} 不能大于 ${String(p.limit)}`;
    case 'pattern':
    case 'format':
      return `${PREFIX}${field} 格式不正确`;
    default:
      return `${PREFIX}${field} 不合法`;
  }
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
