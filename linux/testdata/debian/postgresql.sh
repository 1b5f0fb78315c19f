# PostgreSQL 15 as the postgres user (setpriv: the server refuses root):
# initdb into the work directory, pg_ctl start on a unix socket there,
# psql: DDL, queries, transactions and savepoints, an error, COPY both
# ways, a parallel query (background workers, dynamic shared memory), two
# connections at once (isolation, advisory locks, LISTEN/NOTIFY), reload,
# stop. A backend is forked per connection; they share memory (an
# anonymous MAP_SHARED mapping, a SysV segment, POSIX shm) and semaphores
# and latches in it, and signal each other.
chmod 755 .; mkdir pg; chown postgres:postgres pg
w=$(pwd); bin=/usr/lib/postgresql/15/bin
pg() { setpriv --reuid=postgres --regid=postgres --init-groups env TZ=UTC "$@"; }
q() { pg $bin/psql -X -h "$w/pg" -d postgres "$@" 2>&1 | sed "s,$w,WORK,g"; }
pg $bin/initdb -N -A trust -U postgres --no-locale -E UTF8 -D pg/data 2>&1 | sed "s,$w,WORK,g"
pg $bin/pg_ctl -D pg/data -l pg/log -o "-k $w/pg -c listen_addresses= -c log_line_prefix=" -w start > /dev/null; echo "start $?"
pg $bin/pg_ctl -D pg/data status | sed "s/PID: [0-9]*/PID/; s,$w,WORK,g"
cat > s.sql <<'SQL'
CREATE TABLE t (id serial PRIMARY KEY, name text NOT NULL, n int CHECK (n >= 0));
INSERT INTO t (name, n) SELECT 'row' || i, i * i FROM generate_series(1, 1000) i;
CREATE INDEX t_n ON t (n);
SELECT count(*), sum(n), max(name) FROM t;
SELECT * FROM t WHERE n = 49;
BEGIN; UPDATE t SET n = 0 WHERE id <= 10; SAVEPOINT s; DELETE FROM t; ROLLBACK TO s; COMMIT;
SELECT count(*) FILTER (WHERE n = 0) AS zeros, count(*) FROM t;
BEGIN; INSERT INTO t (name, n) VALUES ('gone', 1); ROLLBACK;
INSERT INTO t (name, n) VALUES ('bad', -1);
SELECT name, length(name), upper(name), n::numeric / 7 AS r FROM t WHERE id IN (11, 500) ORDER BY id;
COPY (SELECT id, name, n FROM t WHERE id BETWEEN 11 AND 14 ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER);
CREATE TABLE c (a int, b text, d date);
COPY c FROM STDIN WITH (FORMAT csv);
1,one,2024-02-29
2,"two, quoted",1999-12-31
\.
SELECT a, b, d + 1 AS next FROM c ORDER BY a;
COPY c TO STDOUT WITH (FORMAT text);
CREATE FUNCTION fib(k int) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE a bigint := 0; b bigint := 1; x bigint;
BEGIN FOR i IN 1..k LOOP x := a + b; a := b; b := x; END LOOP; RETURN a; END $$;
SELECT fib(50), md5('abc'), to_char(date '2024-03-01' - 1, 'YYYY-MM-DD Dy');
WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 5) SELECT string_agg(i::text, ',') FROM r;
SELECT jsonb_pretty('{"a": [1, 2, {"b": null}]}'::jsonb);
ANALYZE t;
SET max_parallel_workers_per_gather = 2; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
EXPLAIN (COSTS OFF) SELECT count(*), sum(n) FROM t;
SELECT count(*), sum(n) FROM t;
SQL
q -f s.sql
# a second connection while the first holds a transaction open
mkfifo in1; q -q < in1 > out1 & p1=$!; exec 3> in1
printf "LISTEN ch;\nBEGIN;\nINSERT INTO t (name, n) VALUES ('open', 7);\nSELECT pg_advisory_lock(42);\n\\\\! touch pg/ready\n" >&3
n=0; until [ -e pg/ready ] || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
q -c "SELECT count(*) FROM t WHERE name = 'open'" -c "SELECT pg_try_advisory_lock(42)" -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'" -c "NOTIFY ch, 'hello'"
echo "COMMIT; SELECT 1 AS after;" >&3; exec 3>&-; wait $p1; echo "first $?"; sed 's/PID [0-9]*/PID/' out1
q -c "SELECT count(*) FROM t WHERE name = 'open'" -c "SELECT pg_try_advisory_lock(42)"
pg $bin/pg_ctl -D pg/data reload; echo "reload $?"
pg $bin/pg_ctl -D pg/data -m fast stop > /dev/null; echo "stop $?"
grep -e 'ready to accept' -e 'received' -e 'ERROR' -e 'system is shut down' -e 'STATEMENT' pg/log
q -c 'SELECT 1'; pg $bin/psql -X -h "$w/pg" -d postgres -c 'SELECT 1' > /dev/null 2>&1; echo "psql $?"
