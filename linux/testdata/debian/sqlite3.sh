sqlite3 db.sqlite "create table t(a integer, b text); insert into t values (1,'one'),(2,'two'),(3,'three'); select count(*), sum(a) from t; select b from t where a > 1 order by b;"
sqlite3 db.sqlite 'select group_concat(b, "-") from t; pragma integrity_check;'
printf 'select 1+1;\n.mode csv\nselect * from t;\n.tables\n' | sqlite3 db.sqlite
sqlite3 :memory: 'with recursive c(x) as (select 1 union all select x+1 from c where x<100) select sum(x), avg(x), printf("%.2f", 1.0/3) from c;'
sqlite3 db.sqlite 'select * from nosuch;'; echo $?
