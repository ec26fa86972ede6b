interface PropertySchema {
  type?: unknown;
  anyOf?: unknown;
}

/**
 * Form fields and query values arrive as strings. Turns the ones the schema
 * declares as integer, number or boolean into those types when they spell one,
 * and leaves everything else for the validator to reject with its message.
 */
export function coerceStrings(schema: unknown, value: unknown): unknown {
  if (!isRecord(value) || !isRecord(schema) || !isRecord(schema.properties)) return value;
  const properties = schema.properties as Record<string, PropertySchema>;
  const out: Record<string, unknown> = { ...value };
  for (const [name, raw] of Object.entries(out)) {
    const type = properties[name]?.type;
    if (typeof raw !== 'string' || typeof type !== 'string') continue;
    if (type === 'integer' && /^-?\d{1,15}$/.test(raw)) out[name] = Number(raw);
    else if (type === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw)))
      out[name] = Number(raw);
    else if (type === 'boolean' && (raw === 'true' || raw === 'false')) out[name] = raw === 'true';
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
