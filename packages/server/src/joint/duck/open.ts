import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/** How the DuckDB engine of a large joint exam runs (docs/joint-exams.md#snapshots). */
export interface JointDuckOptions {
  /** The server's data folder: what does not fit `memoryLimit` spills to `<dataDir>/duckdb-tmp`. */
  dataDir: string;
  /** Threads DuckDB may use. @default 2 */
  threads?: number;
  /** DuckDB's memory limit, e.g. `1536MB`. @default '1GB' */
  memoryLimit?: string;
}

/** An in-memory DuckDB of one joint exam's computation; `close` frees it. */
export interface JointDuck {
  connection: DuckDBConnection;
  close(): void;
}

/** Opens an in-memory DuckDB with bounded threads and memory, spilling into the data folder. */
export async function openJointDuck(options: JointDuckOptions): Promise<JointDuck> {
  const temp = join(options.dataDir, 'duckdb-tmp');
  mkdirSync(temp, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads ?? 2),
    memory_limit: options.memoryLimit ?? '1GB',
    temp_directory: temp,
    // the extensions (sqlite, postgres scanners) would need a download: none is loaded
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const connection = await instance.connect();
  return {
    connection,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
