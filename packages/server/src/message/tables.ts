import type { Generated } from 'kysely';

/**
 * Tables of the message domain, merged into the database type `DB`: messages (one row per
 * event or notice), receipts (one row per recipient, with when they read it) and the client
 * error log (one row per school and error fingerprint).
 * @see docs/messages.md
 */
export interface MessageTables {
  messages: MessagesTable;
  message_receipts: MessageReceiptsTable;
  client_errors: ClientErrorsTable;
}

export interface MessagesTable {
  id: Generated<number>;
  school_id: number;
  /** One of `MESSAGE_KINDS` (`@examkit/contracts`). */
  kind: string;
  title: string;
  content: string;
  link: string | null;
  /** The administrator who wrote a notice; null for the product's own messages. */
  sender_id: number | null;
  /** Same event, same key: a recipient who already has a message with this key gets no second one. */
  dedupe_key: string | null;
  created_at: number;
}

export interface MessageReceiptsTable {
  message_id: number;
  user_id: number;
  school_id: number;
  read_at: number | null;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  school_id: number;
  /** SHA-256 of kind, message and the stack's first frames, after personal data was removed. */
  fingerprint: string;
  kind: string;
  message: string;
  stack: string;
  page: string;
  user_agent: string;
  count: number;
  first_seen_at: number;
  last_seen_at: number;
}
