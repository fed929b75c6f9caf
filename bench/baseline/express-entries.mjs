// Baseline peer for the entry benchmark: the plain way to build POST entry.
// Express + pg; per entry one transaction that locks the contest row, counts, checks and inserts.
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

await pool.query(`
  create table if not exists contests (
    id uuid primary key default gen_random_uuid(),
    is_active boolean not null default true,
    end_date timestamptz not null,
    max_entries integer
  );
  create table if not exists contest_entries (
    id uuid primary key default gen_random_uuid(),
    contest_id uuid not null references contests(id) on delete cascade,
    name text not null,
    email text not null,
    entry_date timestamptz not null default now()
  );
  create unique index if not exists contest_entries_email on contest_entries (contest_id, lower(email));
`);

const app = express();
app.use(express.json());

app.post('/api/contests', async (request, response) => {
  const { rows } = await pool.query(
    `insert into contests (end_date, max_entries) values (now() + interval '7 days', $1) returning id`,
    [request.body.maxEntries ?? null],
  );
  response.status(201).json({ id: rows[0].id });
});

app.post('/api/contests/:id/entries', async (request, response) => {
  const name = String(request.body?.name ?? '').trim();
  const email = String(request.body?.email ?? '').trim();
  if (!name || !email.includes('@')) return response.status(400).json({ message: 'Invalid entry' });
  const client = await pool.connect();
  try {
    await client.query('begin');
    const contest = await client.query(
      'select is_active, end_date, max_entries from contests where id = $1 for update',
      [request.params.id],
    );
    const row = contest.rows[0];
    if (!row) {
      await client.query('rollback');
      return response.status(404).json({ message: 'Contest not found' });
    }
    if (!row.is_active || row.end_date <= new Date()) {
      await client.query('rollback');
      return response.status(409).json({ message: 'This contest has ended.' });
    }
    const counted = await client.query(
      'select count(*)::int as count from contest_entries where contest_id = $1',
      [request.params.id],
    );
    if (row.max_entries !== null && counted.rows[0].count >= row.max_entries) {
      await client.query('rollback');
      return response.status(409).json({ message: 'This contest is full.' });
    }
    const inserted = await client.query(
      'insert into contest_entries (contest_id, name, email) values ($1, $2, $3) returning id, name',
      [request.params.id, name, email],
    );
    await client.query('commit');
    return response.status(201).json(inserted.rows[0]);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (error.code === '23505') {
      return response.status(409).json({ message: 'This email has already entered this contest.' });
    }
    return response.status(500).json({ message: 'Something went wrong' });
  } finally {
    client.release();
  }
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
