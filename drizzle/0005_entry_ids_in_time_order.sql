-- A UUID whose first 48 bits are the Unix time in milliseconds (the layout of UUID version 7;
-- PostgreSQL 18's uuidv7() is not in PostgreSQL 15 or PGlite), the rest random as
-- gen_random_uuid()'s. Declared as SQL so that the planner inlines it.
CREATE OR REPLACE FUNCTION time_ordered_uuid() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(
          uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6
        ),
        52, 1
      ),
      53, 1
    ),
    'hex'
  )::uuid
$$;
--> statement-breakpoint
ALTER TABLE "contest_entries" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();
