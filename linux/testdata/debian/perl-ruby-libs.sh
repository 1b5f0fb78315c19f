# Perl's IPC::Run and IO::Pty, Ruby's rake, WEBrick, XMLRPC and SDBM
# (libipc-run-perl, libio-pty-perl, rake, ruby-webrick, ruby-xmlrpc,
# ruby-sdbm): IPC::Run's run with scalars and a pipeline, start/pump/finish
# of a bc coprocess, a child on a pseudo-terminal ('<pty<', '>pty>': the
# child says "ready" once its echo is off, then the parent types); IO::Pty
# with a forked writer; rake file tasks, a rule, a directory task, -T,
# a multitask (its threads' order is the scheduler's: only its result is
# printed), task arguments, a failing sh and an unknown task; a WEBrick
# server on 127.0.0.1 port 0 in a thread with Net::HTTP (GET, POST, 404) and
# an XML-RPC servlet (a call, a fault), SDBM, JSON.
# `stty -echo`'s status is not printed: under qemu-user 7.2 stty says
# "unable to perform all requested operations" (status 1) on any
# pseudo-terminal, where it is 0 natively on this host and under ppc64emu
# (docs/debian-corpus.md, Tried).
cat > ipcrun.pl <<'P'
use strict; use warnings;
use IPC::Run qw(run start pump finish timeout);
my ($in, $out, $err) = ("b\na\nc\n", '', '');
run ['sort'], \$in, \$out, \$err or die "sort: $?"; print "sorted: ", join(",", split /\n/, $out), "\n";
$out = '';
run ['sh', '-c', 'echo out; echo err >&2; exit 3'], '>', \$out, '2>', \$err; print "status ", $? >> 8, " out=$out err=$err";
$out = '';
run ['printf', 'x\ny\nx\n'], '|', ['sort'], '|', ['uniq', '-c'], '>', \$out; $out =~ s/ +/ /g; print "pipeline:$out";
my ($bin, $bout) = ('', '');
my $h = start ['bc', '-q'], \$bin, \$bout, timeout(120);
for my $e ('2^64', '7*6', 'scale=5; 1/7') { $bin = "$e\n"; pump $h until $bout =~ /\n\z/; chomp(my $r = $bout); print "bc $e = $r\n"; $bout = ''; }
$bin = "quit\n"; finish $h; print "bc exit ", $h->result, "\n";
my ($pin, $pout) = ('', '');
my $p = start ['sh', '-c', 'if [ -t 0 ] && [ -t 1 ]; then t="a tty"; else t="no tty"; fi; stty -echo 2>/dev/null; echo "ready, $t"; read x; echo "got $x"'],
  '<pty<', \$pin, '>pty>', \$pout, timeout(120);
pump $p until $pout =~ /ready.*\n/; $pin = "secret\n"; pump $p until $pout =~ /got.*\n/; finish $p; $pout =~ s/\r//g; print "pty: $pout";
eval { run ['nosuch-program'] }; print "missing: ", ($@ ? "error\n" : "none\n");
run ['false']; print "false ", $? >> 8, "\n";
P
perl ipcrun.pl 2>&1; echo "perl $?"
cat > pty.pl <<'P'
use IO::Pty; my $pty = IO::Pty->new; my $slave = $pty->slave; $pty->set_raw;
print "isatty ", (-t $slave ? 1 : 0), " name ", ($pty->ttyname =~ m{^/dev/pts/\d+$} ? "pts" : "other"), "\n";
my $pid = fork; if (!$pid) { close $pty; open STDOUT, ">&", $slave; $| = 1; print "hello from child\n"; exit 0 }
close $slave; my $buf = ''; while ($buf !~ /\n/) { sysread($pty, my $b, 100) or last; $buf .= $b } waitpid $pid, 0; $buf =~ s/\r//; print "read: $buf", "status $?\n";
P
perl pty.pl; echo "pty $?"
mkdir -p src && printf 'hello\n' > src/a.txt && printf 'world\n' > src/b.txt
cat > Rakefile <<'R'
SRC = FileList["src/*.txt"]
OUT = SRC.pathmap("out/%n.up")
directory "out"
rule ".up" => [proc { |t| t.pathmap("src/%n.txt") }, "out"] do |t|
  sh "tr a-z A-Z < #{t.source} > #{t.name}", verbose: false
  puts "built #{t.name}"
end
desc "all uppercased files"
task default: OUT do
  puts File.read("out/a.up") + File.read("out/b.up")
end
namespace :m do
  desc "parallel prerequisites"
  multitask par: %w[m:one m:two m:three] do puts "par done" end
  %w[one two three].each { |n| task(n) { File.write("m-#{n}", n) } }
end
task :fail do sh "exit 4" end
task :args, [:who, :n] do |t, a| puts "args #{a[:who]} #{a[:n]}" end
R
rake; echo "rake $?"; rake; echo "again $?"; touch -d '2030-01-01' src/a.txt; rake; rake -T
rake -j 2 m:par 'args[bob,3]'; cat m-one m-two m-three; echo
rake fail 2>&1 | grep -v '^/\|(See full'; rake nosuch 2>&1 | head -2
cat > web.rb <<'W'
require "webrick"; require "net/http"; require "xmlrpc/server"; require "xmlrpc/client"; require "sdbm"; require "json"
s = WEBrick::HTTPServer.new(Port: 0, BindAddress: "127.0.0.1", Logger: WEBrick::Log.new(File::NULL), AccessLog: [])
port = s.config[:Port]
s.mount_proc("/hi") { |req, res| res.body = "hi #{req.query['name']} #{req.request_method}"; res["X-T"] = "1" }
s.mount_proc("/echo") { |req, res| res.body = req.body.to_s.reverse; res.content_type = "text/plain" }
rpc = XMLRPC::WEBrickServlet.new
rpc.add_handler("sum") { |a, b| a + b }
rpc.add_handler("fail") { raise XMLRPC::FaultException.new(7, "no") }
s.mount("/RPC2", rpc)
t = Thread.new { s.start }
Net::HTTP.start("127.0.0.1", port) do |h|
  r = h.get("/hi?name=x"); puts r.code, r.body, r["X-T"]
  r = h.post("/echo", "abcdef"); puts r.code, r.body, r.content_type
  r = h.get("/nosuch"); puts r.code
end
c = XMLRPC::Client.new("127.0.0.1", "/RPC2", port)
puts c.call("sum", 40, 2)
ok, v = c.call2("fail"); puts ok, v.faultCode, v.faultString
s.shutdown; t.join
SDBM.open("db") { |d| 100.times { |i| d["k#{i}"] = "v" * i }; d.delete("k5") }
SDBM.open("db") { |d| puts d.size, d["k42"].size, d.key?("k5") }
puts JSON.generate({"a" => [1, 2.5, nil, true]})
W
ruby web.rb; echo "ruby $?"
