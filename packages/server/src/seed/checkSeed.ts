import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { validationMessage, type SchemaIssue } from '../core/validationMessage';

/**
 * Checks a seeded record against the request schema a user's form is checked with
 * (the contract's create body), so a record the forms would refuse fails at seed time.
 */
export function checkSeed(schema: TSchema, value: unknown, what: string): void {
  const issues = [...Value.Errors(schema, value)] as unknown as SchemaIssue[];
  if (issues.length === 0) return;
  throw new Error(
    `demo seed: ${what} ${JSON.stringify(value)}: ${validationMessage(issues, schema)}`,
  );
}
