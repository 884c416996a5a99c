import pg from 'pg';

/** Runs one statement (CREATE/DROP DATABASE) on its own connection to `url`, outside any transaction. */
export async function runOnServer(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
