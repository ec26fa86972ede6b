import { FIELD_LABELS } from '@examkit/contracts';

/** The parts of an Ajv error we read (Fastify hands them over as `error.validation`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文字',
  boolean: '是或否',
  object: '对象',
  array: '列表',
  null: '空值',
};

/** Fields whose rule the user must read in product words rather than schema words. */
const FIELD_MESSAGES: Record<string, string> = {
  newPassWord: '密码须为至少6位的字母和数字组合',
};

const PREFIX = '请求参数错误：';

interface SchemaNode {
  title?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** The sub-schema of `name` under `node` (through arrays and unions). */
function child(node: SchemaNode | undefined, name: string): SchemaNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (/^\d+$/.test(name) && node.items) return node.items;
  const own = node.properties?.[name];
  if (own) return own;
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
    const found = child(branch, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The Chinese name of a field by its path (`subjects/0/fullMarks` → 考试科目第1项的满分): each
 * name by its schema's `title`, else the contracts' `FIELD_LABELS`, else as it is.
 */
export function fieldLabel(segments: readonly string[], schema?: unknown): string {
  let node = schema as SchemaNode | undefined;
  let text = '';
  for (const segment of segments) {
    node = child(node, segment);
    if (/^\d+$/.test(segment)) {
      text += `第${Number(segment) + 1}项`;
      continue;
    }
    const title = typeof node?.title === 'string' ? node.title : undefined;
    const label = title ?? FIELD_LABELS[segment] ?? segment;
    text = text ? `${text}的${label}` : label;
  }
  return text;
}

/**
 * One clear Chinese sentence for the first schema violation, naming the field by its Chinese
 * label; `schema` (the route's body or query schema) lends its fields' `title`s.
 */
export function validationMessage(issues: readonly SchemaIssue[], schema?: unknown): string {
  const issue = issues[0];
  if (!issue) return `${PREFIX}请求内容不合法`;
  const segments = issue.instancePath.split('/').filter((s) => s !== '');
  const p = issue.params;
  if (issue.keyword === 'required')
    return `${PREFIX}${fieldLabel([...segments, String(p.missingProperty)], schema)}不能为空`;
  if (issue.keyword === 'additionalProperties') {
    const extra = String(p.additionalProperty ?? (p.additionalProperties as unknown[])?.[0]);
    return `${PREFIX}不支持的字段 ${[...segments, extra].join('.')}`;
  }
  const field = segments.length > 0 ? fieldLabel(segments, schema) : '请求体';
  const special = FIELD_MESSAGES[segments.join('.')];
  if (special) return `${PREFIX}${special}`;
  switch (issue.keyword) {
    case 'type': {
      const type = String(p.type);
      return `${PREFIX}${field}应为${TYPE_NAMES[type] ?? type}`;
    }
    case 'minLength':
      return p.limit === 1
        ? `${PREFIX}${field}不能为空`
        : `${PREFIX}${field}长度不能少于 ${String(p.limit)} 位`;
    case 'maxLength':
      return `${PREFIX}${field}长度不能超过 ${String(p.limit)} 位`;
    case 'minItems':
      return `${PREFIX}${field}至少选择 ${String(p.limit)} 项`;
    case 'maxItems':
      return `${PREFIX}${field}最多 ${String(p.limit)} 项`;
    case 'minimum':
      return `${PREFIX}${field}不能小于 ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${PREFIX}${field}应大于 ${String(p.limit)}`;
    case 'maximum':
      return `${PREFIX}${field}不能大于 ${String(p.limit)}`;
    case 'pattern':
    case 'format':
      return `${PREFIX}${field}格式不正确`;
    case 'const': {
      // A union of literals (考试类型, 状态…): Ajv reports one `const` per choice.
      const choices = issues
        .filter((i) => i.keyword === 'const' && i.instancePath === issue.instancePath)
        .map((i) => i.params.allowedValue)
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
      return choices.length > 1 &&
        choices.every((v) => typeof v === 'string' && !/^[a-z_]+$/.test(v))
        ? `${PREFIX}${field}应为${choices.join('、')}之一`
        : `${PREFIX}${field}不合法`;
    }
    default:
      return `${PREFIX}${field}不合法`;
  }
}
