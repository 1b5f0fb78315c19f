# ruby 3.1 (threads, fork, Process.spawn, IO.popen, exceptions), groff
# (C++: troff, grotty) on a man page, and Rust programs (ripgrep, fd-find).
ruby -e 'puts [1,2,3].map{|x| x*2}.inspect; t=Thread.new{ 6*7 }; puts t.value
q = Queue.new; ths = 4.times.map{|i| Thread.new{ q << i*i } }; ths.each(&:join); puts 4.times.map{ q.pop }.sort.inspect
pid=fork{ exit 3 }; Process.wait(pid); puts $?.exitstatus
pid=Process.spawn("sh", "-c", "echo spawned; exit 4"); Process.wait(pid); puts $?.exitstatus
puts IO.popen(["echo","pop"]).read; IO.popen("cat", "r+"){|io| io.puts "via cat"; io.close_write; puts io.read }
begin; raise ArgumentError, "deep"; rescue => e; puts "#{e.class}: #{e.message}"; end
puts "%.3f %x %s" % [Math::PI, 255, :sym]; puts({a: 1, "b" => [2, 3]}.to_s)
require "json"; puts JSON.generate({"k" => [1, nil, true]}); puts JSON.parse("[1,2]").sum
require "digest"; puts Digest::SHA256.hexdigest("abc")[0, 16]'; echo "rc $?"
ruby -e 'raise "uncaught"' 2>&1 | sed 's/-e:1:in .*/-e:1: .../'; echo "rc $?"
printf '.TH T 1\n.SH NAME\nt \\- test\n.SH DESCRIPTION\nHello \\fBbold\\fR world.\n.TP\n.B \\-x\nAn option.\n' | groff -Tutf8 -man 2>&1; echo "rc $?"
printf '.TH T 1\n.SH NAME\nt\n' | groff -Tascii -man | grep -c NAME; echo "rc $?"
printf 'abc\nfoo bar\nFoo baz\n' > f; mkdir -p d/e; printf 'foo in d\n' > d/e/g.txt
rg -n foo . | sort; echo "rc $?"; rg -i -c foo f; rg --files | sort; rg nosuch; echo "rc $?"; rg '(' f; echo "rc $?"
fdfind -t f | sort; echo "rc $?"; fdfind -e txt; fdfind nosuch; echo "rc $?"
