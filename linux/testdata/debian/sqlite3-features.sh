sqlite3 db "create virtual table doc using fts5(title, body); insert into doc values ('one', 'the quick brown fox'), ('two', 'lazy dogs sleep'), ('three', 'quick quick fox jumps');
select title, bm25(doc) < 0 from doc where doc match 'quick' order by rank; select highlight(doc, 1, '[', ']') from doc where doc match 'fox' order by title;"
sqlite3 :memory: "select json_object('a', 1, 'b', json_array(1, 2.5, 'x')); select json_extract('{\"a\":{\"b\":[10,20]}}', '\$.a.b[1]'); select key, value from json_each('[3,4]'); select json_valid('{'), json('{ \"x\" : 1 }');"
sqlite3 :memory: "select json_group_array(value) from generate_series(1,3);" 2>&1 | head -1
sqlite3 -batch :memory: "with recursive c(x) as (select 1 union all select x + 1 from c where x < 10) select group_concat(x), sum(x), avg(x), total(x) from c; select printf('%08.3f|%-5s|%x', 3.14159, 'ab', 255), upper('abc'), hex(zeroblob(3)), typeof(1.0), 7/2, 7%3, round(2.5), abs(-3);"
sqlite3 :memory: "create table t(a integer primary key, b text unique, c real default 1.5); insert into t(b) values ('x'), ('y'); insert into t(b) values ('x');" 2>&1; echo "uniq $?"
sqlite3 -header -column :memory: "create table t(n, s); insert into t values (1, 'alpha'), (22, 'b'); select * from t;"
sqlite3 -csv :memory: "select 1, 'a,b', 'q\"uote', null;"; sqlite3 -json :memory: "select 1 as n, 'x' as s;"; sqlite3 -line :memory: "select 1 as n, 2 as m;"
sqlite3 w.db "pragma journal_mode=wal; create table log(id integer primary key, who text); insert into log(who) values ('init');"
for i in 1 2 3 4; do sqlite3 -cmd '.timeout 5000' w.db "insert into log(who) values ('p$i');" & done; wait
sqlite3 -cmd '.timeout 5000' w.db "begin; insert into log(who) values ('reader-tx');" "select count(*) from log;" "commit;" > r1 & sqlite3 -cmd '.timeout 5000' w.db "select count(*) >= 5 from log;" > r2; wait; cat r1 r2
sqlite3 w.db "pragma journal_mode; select who from log order by who; pragma integrity_check; pragma wal_checkpoint(truncate);" | sed 's/^0|[0-9]*|[0-9]*$/ckpt/'
sqlite3 w.db .dump | head -4; sqlite3 w.db ".tables" ".schema log" ".mode tabs" "select id > 0, who from log order by who limit 2"
printf 'a,b\n1,2\n3,4\n' > in.csv; sqlite3 :memory: ".import --csv in.csv t" "select sum(a), sum(b) from t;" ".output out.txt" "select 42;" ".output stdout" ".shell cat out.txt" ".system echo sys"
sqlite3 :memory: "select nosuchfn(1);" 2>&1; echo "err $?"; sqlite3 -bail :memory: "select 1; select x; select 2;" 2>&1; echo "bail $?"
sqlite3 :memory: "select sqlite_compileoption_used('ENABLE_FTS5'), sqlite_compileoption_used('ENABLE_JSON1') or 1, length(randomblob(8)), datetime(0, 'unixepoch'), date('2024-02-28', '+1 day'), strftime('%s', '2000-01-01'), julianday('2000-01-01');"
