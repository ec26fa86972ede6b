/** Homework handed out on screen (docs/homework.md "Hand-ins on screen"), merged into `DB`. */
export interface HomeworkOnlineTables {
  homework_online: HomeworkOnlineTable;
  homework_online_tickets: HomeworkOnlineTicketsTable;
}

/** A homework handed out on screen, with the 作业码 students enter it by. */
export interface HomeworkOnlineTable {
  homework_id: number;
  school_id: number;
  code: string;
  opened_by: number;
  opened_at: number;
}

/** The student page's ticket of a student for a homework (only its hash is kept); a new entry replaces it. */
export interface HomeworkOnlineTicketsTable {
  homework_id: number;
  student_id: number;
  ticket_hash: string;
  entered_at: number;
}
