# sqlite3 3.40: window functions (ROW_NUMBER, RANK, running sums with
# frames, LAG/LEAD, NTILE, FILTER, GROUPS/EXCLUDE), JSON1's json_each,
# json_tree, json_group_array and ->> paths, FTS5 with bm25 and snippet,
# generated columns, UPSERT, RETURNING, STRICT tables, a recursive CTE
# and a 200000-row transaction, printf/format of floats, math functions.
sqlite3 w.db <<'S'
CREATE TABLE sales(id INTEGER PRIMARY KEY, region TEXT, month INT, amount REAL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 24) INSERT INTO sales(region, month, amount) SELECT CASE i % 3 WHEN 0 THEN 'north' WHEN 1 THEN 'south' ELSE 'east' END, (i + 1) / 2, round(i * 17.25 % 101, 2) FROM n;
.mode column
.headers on
SELECT region, month, amount, ROW_NUMBER() OVER w AS rn, RANK() OVER (PARTITION BY region ORDER BY amount DESC) AS rk, DENSE_RANK() OVER (ORDER BY month) AS dr,
  sum(amount) OVER (PARTITION BY region ORDER BY month ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
  round(avg(amount) OVER (PARTITION BY region ORDER BY month ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), 3) AS mov,
  LAG(amount, 1, -1) OVER w AS prev, LEAD(month) OVER w AS nxt, NTILE(3) OVER (ORDER BY id) AS tile, FIRST_VALUE(amount) OVER w AS first, round(PERCENT_RANK() OVER (ORDER BY amount), 4) AS pr, round(CUME_DIST() OVER (ORDER BY amount), 4) AS cd
FROM sales WINDOW w AS (PARTITION BY region ORDER BY month, id) ORDER BY region, month, id LIMIT 12;
SELECT month, count(*) FILTER (WHERE amount > 50) AS big, sum(amount) OVER (ORDER BY month GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) AS g, group_concat(region, '+') OVER (ORDER BY month RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS gc FROM sales GROUP BY month, region HAVING month <= 4 ORDER BY month, region;
.mode list
.headers off
SELECT json_group_array(json_object('r', region, 'total', round(t, 2))) FROM (SELECT region, sum(amount) AS t FROM sales GROUP BY region ORDER BY region);
SELECT key, value, type FROM json_each('{"a":1,"b":[1,2.5,"x"],"c":{"d":null},"e":true,"f":1e400}');
SELECT fullkey, atom FROM json_tree('{"x":[{"y":1},{"y":[2,3]}]}') WHERE atom IS NOT NULL;
SELECT '{"a":{"b":[10,20,30]}}' -> '$.a.b', '{"a":{"b":[10,20,30]}}' ->> '$.a.b[#-1]', json_set('{"a":1}', '$.b', json('[1,2]'), '$.a', 0.1), json_remove('[1,2,3]', '$[1]'), json_patch('{"a":1,"b":2}', '{"b":null,"c":3}'), json_valid('{bad'), json_quote(1e-7), json_array_length('[[],{}]');
SELECT json('{"a" 1}');
CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize = 'porter');
INSERT INTO docs VALUES ('Running emulators', 'An emulator runs programs written for another machine'), ('Big endian', 'PowerPC machines run big endian or little endian code'), ('Cooking', 'Run to the market for fresh bread'), ('Machines', 'machine machine machine learning');
SELECT title, round(bm25(docs), 4), snippet(docs, 1, '[', ']', '...', 4) FROM docs WHERE docs MATCH 'run OR machine' ORDER BY bm25(docs), title;
SELECT title FROM docs WHERE docs MATCH 'title:endian AND body:powerpc'; SELECT title FROM docs WHERE docs MATCH '"little endian" NOT cooking'; SELECT count(*) FROM docs WHERE docs MATCH 'emul*';
SELECT highlight(docs, 0, '<', '>') FROM docs WHERE docs MATCH 'NEAR(machines run, 2)';
SELECT * FROM docs WHERE docs MATCH 'AND';
CREATE TABLE g(a INT, b INT, c INT GENERATED ALWAYS AS (a * b) STORED, d TEXT AS (printf('%05.1f', a / 3.0))) STRICT;
INSERT INTO g(a, b) VALUES (1, 2), (7, 3) RETURNING a, c, d;
INSERT INTO g(a, b) VALUES ('x', 1);
CREATE TABLE kv(k TEXT PRIMARY KEY, v INT, n INT DEFAULT 1);
INSERT INTO kv VALUES ('a', 1, 1), ('b', 2, 1); INSERT INTO kv(k, v) VALUES ('a', 10) ON CONFLICT(k) DO UPDATE SET v = v + excluded.v, n = n + 1 RETURNING *; SELECT * FROM kv ORDER BY k;
SELECT printf('%.3f|%e|%g|%10.4g|%-8.2f|%d|%x|%q|%Q|%w|%c|%,d', 3.14159265, 12345.6789, 0.0001, 1/3.0, 2.5, 9223372036854775807, 255, 'it''s', NULL, 'a"b', 'xyz', 1234567);
SELECT 0.1 + 0.2, 1e308 * 10, -1e308 * 10, 1 / 0, 5 / 2, 5 / 2.0, 7 % 3, -7 % 3, 1e-320, 9223372036854775807 + 1, CAST('12abc' AS INT), CAST(1e19 AS INT), CAST('0x10' AS INT), 0x10, round(2.5), round(-2.5), round(1234.5678, -2), abs(-9223372036854775807);
SELECT sqrt(2), pow(2, 0.5), exp(1), ln(10), log10(1000), log(2, 8), sin(pi() / 6), atan2(1, 1), ceil(-1.5), floor(-1.5), trunc(-1.5), mod(10, 3.5), degrees(pi()), sign(-3);
SELECT typeof(1), typeof(1.0), typeof('1'), typeof(x'01'), typeof(NULL), hex(zeroblob(3)), quote(x'00ff'), length('héllo'), length(CAST('héllo' AS BLOB)), unicode('é'), char(233, 0x263a), upper('straße'), instr('hello', 'll'), substr('hello', -3, 2), replace('aaa', 'a', 'bb'), trim('  x  '), ltrim('xxy', 'x'), format('%s-%d', 'a', 5);
SELECT strftime('%Y-%m-%d %H:%M:%f %j %w %s', '2024-02-29 13:45:30.123'), date('2024-01-31', '+1 month'), julianday('2000-01-01') , datetime(0, 'unixepoch'), time('12:00', '+90 minutes'), date('now') = date('now');
BEGIN; CREATE TABLE big(i INTEGER PRIMARY KEY, s TEXT, r REAL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) INSERT INTO big SELECT i, hex(randomblob(0) || i), i * 1.5 FROM n;
COMMIT;
SELECT count(*), sum(i), total(r), max(length(s)), avg(i) FROM big; CREATE INDEX bigr ON big(r); SELECT i FROM big WHERE r BETWEEN 2999.9 AND 3003.1; PRAGMA integrity_check; SELECT page_count > 100 FROM pragma_page_count();
SELECT nosuchfunc(1);
SELECT * FROM nosuch;
S
echo "status $?"; sqlite3 -json w.db 'SELECT region, month, amount FROM sales ORDER BY id LIMIT 3'; sqlite3 -csv -header w.db "SELECT * FROM kv ORDER BY k"; sqlite3 w.db '.schema g'; sqlite3 -box w.db 'SELECT 1 AS one, 2.5 AS two'
