python3 -c '
import sqlite3, os
c = sqlite3.connect("t.db")
c.execute("create table t(k text primary key, v real)")
c.executemany("insert into t values (?, ?)", [("a", 1.5), ("b", 2.25), ("c", -3)])
c.commit()
print(c.execute("select k, v from t order by v").fetchall())
print(c.execute("select total(v), count(*) from t").fetchone())
try: c.execute("insert into t values (?, ?)", ("a", 0))
except sqlite3.IntegrityError as e: print("IntegrityError", e)
c.close(); print(os.path.getsize("t.db") > 0)
'
