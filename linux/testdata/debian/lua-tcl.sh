lua5.4 -e 'local t={} for i=1,10 do t[#t+1]=i*i end print(table.concat(t,",")) print(string.format("%5.2f %x %q", math.pi, 255, "a\nb")) print(os.time{year=2020,month=1,day=1,hour=0}) print(math.maxinteger, 7//2, 7.0//2, 2^53, 1e308*10, -0.0)'
lua5.4 -e 'co=coroutine.wrap(function() for i=1,3 do coroutine.yield(i) end end) print(co(),co(),co()) print(pcall(error,"boom")) print(select("#",1,2,3)) print(("hello world"):gsub("o","0")) print(string.pack(">I4",1):byte(1,-1)) print(utf8.char(228,8364)) local f=io.popen("echo piped") print(f:read("a")) print(f:close())'
lua5.4 -e 'print(os.getenv("HOME")) local f=assert(io.open("t.txt","w")) f:write("x\n") f:close() for l in io.lines("t.txt") do print(l) end print(os.remove("t.txt")) print(os.remove("nosuch")) print(os.execute("exit 3")) print(collectgarbage("count")>0)'
echo 'print(undefined.x)' | lua5.4 -; echo "lua $?"; echo 'local a=1 return a+1' | luac5.4 -p -l - | grep -c ADD
tclsh8.6 <<'T'
puts [format "%.3f %s %s" [expr {acos(-1)}] [expr {2**70}] [string toupper abc]]
set d [dict create a 1 b 2]; dict for {k v} $d {puts "$k=$v"}
puts [lsort -integer {5 3 10 1}]; puts [regsub -all {o} "foo boo" 0]
proc fib n {expr {$n<2 ? $n : [fib [expr {$n-1}]]+[fib [expr {$n-2}]]}}; puts [fib 15]
set f [open t.txt w]; puts $f hello; close $f; set f [open t.txt]; puts [read $f]; close $f; file delete t.txt
puts [exec echo from-exec | tr a-z A-Z]; catch {exec false} e; puts "caught: $e"
puts [clock format 0 -gmt 1 -format "%Y-%m-%d %H:%M:%S"]; puts [clock scan "2020-01-01 00:00:00" -gmt 1]
puts [string length [binary format I 1]]; puts [string repeat ab 3]; puts [info patchlevel]
set c [open "|cat" r+]; puts $c piped; flush $c; chan close $c write; puts [gets $c]; close $c
after 10; puts [lindex [split "a:b:c" :] 1]; puts [file exists /usr/bin/tclsh8.6]
T
echo "tcl $?"; echo 'error oops' | tclsh8.6; echo "tclerr $?"
