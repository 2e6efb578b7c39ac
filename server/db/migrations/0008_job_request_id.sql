-- The id of the request that scheduled a job, so the job's log lines can be joined to that request's.
ALTER TABLE jobs ADD COLUMN request_id text;
